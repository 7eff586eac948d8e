import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

import type { SecretStore } from '../app/host';
import type { Logger } from '../app/logger';

const fileSchema = z.record(z.string(), z.string());
// Names are ours (e.g. `nuvemfiscal.clientSecret`); the pattern also keeps `__proto__` out.
const nameSchema = z.string().regex(/^[a-z0-9][a-z0-9._:-]{0,199}$/i);

// On Windows an antivirus or indexer briefly holding the target makes rename fail with EPERM/EBUSY.
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 4 || (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}

function checkName(name: string): void {
  if (!nameSchema.safeParse(name).success) {
    throw new TypeError(`invalid secret name: ${JSON.stringify(name)}`);
  }
}

/**
 * An access token past its expiry: the API client caches its OAuth tokens as `token:<id>` entries
 * whose JSON carries `expiresAt` (epoch ms, nuvemfiscal/token-manager.ts).
 */
function isExpiredToken(name: string, value: string, now: number): boolean {
  if (!name.startsWith('token:')) return false;
  try {
    const expiresAt = (JSON.parse(value) as { expiresAt?: unknown } | null)?.expiresAt;
    return typeof expiresAt === 'number' && expiresAt <= now;
  } catch {
    return false;
  }
}

/** Drops the expired access tokens of `data`; true when one was dropped. */
function dropExpiredTokens(data: Record<string, string>, now: number): boolean {
  const expired = Object.keys(data).filter((name) => isExpiredToken(name, data[name]!, now));
  for (const name of expired) delete data[name];
  return expired.length > 0;
}

/**
 * Secrets of the web host: one JSON file readable only by the user (mode 0600 on POSIX; on
 * Windows the per-user profile folder is what protects it). Writes go through a temp file and a
 * rename so a crash never leaves half a file. Values are never logged, not even on errors.
 * Expired access tokens are not kept: dropped when the store opens, at every write, and never
 * answered (a token of another credential or scope set would otherwise stay in the file for good).
 */
export function createWebSecretStore(
  dataDir: string,
  logger: Logger,
  fileName = 'secrets.json',
  options: {
    now?: () => number;
    /** Told once when the file was damaged; `copy` is where its content was kept (null: not kept). */
    onDamaged?: (copy: string | null) => void;
  } = {},
): SecretStore {
  const file = path.join(dataDir, fileName);
  const now = options.now ?? Date.now;
  let damageSeen = false;

  // The next write replaces the damaged file: its content is kept aside first, as the settings'.
  const keepDamaged = async (): Promise<void> => {
    if (damageSeen) return;
    damageSeen = true;
    const copy = file.replace(/\.json$/i, '') + '.corrupt.json';
    let kept: string | null = copy;
    try {
      await copyFile(file, copy);
      await chmod(copy, 0o600);
    } catch {
      kept = null;
    }
    options.onDamaged?.(kept);
  };
  // Writes are serialized: two concurrent set() calls must not lose one another's value.
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<Record<string, string>> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Falls through to the warning below; the content itself is never echoed.
    }
    logger.warn(`secrets: ${file} is not valid, starting with no secrets`);
    await keepDamaged();
    return {};
  };

  const save = async (data: Record<string, string>): Promise<void> => {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(data), { mode: 0o600 });
      // writeFile's mode is filtered by the umask and ignored for an existing file: make it exact.
      await chmod(temp, 0o600);
      await renameWithRetry(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  const mutate = (change: (data: Record<string, string>) => boolean): Promise<void> => {
    const run = queue.then(async () => {
      const data = await load();
      const pruned = dropExpiredTokens(data, now());
      if (change(data) || pruned) await save(data);
    });
    queue = run.catch(() => undefined);
    return run;
  };

  // A file left by an earlier run loses its expired tokens now, not at the next write.
  mutate(() => false).catch((error: unknown) =>
    logger.warn(`secrets: expired tokens not pruned: ${error instanceof Error ? error.name : 'Error'}`),
  );

  return {
    async get(name) {
      checkName(name);
      await queue;
      const value = (await load())[name] ?? null;
      if (value === null || !isExpiredToken(name, value, now())) return value;
      await mutate(() => false);
      return null;
    },
    async has(name) {
      checkName(name);
      await queue;
      const data = await load();
      return Object.hasOwn(data, name) && !isExpiredToken(name, data[name]!, now());
    },
    async set(name, value) {
      checkName(name);
      if (typeof value !== 'string') throw new TypeError('secret values must be strings');
      return mutate((data) => {
        data[name] = value;
        return true;
      });
    },
    async delete(name) {
      checkName(name);
      return mutate((data) => {
        if (!Object.hasOwn(data, name)) return false;
        delete data[name];
        return true;
      });
    },
  };
}
