// Real MDF-e from other systems (../shared/reference/mdfe/samples 01–04: sped-da fixtures and an
// nfelib sample) turned into the API's JSON the way a client written from the description would
// (each element under its described member, typed by the description), then read by the sandbox's
// request schema and written back as XML that must validate against the XSDs. What real documents
// carry must pass; the key fields the sandbox recomputes (Id, cMDF, cDV) are dropped.
import { readFileSync } from 'node:fs';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

import { resolveMdfeEmit } from '../../../electron/sandbox/mdfe/emit';
import { buildMdfeXml, MDFE_NS, rodoXml } from '../../../electron/sandbox/mdfe/xml';
import { mdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';
import { referencePath, sharedAvailable } from '../../support/shared';
import { xsdErrors } from '../dfe/xsd';
import { MDFE_XSD } from './fixtures';

type Json = Record<string, unknown>;
interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}

const SAMPLES = [
  '01_mdfeProc_rodo_CTe_autorizado_homologacao.xml',
  '02_MDFe_rodo_40CTe_assinado_sem_protocolo.xml',
  '03_mdfeProc_rodo_NFe_percurso_autorizado_producao.xml',
  '04_MDFe_rodo_NFe_infPag_sintetico.xml',
];

describe.skipIf(!sharedAvailable)('MDF-e of other systems through the request schema', () => {
  const description = sharedAvailable
    ? (parse(readFileSync(referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml'), 'utf8')) as {
        components: { schemas: Record<string, Schema> };
      })
    : null;
  const resolve = (s: Schema): Schema =>
    s.$ref ? resolve(description!.components.schemas[s.$ref.split('/').pop()!]!) : s;

  /** An element as the described JSON: members by element name, arrays where described, typed leaves. */
  function toJson(el: XmlElement, schema: Schema): unknown {
    const s = resolve(schema);
    if (s.type !== 'object' && !s.properties) {
      const text = (el.textContent ?? '').trim();
      return s.type === 'integer' || s.type === 'number' ? Number(text) : text;
    }
    const out: Json = {};
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes[i]!;
      if (s.properties?.[a.name]) out[a.name] = a.value;
    }
    for (let node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType !== 1) continue;
      const child = node as XmlElement;
      const name = child.localName ?? '';
      const prop = s.properties?.[name];
      expect(prop, `${name} is not a member of the described ${el.localName}`).toBeDefined();
      const p = resolve(prop!);
      if (p.type === 'array') {
        const list = (out[name] ??= []) as unknown[];
        list.push(toJson(child, p.items!));
      } else out[name] = toJson(child, prop!);
    }
    return out;
  }

  for (const name of SAMPLES) {
    it(`${name}: accepted, and rebuilt as XML valid against the XSDs`, () => {
      const xml = readFileSync(referencePath('mdfe', 'samples', name), 'utf8').replace(/^\uFEFF/, '');
      const doc = new DOMParser().parseFromString(xml, 'text/xml');
      const inf = doc.getElementsByTagNameNS(MDFE_NS, 'infMDFe')[0]!;
      const infMDFe = toJson(inf, { $ref: '#/components/schemas/MdfeSefazInfMDFe' }) as Json & {
        ide: Json;
      };
      delete infMDFe.Id;
      delete infMDFe.ide.cMDF;
      delete infMDFe.ide.cDV;
      const parsed = mdfePedidoEmissao.safeParse({ ambiente: 'homologacao', infMDFe });
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 5))).toBe(true);
      const body = parsed.data!;
      const chave = inf.getAttribute('Id')!.slice(4);
      // The samples carry the whole issuer: nothing to complete from a registration.
      const resolved = resolveMdfeEmit(body.infMDFe.emit, null);
      if (!('emit' in resolved)) throw new Error(`emitente incompleto: ${resolved.missing}`);
      const rebuilt = buildMdfeXml(
        { ...body.infMDFe, emit: resolved.emit },
        {
          chave,
          cMDF: chave.slice(35, 43),
          cDV: Number(chave[43]),
          tpAmb: body.infMDFe.ide.tpAmb === 1 ? 1 : 2,
          dhEmi: body.infMDFe.ide.dhEmi.replace(/-00:00$/, '-03:00'),
          dhIniViagem: body.infMDFe.ide.dhIniViagem ?? undefined,
          qrCode: `https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${chave}&tpAmb=2`,
        },
      );
      // Every filled leaf of the original comes back, in the same order and with the same value.
      const leaves = (root: XmlElement) => {
        const out: string[] = [];
        const walk = (e: XmlElement) => {
          const kids = Array.from(e.childNodes).filter((n): n is XmlElement => n.nodeType === 1);
          if (kids.length === 0 && (e.textContent ?? '').trim() !== '')
            out.push(`${e.localName}=${(e.textContent ?? '').trim()}`);
          kids.forEach(walk);
        };
        walk(root);
        return out.filter((l) => !l.startsWith('dhEmi='));
      };
      const again = new DOMParser()
        .parseFromString(rebuilt, 'text/xml')
        .getElementsByTagNameNS(MDFE_NS, 'infMDFe')[0]!;
      expect(leaves(again)).toEqual(leaves(inf));
      // The envelope needs a Signature: validate a copy with an empty one in place.
      const signedShape = rebuilt.replace(
        '</MDFe>',
        '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI="#x"><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms><DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/><DigestValue>AAAA</DigestValue></Reference></SignedInfo><SignatureValue>AAAA</SignatureValue><KeyInfo><X509Data><X509Certificate>AAAA</X509Certificate></X509Data></KeyInfo></Signature></MDFe>',
      );
      expect(xsdErrors(signedShape, MDFE_XSD('mdfe_v3.00.xsd'))).toBeNull();
      expect(
        xsdErrors(rodoXml(body.infMDFe.infModal.rodo!), MDFE_XSD('mdfeModalRodoviario_v3.00.xsd')),
      ).toBeNull();
    });
  }
});
