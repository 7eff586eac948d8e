import { deflateSync, inflateSync } from 'node:zlib';

/** An image ready for a PDF XObject: raw 8-bit samples, optionally with a separate alpha mask. */
export interface PdfImage {
  width: number;
  height: number;
  colorSpace: 'DeviceRGB' | 'DeviceGray';
  /** JPEG stays compressed (`DCTDecode`); PNG samples are re-deflated (`FlateDecode`). */
  filter: 'DCTDecode' | 'FlateDecode';
  data: Buffer;
  /** Deflated 8-bit alpha samples (PNG with transparency). */
  alpha?: Buffer;
}

function jpegImage(jpeg: Buffer): PdfImage | null {
  let i = 2;
  while (i + 9 < jpeg.length) {
    if (jpeg[i] !== 0xff) return null;
    const marker = jpeg[i + 1];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size and components.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const components = jpeg[i + 9];
      if (components !== 1 && components !== 3) return null;
      return {
        height: jpeg.readUInt16BE(i + 5),
        width: jpeg.readUInt16BE(i + 7),
        colorSpace: components === 1 ? 'DeviceGray' : 'DeviceRGB',
        filter: 'DCTDecode',
        data: jpeg,
      };
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return null;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reverses the per-row PNG filters (RFC 2083 §6). */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[row + x - bpp] : 0;
      const b = y > 0 ? out[row - stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[row - stride + x - bpp] : 0;
      const v = raw[src + x];
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type];
      if (predictor === undefined) throw new Error('filtro PNG inválido');
      out[row + x] = (v + predictor) & 0xff;
    }
  }
  return out;
}

/** 8-bit, non-interlaced PNG (gray, RGB, palette, with or without alpha); anything else → null. */
function pngImage(png: Buffer): PdfImage | null {
  let pos = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colorType = 0;
  let interlace = 0;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  while (pos + 8 <= png.length) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      [depth, colorType] = [data[8], data[9]];
      interlace = data[12];
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
  if (
    depth !== 8 ||
    interlace !== 0 ||
    !channels[colorType] ||
    width * height === 0 ||
    width * height > 4_000_000
  )
    return null;
  const bpp = channels[colorType];
  const pixels = unfilter(inflateSync(Buffer.concat(idat)), width, height, bpp);
  const gray = colorType === 0 || colorType === 4;
  const color = Buffer.alloc(width * height * (gray ? 1 : 3));
  const alpha = colorType === 4 || colorType === 6 ? Buffer.alloc(width * height) : undefined;
  for (let i = 0; i < width * height; i++) {
    const p = i * bpp;
    if (colorType === 3) {
      if (!palette) return null;
      palette.copy(color, i * 3, pixels[p] * 3, pixels[p] * 3 + 3);
    } else if (gray) {
      color[i] = pixels[p];
    } else {
      pixels.copy(color, i * 3, p, p + 3);
    }
    if (alpha) alpha[i] = pixels[p + bpp - 1];
  }
  return {
    width,
    height,
    colorSpace: gray ? 'DeviceGray' : 'DeviceRGB',
    filter: 'FlateDecode',
    data: deflateSync(color),
    ...(alpha ? { alpha: deflateSync(alpha) } : {}),
  };
}

/** Decodes a logo for embedding; null when the format is not supported (the PDF goes without it). */
export function pdfImage(bytes: Buffer): PdfImage | null {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegImage(bytes);
    if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
      return pngImage(bytes);
  } catch {
    return null;
  }
  return null;
}
