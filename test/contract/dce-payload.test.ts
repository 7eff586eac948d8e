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
import { openapiToJsonSchema } from '../support/openapi-json-schema';
import { openapiPath, sharedAvailable } from '../support/shared';

type Json = Record<string, unknown>;

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
  {
    name: "every field the form fills, at the description's maximum lengths",
    form: (() => {
      const address = (cMun: string, xMun: string, uf: string, cep: string) => ({
        xLgr: 'L'.repeat(60),
        nro: 'N'.repeat(60),
        xCpl: 'C'.repeat(60),
        xBairro: 'B'.repeat(60),
        cMun,
        xMun: xMun.padEnd(60, 'x'),
        uf,
        cep,
      });
      return {
        remetente: {
          cpfCnpj: '123.456.789-09',
          xNome: 'R'.repeat(60),
          fone: '(41) 99999-0000',
          endereco: address('4106902', 'Curitiba', 'PR', '80010-000'),
        },
        destinatario: {
          cpfCnpj: '11.444.777/0001-61',
          xNome: 'D'.repeat(60),
          fone: '011 3333-4444',
          email: `${'a'.repeat(47)}@destino.com`,
          endereco: address('3550308', 'São Paulo', 'SP', '01310-100'),
        },
        itens: [
          {
            xProd: 'P'.repeat(120),
            ncm: '6912.00.00',
            qCom: 1.2345,
            vUnCom: 9_999.99,
            infAdProd: 'i'.repeat(500),
          },
        ],
        modTrans: 1,
        dhEmi: ctx(0, 'x').dhEmi,
        observacoes: 'o'.repeat(5000),
        solicitacao: 's'.repeat(2000),
      };
    })(),
  },
];

/** Each text the form takes, the description's member it becomes, and the form's own limit. */
const TEXT_FIELDS: {
  form: string;
  schema: string;
  member: string;
  max: number;
  text?: (n: number) => string;
}[] = [
  { form: 'remetente.xNome', schema: 'DceSefazEmit', member: 'xNome', max: 60 },
  { form: 'destinatario.xNome', schema: 'DceSefazDest', member: 'xNome', max: 60 },
  {
    form: 'destinatario.email',
    schema: 'DceSefazEndeDest',
    member: 'email',
    max: 60,
    text: (n) => `${'a'.repeat(n - 12)}@destino.com`,
  },
  ...['xLgr', 'nro', 'xCpl', 'xBairro', 'xMun'].flatMap((member) => [
    { form: `remetente.endereco.${member}`, schema: 'DceSefazEndeEmi', member, max: 60 },
    { form: `destinatario.endereco.${member}`, schema: 'DceSefazEndeDest', member, max: 60 },
  ]),
  { form: 'itens.0.xProd', schema: 'DceSefazProd', member: 'xProd', max: 120 },
  { form: 'itens.0.infAdProd', schema: 'DceSefazDet', member: 'infAdProd', max: 500 },
  { form: 'observacoes', schema: 'DceSefazInfAdic', member: 'infCpl', max: 5000 },
  { form: 'solicitacao', schema: 'DceSefazInfSolicDCe', member: 'xSolic', max: 2000 },
];

function withText(path: string, value: string): unknown {
  const form = structuredClone(base) as Json;
  const keys = path.split('.');
  let node = form as Json;
  for (const key of keys.slice(0, -1)) node = node[key] as Json;
  node[keys.at(-1)!] = value;
  return form;
}

describe.skipIf(!sharedAvailable)("contract: the DC-e form's text limits are the description's", () => {
  const schemas = sharedAvailable
    ? (parse(readFileSync(openapiPath, 'utf8')) as { components: { schemas: Record<string, Json> } })
        .components.schemas
    : {};
  it.each(TEXT_FIELDS.map((f) => [f.form, f] as const))('%s', (_name, f) => {
    const member = (schemas[f.schema]!.properties as Record<string, Json>)[f.member]!;
    expect(member.maxLength).toBe(f.max);
    const text = f.text ?? ((n: number) => 'a'.repeat(n));
    expect(dceFormSchema.safeParse(withText(f.form, text(f.max))).success).toBe(true);
    const over = dceFormSchema.safeParse(withText(f.form, text(f.max + 1)));
    expect(over.success).toBe(false);
    const issue = over.error!.issues.find((i) => i.path.join('.') === f.form);
    expect(issue?.message).toMatch(new RegExp(`no máximo ${f.max} caracteres$`));
  });
});

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
      ajv.addSchema({
        $id: 'openapi.json',
        components: { schemas: openapiToJsonSchema(doc.components.schemas) },
      });
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
