import { generateKeyPair, generateKeyPairSync, sign } from 'node:crypto';
import forge from 'node-forge';
import type { SigningKey } from '../dfe/sign';

// One certificate per fictional emitter, all over a single RSA key generated once per process:
// key generation costs up to a second on a busy machine, and fictional emitters need distinct
// certificates (subject with their CNPJ), not distinct keys. No PKCS#12 here (unlike
// certificates/make-pfx): nobody uploads these.
const cache = new Map<string, SigningKey>();
let sharedPair: { privateKey: string; publicKey: string } | null = null;
const KEY_OPTIONS = {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
} as const;

function keyPair() {
  sharedPair ??= generateKeyPairSync('rsa', KEY_OPTIONS);
  return sharedPair;
}

/** Generates the shared key off the event loop; call before generating notes in a request. */
export async function prepareEmitterKeys(): Promise<void> {
  if (sharedPair) return;
  const pair = await new Promise<{ privateKey: string; publicKey: string }>((resolve, reject) =>
    generateKeyPair('rsa', KEY_OPTIONS, (err, publicKey, privateKey) =>
      err ? reject(err) : resolve({ publicKey, privateKey }),
    ),
  );
  sharedPair ??= pair;
}

function selfSigned(cnpj: string, razaoSocial: string): SigningKey {
  const { privateKey, publicKey } = keyPair();
  const privateKeyPem = privateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = `01${cnpj}`;
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2040, 0, 1));
  const subject = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Sandbox Carreta - emitente ficticio' },
    { shortName: 'CN', value: `${razaoSocial}:${cnpj}` },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  // Signed with Node's native RSA: forge's pure-JS signature costs most of a second per emitter.
  cert.signatureOid = forge.pki.oids.sha256WithRSAEncryption;
  cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption;
  cert.tbsCertificate = forge.pki.getTBSCertificate(cert);
  const tbs = Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary');
  cert.signature = sign('sha256', tbs, privateKey).toString('binary');
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert) };
}

export function emitterKey(cnpj: string, razaoSocial: string): SigningKey {
  let key = cache.get(cnpj);
  if (!key) {
    key = selfSigned(cnpj, razaoSocial);
    cache.set(cnpj, key);
  }
  return key;
}
