import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key of the key vault for the sandbox run on its own (`npm run sandbox -- --data …`): 32 random
 * bytes in base64, in a file readable only by the user (0600; on Windows the profile folder protects
 * it), made on the first start and read on the next ones. The embedded sandbox keeps its key in the
 * app's secret store instead. An existing file that holds no key is never overwritten: it may be
 * something else the option was pointed at by mistake.
 */
export async function loadOrCreateVaultKey(file: string): Promise<Buffer> {
  const existing = await readKey(file);
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start made it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readKey(file))!;
    throw error;
  }
  await chmod(file, 0o600);
  return key;
}

async function readKey(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text.trim()) || key.length !== 32)
    throw new Error(
      `${file} não contém uma chave do cofre do sandbox (32 bytes em base64); nada foi alterado`,
    );
  return key;
}
