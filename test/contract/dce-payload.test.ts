// DC-e payloads against the API description (../shared): validated with ajv against
// DcePedidoEmissao, authorized by the sandbox over HTTP, and the dceProc it returns validated
// against the DC-e 1.00 XSD.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import type { JsonObject } from '../../electron/fiscal/payload';
import { buildDcePayload } from '../../electron/fiscal/payload/dce';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { dceFormSchema } from '../../electron/shared/schemas/dce-form';
import { openRig, startIssuingSandbox } from '../app/issuing/harness';
import type { Rig } from '../app/issuing/harness';
import { dceForm } from '../app/dce/fixtures';
import { company } from '../fiscal/payload/forms';
import { DCE_XSD, xsdErrors } from '../sandbox/dfe/xsd';
import { openapiPath, sharedAvailable } from '../support/shared';

type Json = Record<string, unknown>;

/** OpenAPI 3.0 → JSON Schema for ajv: `nullable` as a type union, objects closed. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'example' || key === 'nullable' || key.startsWith('x-') || key === 'discriminator') continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(v)]))
        : toJsonSchema(value);
  }
  if ((node as Json).nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] };
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.oneOf && !out.anyOf) {
    out.additionalProperties = false;
  }
  return out;
}

const ctx = (numero: number, referencia: string) => ({
  company,
  serie: 61,
  numero,
  ambiente: 'homologacao' as const,
  referencia,
  dhEmi: new Date(Date.now() - 120_000).toISOString().replace(/\.\d+Z$/, 'Z'),
});

const base = dceForm();
const CASES: { name: string; form: unknown }[] = [
  { name: 'CPF → CNPJ, two items, observações', form: base },
  {
    name: 'CNPJ → CPF, por conta própria, no optional fields',
    form: {
      ...base,
      remetente: { ...base.destinatario, email: undefined },
      destinatario: { ...base.remetente, fone: undefined },
      modTrans: 1,
      observacoes: undefined,
      itens: [{ xProd: 'Roupas', ncm: '62', qCom: 1, vUnCom: 0 }],
    },
  },
  {
    name: 'many items and a long solicitação',
    form: {
      ...base,
      solicitacao: 'Pedido do remetente no balcão. '.repeat(20).trim(),
      itens: Array.from({ length: 40 }, (_, i) => ({
        xProd: `Item ${i + 1}`,
        ncm: '84713012',
        qCom: i + 0.125,
        vUnCom: 1.99,
      })),
    },
  },
];

describe.skipIf(!sharedAvailable)(
  'contract: DC-e payloads against the API description and the sandbox',
  () => {
    let ajv: Ajv;
    let sandbox: RunningSandbox;
    let rig: Rig;
    beforeAll(async () => {
      const doc = parse(readFileSync(openapiPath, 'utf8')) as { components: { schemas: Json } };
      ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ $id: 'openapi.json', components: { schemas: toJsonSchema(doc.components.schemas) } });
      sandbox = await startIssuingSandbox();
      rig = await openRig(sandbox.url);
    }, 30_000);
    afterAll(async () => {
      await rig?.close();
      await sandbox?.close();
    });

    it.each(CASES.map((c, i) => [c.name, i] as const))('%s', async (_name, i) => {
      const payload = buildDcePayload(dceFormSchema.parse(CASES[i]!.form), ctx(200 + i, `contrato-dce-${i}`));
      const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/DcePedidoEmissao' });
      expect(validate(payload), ajv.errorsText(validate.errors)).toBe(true);
      const doc = await rig.client.dce.emitir(payload);
      expect(doc.status, JSON.stringify(doc.autorizacao)).toBe('autorizado');
      expect(doc.chave).toMatch(/^\d{44}$/);
      // The key carries the carrier's CNPJ, and tpEmit 3 as its 36th digit (after tpEmis).
      expect(doc.chave!.slice(6, 20)).toBe(company.cpf_cnpj);
      expect(doc.chave![35]).toBe('3');
      const xml = (await rig.client.dce.xml(doc.id)).data.toString('utf8');
      expect(xml).toContain('<dceProc');
      expect(xsdErrors(xml, DCE_XSD('procDCe_v1.00.xsd'))).toBeNull();
    });

    it('the ajv check can fail: a misspelt member is caught', () => {
      const payload = buildDcePayload(dceFormSchema.parse(base), ctx(1, 'x'));
      ((payload.infDCe as JsonObject).ide as JsonObject).nDc = 1;
      const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/DcePedidoEmissao' });
      expect(validate(payload)).toBe(false);
    });

    it('the XSD check can fail: a dceProc with a broken NCM is caught', async () => {
      const payload = buildDcePayload(dceFormSchema.parse(base), ctx(299, 'contrato-dce-xsd'));
      const doc = await rig.client.dce.emitir(payload);
      const xml = (await rig.client.dce.xml(doc.id)).data
        .toString('utf8')
        .replace(/<NCM>49<\/NCM>/, '<NCM>4</NCM>');
      expect(xsdErrors(xml, DCE_XSD('procDCe_v1.00.xsd'))).not.toBeNull();
    });
  },
);
