// A backup is inflated within bounds: a ZIP that inflates to more than 1 GiB (a "ZIP bomb") is
// refused with a clear message while the process's peak memory stays flat, whether its sizes are
// declared honestly, contradict the manifest, or lie about what the deflate stream holds.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { silentLogger } from '../../electron/app/logger';
import { BackupService } from '../../electron/app/backup/backup';
import { CacheHolder } from '../../electron/app/backup/cache-holder';
import { MAX_BACKUP_DATABASE_BYTES } from '../../electron/shared/schemas/documents';

const MiB = 1024 * 1024;
/** Past the 1 GiB maximum, so the honest variant is refused by the maximum alone. */
const BOMB_BYTES = MAX_BACKUP_DATABASE_BYTES + MiB;

interface Entry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc: number;
  declaredSize: number;
}

/** A minimal ZIP writer that declares whatever uncompressed size it is told (fflate always tells the truth). */
function zip(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.declaredSize, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    parts.push(local, name, entry.data);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** 1 GiB of zeros, deflated in 1 MiB steps (about 1 MiB of output; never 1 GiB in memory). */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(MiB);
  for (let written = 0; written < size; written += MiB) {
    if (!deflate.write(zeros.subarray(0, Math.min(MiB, size - written))))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

function stored(name: string, text: string): Entry {
  const data = Buffer.from(text);
  return { name, data, method: 0, crc: zlib.crc32(data), declaredSize: data.length };
}

function manifest(databaseSize: number) {
  return JSON.stringify({
    format: 'carreta-backup',
    formatVersion: 1,
    appVersion: '0.1.0',
    schemaVersion: 1,
    createdAt: '2026-11-25T10:00:00.000Z',
    databaseSha256: createHash('sha256').update('qualquer').digest('hex'),
    databaseSize,
  });
}

/** The process's peak resident memory (bytes) so far; monotonic, so a spike cannot hide between samples. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

describe('backup restore within bounds', () => {
  let root: string;
  let service: BackupService;
  let bomb: Buffer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'carreta-bomb-'));
    service = new BackupService(new CacheHolder(path.join(root, 'carreta.db'), silentLogger), root, '0.1.0');
    bomb = await deflatedZeros(BOMB_BYTES);
    expect(bomb.length).toBeLessThan(8 * MiB);
  }, 120_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const cases: [string, number, number, RegExp][] = [
    // [what, manifest size, central directory size, message detail]
    ['sizes declared honestly, over the maximum', BOMB_BYTES, BOMB_BYTES, /1 GB de banco/],
    ['the ZIP declares more than the manifest', MiB, 2 * MiB, /não é uma cópia de segurança válida/],
    ['both lie: 1 MiB declared, 1 GiB in the stream', MiB, MiB, /não é uma cópia de segurança válida/],
  ];

  it.each(cases)(
    '%s: refused, memory flat',
    async (_what, manifestSize, declaredSize, message) => {
      const file = zip([
        stored('manifest.json', manifest(manifestSize)),
        stored('settings.json', '{}'),
        { name: 'carreta.db', data: bomb, method: 8, crc: 0, declaredSize },
      ]);
      const before = peakRss();
      const error = await service.validate(file).then(
        () => null,
        (reason: unknown) => reason as Error & { code: string; detail?: string },
      );
      const grown = peakRss() - before;
      expect(error?.message).toMatch(message);
      expect(error?.code).toMatch(/^backup_(invalid|too_large)$/);
      // Inflating the bomb in memory would raise the peak by 1 GiB; the bounded path by a few MiB.
      expect(grown).toBeLessThan(192 * MiB);
      // Nothing half-inflated is left behind.
      expect(readdirSync(root).filter((name) => name.startsWith('restore-'))).toEqual([]);
    },
    60_000,
  );

  it('a file larger than the maximum is refused before it is opened', async () => {
    const huge = Buffer.alloc(256 * MiB + 1);
    const error = await service.validate(huge).then(
      () => null,
      (reason: unknown) => reason as { code: string; message: string },
    );
    expect(error?.code).toBe('backup_too_large');
    expect(error?.message).toMatch(/256 MB/);
  });

  it('an unexpected entry or an oversized manifest is refused without inflating', async () => {
    const extra = zip([
      stored('manifest.json', manifest(10)),
      stored('carreta.db', '0123456789'),
      stored('../fora.txt', 'x'),
    ]);
    await expect(service.validate(extra)).rejects.toMatchObject({ code: 'backup_invalid' });
    const big = zip([
      { ...stored('manifest.json', manifest(10)), declaredSize: 512 * MiB },
      stored('carreta.db', '0123456789'),
    ]);
    await expect(service.validate(big)).rejects.toMatchObject({ code: 'backup_invalid' });
  });
});
