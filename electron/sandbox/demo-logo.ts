import { PNG } from 'pngjs';

type Rgb = readonly [number, number, number];

const NAVY: Rgb = [22, 48, 92];
const AMBER: Rgb = [240, 168, 36];
const WHITE: Rgb = [250, 250, 250];
const TYRE: Rgb = [30, 30, 30];
const HUB: Rgb = [200, 200, 200];

/** The demo company's logo: a dark-blue plate with an amber road stripe and a truck silhouette. */
export function demoLogoPng(): Buffer {
  const png = new PNG({ width: 240, height: 96 });
  const { width, height, data } = png;
  const paint = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
        const i = (y * width + x) * 4;
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        data[i + 3] = 255;
      }
    }
  };
  const disc = (cx: number, cy: number, radius: number, color: Rgb) => {
    for (let y = cy - radius; y <= cy + radius; y++) {
      for (let x = cx - radius; x <= cx + radius; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) paint(x, y, x + 1, y + 1, color);
      }
    }
  };
  paint(0, 0, width, height, NAVY);
  paint(0, 80, width, 86, AMBER);
  paint(40, 24, 150, 66, WHITE); // trailer
  paint(154, 36, 192, 66, WHITE); // cab
  paint(162, 42, 184, 52, NAVY); // window
  for (const cx of [64, 126, 176]) {
    disc(cx, 68, 9, TYRE);
    disc(cx, 68, 4, HUB);
  }
  return PNG.sync.write(png, { colorType: 6 });
}
