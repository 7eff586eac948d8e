// Before a restore replaces the database, the current one is kept as a dated copy in its own
// folder of the data folder. No restore ever deletes or overwrites one (each name is new), so the
// work of any day before a restore can be brought back — through the same checks as a backup.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const KEPT_DIR = 'bancos-anteriores';
const PREFIX = 'carreta-antes-da-restauracao-';
const NAME =
  /^carreta-antes-da-restauracao-(\d{4})-(\d{2})-(\d{2})_(\d{2})-(\d{2})-(\d{2})(?:-(\d{1,3}))?\.db$/;

export interface KeptCopy {
  name: string;
  /** When it was kept (from its name: this computer's time then; ISO instant). */
  keptAt: string;
  size: number;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `carreta-antes-da-restauracao-2026-05-04_14-03-09.db` (this computer's time), unique in `dir`. */
export function keptFileName(dir: string, now: Date): string {
  const stamp =
    `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}_` +
    `${two(now.getHours())}-${two(now.getMinutes())}-${two(now.getSeconds())}`;
  for (let n = 1; n < 1000; n++) {
    const name = `${PREFIX}${stamp}${n === 1 ? '' : `-${n}`}.db`;
    if (!existsSync(path.join(dir, name))) return name;
  }
  throw new Error('Too many kept copies in the same second.');
}

export function isKeptName(name: string): boolean {
  return NAME.test(name);
}

/** The kept copies, newest first. */
export function listKept(dir: string): KeptCopy[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const copies: Array<KeptCopy & { order: number }> = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [y, mo, d, h, mi, s, n] = match.slice(1).map((part) => Number(part ?? 1));
    const at = new Date(y!, mo! - 1, d, h, mi, s);
    try {
      const stat = statSync(path.join(dir, name));
      if (stat.isFile())
        copies.push({ name, keptAt: at.toISOString(), size: stat.size, order: at.getTime() * 1000 + n! });
    } catch {
      // Removed meanwhile: not listed.
    }
  }
  return copies.sort((a, b) => b.order - a.order).map(({ order: _order, ...copy }) => copy);
}
