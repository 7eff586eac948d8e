import { writeFileSync } from 'node:fs';
import path from 'node:path';

import Conf from 'conf';

import type { Logger } from '../logger';

/** The few operations the hosts need from a JSON file store; values are validated by the caller. */
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
  /** Folder of the file: the app's data folder in production, a temporary folder in tests. */
  cwd: string;
  logger: Logger;
  /**
   * Called once when the file on disk could not be read and the store started empty; `copy` is
   * where the damaged content was kept (null when even that copy failed).
   */
  onDamaged?: (copy: string | null) => void;
}

/**
 * Opens a JSON file store (`conf`, what electron-store wraps; atomic writes) that survives a
 * damaged file: a file that is not a JSON object (power cut in the middle of an antivirus scan, a
 * user's edit) is copied aside as `<name>.corrupt.json` and read as empty, so the app starts with
 * defaults instead of refusing to open. Dots in keys are literal (a secret named
 * `nuvemfiscal.client_secret` is one key, not a nested object). Both hosts use this one store.
 */
export function openJsonStore(options: JsonStoreOptions): JsonStore {
  const { name, logger } = options;
  const storePath = path.join(options.cwd, `${name}.json`);
  let copy: string | null | undefined;
  const conf = new Conf<Record<string, unknown>>({
    cwd: options.cwd,
    configName: name,
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
        // The message names the position, never the content (a secrets file is read here too).
        logger.warn(`store ${name}: unreadable file, starting from defaults`, errorName(error));
        if (copy === undefined) copy = keepCorruptCopy(storePath, text, logger);
        return {};
      }
    },
  });
  if (copy !== undefined) {
    // Rewrite the damaged file once (its copy is kept) so every later read does not warn again.
    conf.clear();
    options.onDamaged?.(copy);
  }
  return {
    path: conf.path,
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
    has: (key) => conf.has(key),
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

function keepCorruptCopy(storePath: string, text: string, logger: Logger): string | null {
  const copy = storePath.replace(/\.json$/i, '') + '.corrupt.json';
  try {
    writeFileSync(copy, text, { mode: 0o600 });
    return copy;
  } catch (error) {
    logger.warn('could not keep a copy of the damaged store file', errorName(error));
    return null;
  }
}
