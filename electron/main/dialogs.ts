import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import type { BrowserWindow, Dialog } from 'electron';

import type { PickFileOptions } from '../app/host';
import { AppError } from '../shared/errors';

/** The native open-file dialog, reading the chosen file in the main process. */
export function createFilePicker(dialog: Pick<Dialog, 'showOpenDialog'>, window: () => BrowserWindow | null) {
  return async (options: PickFileOptions): Promise<{ fileName: string; bytes: Buffer } | null> => {
    const parent = window();
    const dialogOptions = {
      title: options.title,
      filters: options.filters,
      properties: ['openFile' as const],
    };
    const result = parent
      ? await dialog.showOpenDialog(parent, dialogOptions)
      : await dialog.showOpenDialog(dialogOptions);
    const file = result.filePaths[0];
    if (result.canceled || !file) return null;
    const info = await stat(file);
    if (!info.isFile()) throw new AppError('file_invalid', 'O item escolhido não é um arquivo.');
    // Each caller passes the cap its command's input has (certificate 256 KB, backup 256 MB).
    if (info.size > options.maxBytes) {
      throw new AppError(
        'file_too_large',
        `O arquivo escolhido é grande demais (máximo ${formatSize(options.maxBytes)}).`,
        { detail: `${info.size} bytes` },
      );
    }
    return { fileName: path.basename(file), bytes: await readFile(file) };
  };
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
