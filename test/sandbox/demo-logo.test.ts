// The demonstração logo (sandbox/demo-logo.ts): a real PNG that any reader decodes to the drawing.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';

import { demoLogoPng } from '../../electron/sandbox/demo-logo';

describe('demo logo', () => {
  it('is a 240×96 RGBA PNG of the plate, the road stripe and the truck', () => {
    const bytes = demoLogoPng();
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height, png.colorType]).toEqual([240, 96, 6]);
    const at = (x: number, y: number) => [...png.data.subarray((y * 240 + x) * 4, (y * 240 + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([22, 48, 92, 255]); // plate
    expect(at(10, 82)).toEqual([240, 168, 36, 255]); // road stripe
    expect(at(50, 30)).toEqual([250, 250, 250, 255]); // trailer
    expect(at(170, 45)).toEqual([22, 48, 92, 255]); // cab window
    expect(at(71, 68)).toEqual([30, 30, 30, 255]); // tyre
    expect(at(64, 68)).toEqual([200, 200, 200, 255]); // hub
    expect(demoLogoPng().equals(bytes)).toBe(true);
  });
});
