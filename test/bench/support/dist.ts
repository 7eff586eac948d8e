// The built renderer for benchmarks: rebuilt with `vite build --mode web` when missing or older
// than its sources, so a figure never describes yesterday's bundle.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { note } from '../types';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const distDir = path.join(projectRoot, 'dist');

const sources = [
  'renderer',
  path.join('electron', 'shared'),
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

async function newestMtime(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of await readdir(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, await newestMtime(path.join(entry, child)));
  }
  return newest;
}

export async function distIsStale(): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = (await stat(index)).mtimeMs;
  for (const source of sources) {
    if ((await newestMtime(path.join(projectRoot, source))) > built) return true;
  }
  return false;
}

export async function ensureWebBuild(): Promise<void> {
  if (!(await distIsStale())) return;
  note('dist/ is missing or stale: running vite build --mode web');
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  await new Promise<void>((resolve, reject) => {
    // stdout of the build goes to our stderr: stdout carries only figures.
    const child = spawn(process.execPath, [vite, 'build', '--mode', 'web'], {
      cwd: projectRoot,
      stdio: ['ignore', 2, 2],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

/** The JS the browser fetches before anything else: the entry module and its modulepreload links. */
export async function initialScripts(): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isEntry = /^<script/i.test(tag) && /type=["']module["']/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel=["']modulepreload["']/i.test(tag);
    const url = /(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if ((isEntry || isPreload) && url && !/^[a-z]+:/i.test(url))
      found.add(path.join(distDir, url.replace(/^\.?\//, '')));
  }
  if (found.size === 0) throw new Error('dist/index.html has no module script');
  return [...found];
}
