import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFileLogger } from '../../electron/main/file-logger';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carreta-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('file logger', () => {
  it('appends levelled lines with error stacks and mirrors to the given logger', () => {
    const mirror = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const logger = createFileLogger(join(dir, 'logs'), mirror);
    logger.info('iniciando', { a: 1 });
    logger.error('falhou', new Error('disco cheio'));
    const text = readFileSync(join(dir, 'logs', 'carreta.log'), 'utf8');
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\S+ INFO iniciando \{"a":1\}$/m);
    expect(text).toContain('ERROR falhou Error: disco cheio');
    expect(mirror.info).toHaveBeenCalledWith('iniciando', { a: 1 });
    expect(mirror.error).toHaveBeenCalledTimes(1);
  });

  it('rotates a large file, keeping one previous copy', () => {
    const folder = join(dir, 'logs');
    const logger = createFileLogger(folder, null);
    logger.info('primeira');
    writeFileSync(join(folder, 'carreta.log'), 'x'.repeat(2 * 1024 * 1024 + 1));
    logger.warn('depois da rotação');
    expect(readFileSync(join(folder, 'carreta.log'), 'utf8')).toMatch(/WARN depois da rotação\n$/);
    expect(existsSync(join(folder, 'carreta.old.log'))).toBe(true);
  });

  it('never throws when the folder cannot be written', () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'a file where a folder should be');
    const logger = createFileLogger(join(blocker, 'logs'), null);
    expect(() => logger.error('sem disco', { circular: globalThis })).not.toThrow();
  });
});
