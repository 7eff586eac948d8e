import { createHash } from 'node:crypto';

/** A seeded pseudo-random source: the same seed always yields the same notes. */
export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Fixed-length string of decimal digits. */
  digits(length: number): string;
}

/** 32-bit seed from any text (SHA-256 prefix), so seeds can be readable ("cnpj|ambiente|n"). */
export function seedFrom(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** mulberry32: tiny, fast and good enough for test data. */
export function createPrng(seed: number | string): Prng {
  let state = (typeof seed === 'string' ? seedFrom(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]!,
    digits: (length: number) => Array.from({ length }, () => String(int(0, 9))).join(''),
  };
}
