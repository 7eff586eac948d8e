import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { AppError } from '../shared/errors';
import { MAX_LOGO_BYTES } from '../shared/schemas/certificate';

export type LogoType = 'image/png' | 'image/jpeg';

/** The image type by its first bytes, not by what the file claims to be. */
export function sniffImage(bytes: Buffer): LogoType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export function validateLogo(bytes: Buffer, declared: LogoType): LogoType {
  const actual = sniffImage(bytes);
  if (!actual) throw new AppError('logo_type', 'O arquivo não é uma imagem PNG ou JPEG.');
  if (actual !== declared)
    throw new AppError('logo_type', 'O conteúdo da imagem não corresponde ao tipo informado.');
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new AppError('logo_size', 'O logotipo passa de 200 KB. Reduza a imagem e tente de novo.');
  }
  return actual;
}

/** Local copies of the companies' logos, so printing works offline. */
export class LogoStore {
  constructor(private readonly dir: string) {}

  private file(cpfCnpj: string, type: LogoType): string {
    const safe = cpfCnpj.replace(/[^0-9A-Z]/g, '');
    return path.join(this.dir, `${safe}.${type === 'image/png' ? 'png' : 'jpg'}`);
  }

  async save(cpfCnpj: string, bytes: Buffer, type: LogoType): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.remove(cpfCnpj);
    await writeFile(this.file(cpfCnpj, type), bytes, { mode: 0o600 });
  }

  async load(cpfCnpj: string): Promise<{ bytes: Buffer; contentType: LogoType } | null> {
    for (const type of ['image/png', 'image/jpeg'] as const) {
      try {
        return { bytes: await readFile(this.file(cpfCnpj, type)), contentType: type };
      } catch {
        // try the other type
      }
    }
    return null;
  }

  async remove(cpfCnpj: string): Promise<void> {
    for (const type of ['image/png', 'image/jpeg'] as const)
      await rm(this.file(cpfCnpj, type), { force: true });
  }
}

export function toDataUrl(bytes: Buffer, contentType: string): string {
  return `data:${contentType};base64,${bytes.toString('base64')}`;
}
