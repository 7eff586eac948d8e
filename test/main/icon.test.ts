import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';

import { renderIcon } from '../../scripts/make-icon';
import { projectRoot } from '../support/shared';

function icoEntries(ico: Buffer) {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const base = 6 + index * 16;
    const size = ico.readUInt8(base) || 256;
    const length = ico.readUInt32LE(base + 8);
    const offset = ico.readUInt32LE(base + 12);
    return { size, data: ico.subarray(offset, offset + length) };
  });
}

describe('application icons', () => {
  it('icon.png is a square PNG of at least 256 px', () => {
    const png = PNG.sync.read(readFileSync(join(projectRoot, 'resources', 'icon.png')));
    expect(png.width).toBe(png.height);
    expect(png.width).toBeGreaterThanOrEqual(256);
  });

  it('icon.ico holds valid PNG entries up to 256 px, made by scripts/make-icon.ts', () => {
    const entries = icoEntries(readFileSync(join(projectRoot, 'resources', 'icon.ico')));
    expect(entries.map((entry) => entry.size)).toContain(256);
    for (const entry of entries) {
      const png = PNG.sync.read(entry.data);
      expect([png.width, png.height]).toEqual([entry.size, entry.size]);
    }
    const largest = entries.find((entry) => entry.size === 256)!;
    expect(largest.data.equals(renderIcon(256))).toBe(true);
  });
});
