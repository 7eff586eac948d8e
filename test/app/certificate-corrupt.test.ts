// A damaged .pfx is reported as damaged, not as a wrong password: the PKCS#12 MAC fails alike for
// both, so the password is tried on what it encrypts. Files built with makePfx (RSA key in a
// shrouded bag, MAC over the safes) and damaged in the ways copies get damaged.
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';

import { CertificateFiles } from '../../electron/app/certificates';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';

const pfx = makePfx({ cpfCnpj: '11222333000181', razaoSocial: 'RODOVIA AZUL TRANSPORTES LTDA' });
const original = Buffer.from(pfx.pfxBase64, 'base64');

function inspect(bytes: Buffer, password = pfx.password): { code: string; message: string } | 'ok' {
  const files = new CertificateFiles();
  const { handle } = files.hold('empresa.pfx', bytes);
  try {
    files.inspect(handle, password);
    return 'ok';
  } catch (error) {
    return error as { code: string; message: string };
  }
}

/** Flips one byte inside the certificate's DER (a region the MAC covers but no password encrypts). */
function flipInCertificate(): Buffer {
  const der = Buffer.from(
    forge.asn1
      .toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(pfx.certificatePem)))
      .getBytes(),
    'binary',
  );
  const probe = der.subarray(40, 72);
  const at = original.indexOf(probe);
  expect(at).toBeGreaterThan(0);
  const damaged = Buffer.from(original);
  damaged[at + 10] = damaged[at + 10]! ^ 0x01;
  return damaged;
}

describe('a corrupt .pfx is not a wrong password', () => {
  it('the intact file opens; a wrong password is a wrong password', () => {
    expect(inspect(original)).toBe('ok');
    const wrong = inspect(original, 'senha-errada');
    expect(wrong).toMatchObject({ code: 'certificate_wrong-password' });
  });

  it('one byte changed inside the file: damaged, with the right password', () => {
    const damaged = flipInCertificate();
    const result = inspect(damaged);
    expect(result).toMatchObject({ code: 'certificate_corrupt' });
    expect((result as { message: string }).message).toMatch(/danificado/);
    // With a wrong password the same damaged file cannot be told apart: the password is what is asked.
    expect(inspect(damaged, 'senha-errada')).toMatchObject({ code: 'certificate_wrong-password' });
  });

  it('a truncated copy: damaged, not "not a certificate"', () => {
    expect(inspect(original.subarray(0, Math.floor(original.length * 0.6)))).toMatchObject({
      code: 'certificate_corrupt',
    });
  });

  it('some other file is still "not a certificate"', () => {
    expect(inspect(Buffer.from('%PDF-1.7 não é um certificado'))).toMatchObject({
      code: 'certificate_not-pkcs12',
    });
  });
});
