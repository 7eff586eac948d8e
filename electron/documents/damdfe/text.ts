// Text measurement for the DAMDFE. The sheets are laid out before any rendering (the page count is
// printed on every sheet), so each free text is wrapped here into lines that must fit their box.
// Widths are the advance widths of Helvetica-Bold (Adobe AFM, in 1/1000 em), which Arial Bold and
// Liberation Sans Bold match: bold is never narrower than regular, so a line measured here fits in
// either weight. Characters outside the table count as the widest capital.
import { wrapWith } from '../html/page';

const WIDTHS: Record<string, number> = {
  ' ': 278,
  '!': 333,
  '"': 474,
  '#': 556,
  $: 556,
  '%': 889,
  '&': 722,
  "'": 238,
  '(': 333,
  ')': 333,
  '*': 389,
  '+': 584,
  ',': 278,
  '-': 333,
  '.': 278,
  '/': 278,
  ':': 333,
  ';': 333,
  '<': 584,
  '=': 584,
  '>': 584,
  '?': 611,
  '@': 975,
  '[': 333,
  '\\': 278,
  ']': 333,
  _: 556,
  '|': 280,
  '–': 556,
  '→': 1000,
  º: 365,
  ª: 370,
};
const UPPER: Record<string, number> = {
  A: 722,
  B: 722,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 556,
  K: 722,
  L: 611,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
};
const LOWER: Record<string, number> = {
  a: 556,
  b: 611,
  c: 556,
  d: 611,
  e: 556,
  f: 333,
  g: 611,
  h: 611,
  i: 278,
  j: 278,
  k: 556,
  l: 278,
  m: 889,
  n: 611,
  o: 611,
  p: 611,
  q: 611,
  r: 389,
  s: 556,
  t: 333,
  u: 611,
  v: 556,
  w: 778,
  x: 556,
  y: 556,
  z: 500,
};

const PT_TO_MM = 25.4 / 72;
const FALLBACK = 1000;

const memo = new Map<string, number>();

function charWidth(ch: string): number {
  let width = memo.get(ch);
  if (width === undefined) {
    const base = ch >= '0' && ch <= '9' ? '0' : (ch.normalize('NFD')[0] ?? ch);
    width = base === '0' ? 556 : (WIDTHS[ch] ?? UPPER[base] ?? LOWER[base] ?? FALLBACK);
    if (memo.size < 4096) memo.set(ch, width);
  }
  return width;
}

/** Width in mm of `text` set in `pt` points. */
export function measureMm(text: string, pt: number): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return (units / 1000) * pt * PT_TO_MM;
}

/**
 * Greedy word wrap into lines no wider than `widthMm` (a word longer than a line is cut). Every
 * paragraph of the text starts a new line; blank paragraphs are dropped.
 */
export function wrapLines(text: string, widthMm: number, pt: number): string[] {
  return wrapWith(text, (s) => measureMm(s, pt) <= widthMm);
}
