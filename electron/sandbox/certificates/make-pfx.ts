import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

import { OID_ICP_CNPJ } from '../../documents/certificate/read-pfx';

export interface MakePfxOptions {
  /** CNPJ (14 characters, may be alphanumeric) or CPF (11 digits) of the holder. */
  cpfCnpj: string;
  razaoSocial: string;
  /** Start of validity; default now. */
  notBefore?: Date;
  /** End of validity; default one year after `notBefore`. Set in the past for an expired certificate. */
  notAfter?: Date;
  /** Default: a random password. */
  password?: string;
  /** Also put the CNPJ in the ICP-Brasil otherName (default true for CNPJ). */
  includeOtherName?: boolean;
}

export interface GeneratedPfx {
  /** The .pfx bytes, base64 (as `PUT /empresas/{cpf_cnpj}/certificado` takes them). */
  pfxBase64: string;
  password: string;
  certificatePem: string;
  privateKeyPem: string;
  notBefore: Date;
  notAfter: Date;
}

function otherNameExtension(cnpj: string): forge.asn1.Asn1 {
  const { asn1 } = forge;
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(OID_ICP_CNPJ).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj),
    ]),
  ]);
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]);
}

/**
 * Generates a self-signed certificate shaped like an ICP-Brasil e-CNPJ (subject CN
 * `RAZAO SOCIAL:CNPJ`, CNPJ also in otherName 2.16.76.1.3.3) and packs it with its key into a
 * password-protected PKCS#12. For the sandbox, tests and the app's demonstration mode: no
 * authority would accept it.
 */
export function makePfx(options: MakePfxOptions): GeneratedPfx {
  // Node's native key generation takes milliseconds where forge's pure-JS one takes seconds.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgePrivate = forge.pki.privateKeyFromPem(privateKeyPem);
  const forgePublic = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );

  const notBefore = options.notBefore ?? new Date();
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + 365 * 86_400_000);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePublic;
  // Positive serial: a leading 0x00-0x7f byte keeps the DER INTEGER non-negative.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const subject = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Certificado PJ A1' },
    { shortName: 'OU', value: 'Sandbox Carreta' },
    { shortName: 'CN', value: `${options.razaoSocial}:${options.cpfCnpj}` },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
  ];
  if ((options.includeOtherName ?? options.cpfCnpj.length === 14) && options.cpfCnpj.length === 14) {
    extensions.push({ id: '2.5.29.17', critical: false, value: otherNameExtension(options.cpfCnpj) });
  }
  cert.setExtensions(extensions);
  cert.sign(forgePrivate, forge.md.sha256.create());

  const password = options.password ?? randomBytes(9).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(forgePrivate, [cert], password, {
    algorithm: '3des',
    friendlyName: options.razaoSocial,
  });
  return {
    pfxBase64: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'),
    password,
    certificatePem: forge.pki.certificateToPem(cert),
    privateKeyPem,
    notBefore,
    notAfter,
  };
}
