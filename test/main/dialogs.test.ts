import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

import { createFilePicker } from '../../electron/main/dialogs';

describe('file picker', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carreta-pick-'));
  const file = path.join(dir, 'certificado.pfx');
  writeFileSync(file, Buffer.from([1, 2, 3]));

  it('reads the chosen file in the main process', async () => {
    const showOpenDialog = vi.fn().mockResolvedValue({ canceled: false, filePaths: [file] });
    const pick = createFilePicker({ showOpenDialog }, () => null);
    const picked = await pick({ title: 'x', filters: [{ name: 'pfx', extensions: ['pfx'] }], maxBytes: 3 });
    expect(picked).toEqual({ fileName: 'certificado.pfx', bytes: Buffer.from([1, 2, 3]) });
    expect(showOpenDialog.mock.calls[0]?.[0]).toMatchObject({ properties: ['openFile'] });
  });

  it('returns null when cancelled and refuses a folder', async () => {
    const cancelled = createFilePicker(
      { showOpenDialog: vi.fn().mockResolvedValue({ canceled: true, filePaths: [] }) },
      () => null,
    );
    expect(await cancelled({ title: 'x', filters: [], maxBytes: 10 })).toBeNull();
    const folder = createFilePicker(
      { showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [dir] }) },
      () => null,
    );
    await expect(folder({ title: 'x', filters: [], maxBytes: 10 })).rejects.toThrow(/não é um arquivo/);
  });

  it("refuses a file larger than the caller's cap before reading it", async () => {
    const pick = createFilePicker(
      { showOpenDialog: vi.fn().mockResolvedValue({ canceled: false, filePaths: [file] }) },
      () => null,
    );
    await expect(pick({ title: 'x', filters: [], maxBytes: 2 })).rejects.toMatchObject({
      code: 'file_too_large',
    });
  });
});
