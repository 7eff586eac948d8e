import { createHash } from 'node:crypto';
import forge from 'node-forge';

// Reads the company's A1 certificate (.pfx / PKCS#12). Product code: the app reads the user's
// certificate with it, and the sandbox reads what a client uploads the same way.

/** ICP-Brasil otherName that carries the holder's CNPJ (DOC-ICP-04, 2.16.76.1.3.3). */
export const OID_ICP_CNPJ = '2.16.76.1.3.3';

export interface PfxContents {
  certificatePem: string;
  privateKeyPem: string;
  serialNumber: string;
  issuerName: string;
  subjectName: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-1 of the certificate DER, upper-case hex (as Windows shows it). */
  thumbprint: string;
  /** Holder's CNPJ/CPF from otherName 2.16.76.1.3.3 or the CN `NAME:DIGITS`; null when absent. */
  cpfCnpj: string | null;
  /** CN without the `:DIGITS` suffix. */
  nomeRazaoSocial: string;
}

/** Why a .pfx was refused; each maps to its own message in the certificate route. */
export type PfxProblem = 'not-pkcs12' | 'corrupt' | 'wrong-password' | 'no-key' | 'no-certificate';

export class PfxError extends Error {
  constructor(readonly problem: PfxProblem) {
    super(problem);
    this.name = 'PfxError';
  }
}

/**
 * The start of a PKCS#12 (RFC 7292 §4): SEQUENCE, then INTEGER version 3. A file that starts so but
 * does not parse is a damaged certificate, not some other file.
 */
function looksLikePkcs12(bytes: Buffer): boolean {
  if (bytes[0] !== 0x30 || bytes.length < 8) return false;
  const lengthBytes = bytes[1]! & 0x80 ? bytes[1]! & 0x7f : 0;
  const at = 2 + lengthBytes;
  return bytes[at] === 0x02 && bytes[at + 1] === 0x01 && bytes[at + 2] === 0x03;
}

/**
 * The MAC failed: a wrong password or damaged bytes fail it alike. Without the MAC, the password is
 * proven right when it opens something encrypted with it (an encrypted safe, or the private key).
 */
function passwordOpens(asn: forge.asn1.Asn1, password: string): boolean {
  if (!Array.isArray(asn.value)) return false;
  const withoutMac = forge.asn1.create(asn.tagClass, asn.type, asn.constructed, asn.value.slice(0, 2));
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(withoutMac, false, password);
    const encrypted = p12.safeContents.some((safe) => safe.encrypted);
    const keys = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ];
    return encrypted || Boolean(keys?.some((bag) => bag.key));
  } catch {
    return false;
  }
}

function dn(attributes: forge.pki.CertificateField[]): string {
  return attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(', ');
}

/** Reads the CNPJ of an ICP-Brasil otherName (`[0] { OID, [0] { OCTET STRING | string } }`). */
function cnpjFromOtherName(cert: forge.pki.Certificate): string | null {
  const san = cert.getExtension('subjectAltName') as { altNames?: { type: number; value: unknown }[] } | null;
  for (const alt of san?.altNames ?? []) {
    if (alt.type !== 0 || !Array.isArray(alt.value)) continue;
    const [oid, wrapped] = alt.value as forge.asn1.Asn1[];
    if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== OID_ICP_CNPJ) continue;
    const inner = Array.isArray(wrapped?.value)
      ? (wrapped.value[0] as forge.asn1.Asn1 | undefined)
      : undefined;
    const text = inner && typeof inner.value === 'string' ? inner.value.trim() : '';
    if (/^[0-9A-Z]{12}\d{2}$/.test(text)) return text;
  }
  return null;
}

/**
 * Opens a PKCS#12 with its password and extracts the certificate matching the private key.
 * Throws `PfxError` with a distinct problem for each way it can fail.
 */
export function readPfx(pfx: Buffer, password: string): PfxContents {
  let asn: forge.asn1.Asn1;
  try {
    asn = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')), true);
  } catch {
    throw new PfxError(looksLikePkcs12(pfx) ? 'corrupt' : 'not-pkcs12');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn, false, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/MAC/i.test(message)) throw new PfxError(passwordOpens(asn, password) ? 'corrupt' : 'wrong-password');
    if (/password|decrypt/i.test(message)) throw new PfxError('wrong-password');
    throw new PfxError(looksLikePkcs12(pfx) ? 'corrupt' : 'not-pkcs12');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ??
      []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new PfxError(keyBags.length ? 'wrong-password' : 'no-key');
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  });
  if (!cert) throw new PfxError('no-certificate');

  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const cn = String(cert.subject.getField('CN')?.value ?? '');
  const cnMatch = /^(.*):(\d{11}|[0-9A-Z]{12}\d{2})$/.exec(cn);
  return {
    certificatePem: forge.pki.certificateToPem(cert),
    privateKeyPem: forge.pki.privateKeyToPem(key),
    serialNumber: cert.serialNumber.toUpperCase(),
    issuerName: dn(cert.issuer.attributes),
    subjectName: dn(cert.subject.attributes),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    thumbprint: createHash('sha1').update(der).digest('hex').toUpperCase(),
    cpfCnpj: cnpjFromOtherName(cert) ?? cnMatch?.[2] ?? null,
    nomeRazaoSocial: cnMatch ? cnMatch[1] : cn,
  };
}
