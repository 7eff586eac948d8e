import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import ElectronStore from 'electron-store';

import type { Logger } from '../app/logger';

/** The few operations the shell needs from a JSON file store; values are validated by the caller. */
export interface JsonStore {
  readonly path: string;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  has(key: string): boolean;
}

export interface JsonStoreOptions {
  /** File name without extension, inside `cwd`. */
  name: string;
  /** Folder of the file: the app's userData folder in production, a temporary folder in tests. */
  cwd: string;
  logger: Logger;
}

/**
 * Opens an electron-store file that survives a damaged file: a file that is not JSON (power cut in
 * the middle of an antivirus scan, a user's edit) is copied aside as `<name>.corrupt.json` and read as
 * empty, so the app starts with defaults instead of refusing to open. Dots in keys are literal (a
 * secret named `nuvemfiscal.client_secret` is one key, not a nested object).
 */
export function openJsonStore(options: JsonStoreOptions): JsonStore {
  const { name, logger } = options;
  const storePath = join(options.cwd, `${name}.json`);
  let damaged = false;
  const store = new ElectronStore<Record<string, unknown>>({
    name,
    cwd: options.cwd,
    // Readable by the user only (POSIX; Windows ignores the mode).
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    deserialize: (text: string) => {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, unknown>;
        throw new SyntaxError('top-level value is not an object');
      } catch (error) {
        logger.warn(`store ${name}: unreadable file, starting from defaults`, String(error));
        keepCorruptCopy(storePath, text, logger);
        damaged = true;
        return {};
      }
    },
  });
  // Rewrite the damaged file once (its copy is kept) so every later read does not warn again.
  if (damaged) store.clear();
  return {
    path: store.path,
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    has: (key) => store.has(key),
  };
}

function keepCorruptCopy(storePath: string, text: string, logger: Logger): void {
  try {
    writeFileSync(storePath.replace(/\.json$/i, '') + '.corrupt.json', text);
  } catch (error) {
    logger.warn('could not keep a copy of the damaged store file', String(error));
  }
}
