// Pixel comparison for the printout snapshots: grayscale images, a per-pixel tolerance, and a diff
// image that marks the pixels past it in red over a faded copy of the expected image.
import { PNG } from 'pngjs';

export interface GrayImage {
  width: number;
  height: number;
  /** One byte of luminance per pixel, row by row. */
  data: Uint8Array;
}

export function toGray(png: Uint8Array): GrayImage {
  const image = PNG.sync.read(Buffer.from(png));
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0, p = 0; p < data.length; i += 4, p++) {
    const alpha = (image.data[i + 3] ?? 255) / 255;
    const luma =
      0.299 * (image.data[i] ?? 0) + 0.587 * (image.data[i + 1] ?? 0) + 0.114 * (image.data[i + 2] ?? 0);
    // Transparent pixels are paper (white).
    data[p] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width: image.width, height: image.height, data };
}

/** Grayscale PNG at the strongest compression: the baselines are committed and must stay small. */
export function writeGray(image: GrayImage): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 0, inputColorType: 0 });
  png.data = Buffer.from(image.data);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, deflateLevel: 9, filterType: -1 });
}

export interface DiffResult {
  sameSize: boolean;
  /** Pixels whose luminance differs by more than the tolerance. */
  differing: number;
  ratio: number;
  /** RGBA PNG of the differences (red) over the faded expected image. */
  diffPng: Buffer;
}

export function diffImages(expected: GrayImage, actual: GrayImage, tolerance: number): DiffResult {
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const out = new PNG({ width, height });
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const e =
        x < expected.width && y < expected.height ? (expected.data[y * expected.width + x] ?? 255) : -1;
      const a = x < actual.width && y < actual.height ? (actual.data[y * actual.width + x] ?? 255) : -1;
      const o = (y * width + x) * 4;
      const bad = e < 0 || a < 0 || Math.abs(e - a) > tolerance;
      if (bad) differing += 1;
      const faded = 255 - Math.round((255 - Math.max(e, 0)) * 0.25);
      out.data[o] = bad ? 230 : faded;
      out.data[o + 1] = bad ? 0 : faded;
      out.data[o + 2] = bad ? 0 : faded;
      out.data[o + 3] = 255;
    }
  }
  return {
    sameSize: expected.width === actual.width && expected.height === actual.height,
    differing,
    ratio: differing / (width * height),
    diffPng: PNG.sync.write(out),
  };
}
