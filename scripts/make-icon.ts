// Draws the Carreta mark (an amber "C" with motion dashes on a dark blue tile) and writes
// resources/icon.png (512 px) and resources/icon.ico (PNG-compressed entries, 16–256 px).
// Run with `npx tsx scripts/make-icon.ts`; the outputs are committed, so packaging needs no tool.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PNG } from 'pngjs';

type Rgba = [number, number, number, number];

const navyTop: Rgba = [22, 62, 104, 255];
const navyBottom: Rgba = [10, 34, 64, 255];
const amber: Rgba = [245, 166, 35, 255];

const SUPERSAMPLE = 4;

/** Shapes in unit coordinates (0..1, y down). */
function insideTile(x: number, y: number): boolean {
  const margin = 0.03;
  const radius = 0.19;
  const lo = margin + radius;
  const hi = 1 - margin - radius;
  const cx = Math.min(Math.max(x, lo), hi);
  const cy = Math.min(Math.max(y, lo), hi);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function insideC(x: number, y: number): boolean {
  const cx = 0.45;
  const cy = 0.5;
  const distance = Math.hypot(x - cx, y - cy);
  if (distance < 0.2 || distance > 0.33) return false;
  // The opening faces right (the direction of travel), ±42°.
  const angle = Math.atan2(y - cy, x - cx);
  return Math.abs(angle) > (42 * Math.PI) / 180;
}

function insideDashes(x: number, y: number): boolean {
  const dashes = [
    { x0: 0.63, x1: 0.86, y: 0.5 },
    { x0: 0.71, x1: 0.84, y: 0.385 },
    { x0: 0.71, x1: 0.84, y: 0.615 },
  ];
  const half = 0.035;
  return dashes.some((dash) => {
    if (y < dash.y - half || y > dash.y + half) return false;
    // Rounded ends.
    if (x >= dash.x0 && x <= dash.x1) return true;
    const end = x < dash.x0 ? dash.x0 : dash.x1;
    return Math.hypot(x - end, y - dash.y) <= half;
  });
}

function colourAt(x: number, y: number): Rgba | null {
  if (!insideTile(x, y)) return null;
  if (insideC(x, y) || insideDashes(x, y)) return amber;
  const t = y;
  return navyTop.map((channel, i) => Math.round(channel + (navyBottom[i] - channel) * t)) as Rgba;
}

export function renderIcon(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const colour = colourAt(
            (px + (sx + 0.5) / SUPERSAMPLE) / size,
            (py + (sy + 0.5) / SUPERSAMPLE) / size,
          );
          if (!colour) continue;
          // Premultiplied, so edges blend towards transparent instead of towards black.
          for (let i = 0; i < 3; i++) sum[i] += colour[i] * (colour[3] / 255);
          sum[3] += colour[3];
        }
      }
      const offset = (py * size + px) * 4;
      const alpha = sum[3] / samples;
      for (let i = 0; i < 3; i++)
        png.data[offset + i] = alpha > 0 ? Math.round((sum[i] / samples / alpha) * 255) : 0;
      png.data[offset + 3] = Math.round(alpha);
    }
  }
  return PNG.sync.write(png);
}

/** An ICO container whose entries are PNG images (valid since Windows Vista). */
export function buildIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  images.forEach(({ size, png }, index) => {
    const base = index * 16;
    entries.writeUInt8(size >= 256 ? 0 : size, base);
    entries.writeUInt8(size >= 256 ? 0 : size, base + 1);
    entries.writeUInt8(0, base + 2);
    entries.writeUInt8(0, base + 3);
    entries.writeUInt16LE(1, base + 4);
    entries.writeUInt16LE(32, base + 6);
    entries.writeUInt32LE(png.length, base + 8);
    entries.writeUInt32LE(offset, base + 12);
    offset += png.length;
  });
  return Buffer.concat([header, entries, ...images.map((image) => image.png)]);
}

function main(): void {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = path.join(here, '..', 'resources');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'icon.png'), renderIcon(512));
  const sizes = [16, 24, 32, 48, 64, 128, 256];
  writeFileSync(path.join(out, 'icon.ico'), buildIco(sizes.map((size) => ({ size, png: renderIcon(size) }))));
  console.log(`icon.png (512 px) e icon.ico (${sizes.join(', ')} px) gravados em ${out}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
