// XML-DSig enveloped signature as the SEFAZ layouts require (xmldsig-core-schema_v1.01): RSA-SHA1,
// C14N 1.0, transforms enveloped-signature + C14N, Reference URI "#<Id>", KeyInfo with the
// X509 certificate only. The Signature is appended as the last child of the element whose XSD
// expects it (CTe after infCTeSupl, eventoCTe after infEvento…).
import { createSign } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

export interface SignedDocument {
  xml: string;
  /** Base64 SHA-1 digest of the signed element: what the protocol carries as digVal. */
  digestValue: string;
}

/**
 * The `sign` of a contingency QR code: "assinatura digital no padrão RSA SHA-1 (Base64) do valor do
 * parâmetro chCTe (chave de acesso com 44 caracteres) a partir do certificado digital que assina o
 * CTe" (MOC CT-e 4.00 Visão Geral §9.2.2; the MDF-e and the DC-e sign their key the same way).
 */
export function qrSign(chave: string, key: Pick<SigningKey, 'privateKeyPem'>): string {
  return createSign('RSA-SHA1').update(chave, 'utf8').sign(key.privateKeyPem, 'base64');
}

function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/**
 * Signs the element carrying `Id="<id>"`; the signature becomes the last child of the document
 * element (`rootLocalName` is checked so a wrong call fails loudly instead of producing an
 * invalid layout).
 */
export function signXml(xml: string, id: string, rootLocalName: string, key: SigningKey): SignedDocument {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  if (doc.documentElement?.localName !== rootLocalName) {
    throw new Error(`documento inesperado para assinatura: ${doc.documentElement?.localName}`);
  }
  const certBody = certificateBody(key.certificatePem);
  const sig = new SignedXml({
    privateKey: key.privateKeyPem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () => `<X509Data><X509Certificate>${certBody}</X509Certificate></X509Data>`,
  });
  sig.addReference({
    xpath: `//*[@Id='${id}']`,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA1,
    uri: `#${id}`,
  });
  sig.computeSignature(xml, {
    location: { reference: `/*[local-name()='${rootLocalName}']`, action: 'append' },
  });
  const signed = sig.getSignedXml();
  const match = /<DigestValue>([^<]+)<\/DigestValue>/.exec(signed);
  if (!match) throw new Error('assinatura sem DigestValue');
  return { xml: signed, digestValue: match[1]! };
}

/** Checks every Signature under the document element against the embedded certificate. */
export function verifySignedXml(xml: string, certificatePem: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signatures = doc.getElementsByTagNameNS(DSIG_NS, 'Signature');
  if (signatures.length === 0) return false;
  for (let i = 0; i < signatures.length; i++) {
    const verifier = new SignedXml({ publicCert: certificatePem });
    verifier.loadSignature(new XMLSerializer().serializeToString(signatures[i]!));
    try {
      if (!verifier.checkSignature(xml)) return false;
    } catch {
      return false;
    }
  }
  return true;
}
