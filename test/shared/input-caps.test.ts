// Every command input that carries a file's contents has a cap, the same one the screen checks
// before reading the file: a certificate 256 KB, a logo 200 KB, an NF-e XML 5 MB (20 MB per
// import), a backup 256 MB. Just under passes, just over is refused with a Portuguese message.
import { describe, expect, it } from 'vitest';

import { commands } from '../../electron/shared/contract';
import { MAX_LOGO_BYTES, MAX_PFX_BYTES } from '../../electron/shared/schemas/certificate';
import { MAX_BACKUP_FILE_BYTES } from '../../electron/shared/schemas/documents';
import { MAX_NFE_IMPORT_BYTES, MAX_NFE_XML_BYTES } from '../../electron/shared/schemas/issuing';

const base64Of = (bytes: number) => 'A'.repeat(Math.ceil(bytes / 3) * 4);

describe('file contents in command inputs are capped', () => {
  it('pins the caps', () => {
    expect(MAX_PFX_BYTES).toBe(256 * 1024);
    expect(MAX_LOGO_BYTES).toBe(200 * 1024);
    expect(MAX_NFE_XML_BYTES).toBe(5 * 1024 * 1024);
    expect(MAX_NFE_IMPORT_BYTES).toBe(20 * 1024 * 1024);
    expect(MAX_BACKUP_FILE_BYTES).toBe(256 * 1024 * 1024);
  });

  it('certificate:load', () => {
    const input = commands['certificate:load'].input;
    expect(input.safeParse({ fileName: 'a.pfx', base64: base64Of(MAX_PFX_BYTES) }).success).toBe(true);
    const over = input.safeParse({ fileName: 'a.pfx', base64: base64Of(MAX_PFX_BYTES + 64) });
    expect(over.error?.issues[0]?.message).toMatch(/grande demais/);
  });

  it('logo:set', () => {
    const input = commands['logo:set'].input;
    const body = { cpfCnpj: '11222333000181', contentType: 'image/png' };
    expect(input.safeParse({ ...body, base64: base64Of(MAX_LOGO_BYTES) }).success).toBe(true);
    const over = input.safeParse({ ...body, base64: base64Of(MAX_LOGO_BYTES + 64) });
    expect(over.error?.issues[0]?.message).toMatch(/200 KB/);
  });

  it('cte:prefillFromNfe: per file and per import', () => {
    const input = commands['cte:prefillFromNfe'].input;
    expect(input.safeParse({ files: [{ name: 'a.xml', base64: base64Of(MAX_NFE_XML_BYTES) }] }).success).toBe(
      true,
    );
    const big = input.safeParse({ files: [{ name: 'a.xml', base64: base64Of(MAX_NFE_XML_BYTES + 64) }] });
    expect(big.error?.issues[0]?.message).toMatch(/5 MB por arquivo/);
    const five = Array.from({ length: 5 }, (_, i) => ({
      name: `${i}.xml`,
      base64: base64Of(MAX_NFE_XML_BYTES),
    }));
    const many = input.safeParse({ files: five });
    expect(many.error?.issues[0]?.message).toMatch(/20 MB por importação/);
  });

  it('backup:restore', () => {
    const input = commands['backup:restore'].input;
    expect(input.safeParse({ base64: base64Of(1024) }).success).toBe(true);
    const over = input.safeParse({ base64: 'A'.repeat(Math.ceil((MAX_BACKUP_FILE_BYTES * 4) / 3) + 9) });
    expect(over.error?.issues[0]?.message).toMatch(/256 MB/);
  });
});
