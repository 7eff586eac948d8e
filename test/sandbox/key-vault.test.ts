// The sandbox's private keys at rest: sealed with AES-256-GCM when a vault is given, keys stored in
// clear by an earlier version sealed on the next start, and the clear text gone from the file.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import { createClock } from '../../electron/sandbox/clock';
import type { EmpresaCertificado } from '../../electron/sandbox/companies';
import { createCompanyRegistry } from '../../electron/sandbox/companies';
import { createKeyVault } from '../../electron/sandbox/key-vault';
import { openStore } from '../../electron/sandbox/store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'carreta-vault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CNPJ = '11222333000181';
const pfx = makePfx({ cpfCnpj: CNPJ, razaoSocial: 'RODOVIA AZUL TRANSPORTES LTDA' });
const credentials = {
  privateKeyPem: pfx.privateKeyPem,
  certificatePem: pfx.certificatePem,
  notBefore: pfx.notBefore,
  notAfter: pfx.notAfter,
};
const info = { subject_name: 'CN=RODOVIA AZUL', cpf_cnpj: CNPJ } as unknown as EmpresaCertificado;

describe('sandbox key vault', () => {
  it('seals and opens; a tampered or foreign value does not open', () => {
    const vault = createKeyVault(randomBytes(32));
    const sealed = vault.seal(pfx.privateKeyPem);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(vault.open(sealed)).toBe(pfx.privateKeyPem);
    expect(() => createKeyVault(randomBytes(32)).open(sealed)).toThrow();
    expect(() => vault.open(sealed.slice(0, -4) + 'AAAA')).toThrow();
  });

  it('seals a key an earlier version stored in clear, and the file no longer holds it', async () => {
    const file = path.join(dir, 'sandbox.sqlite');
    const clock = createClock();
    const before = await openStore(file);
    await (await createCompanyRegistry(before, clock)).setCertificate(CNPJ, info, credentials);
    await before.close();
    expect(readFileSync(file).toString('latin1')).toContain('PRIVATE KEY-----');

    const key = randomBytes(32);
    const after = await openStore(file);
    const registry = await createCompanyRegistry(after, clock, createKeyVault(key));
    expect((await registry.getSigningCredentials(CNPJ))?.privateKeyPem).toBe(pfx.privateKeyPem);
    await after.close();
    for (const name of ['sandbox.sqlite', 'sandbox.sqlite-wal']) {
      const file = path.join(dir, name);
      if (!existsSync(file)) continue;
      expect(readFileSync(file).toString('latin1'), name).not.toContain('PRIVATE KEY-----');
    }

    // Opened with another key (the secret store was lost): the unusable certificate is dropped, so
    // the demo uploads a fresh one; no crash.
    const lost = await openStore(file);
    const other = await createCompanyRegistry(lost, clock, createKeyVault(randomBytes(32)));
    expect(await other.getSigningCredentials(CNPJ)).toBeNull();
    expect(await other.getCertificate(CNPJ)).toBeNull();
    await lost.close();
  });
});
