// The payload builders against the API description (../shared): every ICMS situation, with and
// without IBS/CBS, NF-e and DC-e documents, CT-e OS — validated with ajv against
// CtePedidoEmissao / CteOsPedidoEmissao, then authorized by the sandbox.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import type { JsonObject } from '../../electron/fiscal/payload';
import { buildCteOsPayload, buildCtePayload } from '../../electron/fiscal/payload';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { cteFormSchema } from '../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../electron/shared/schemas/cteos-form';
import { openRig, startIssuingSandbox } from '../app/issuing/harness';
import type { Rig } from '../app/issuing/harness';
import { company, cteForm, cteOsForm, dceKey, ICMS_SITUATIONS } from '../fiscal/payload/forms';
import { openapiToJsonSchema } from '../support/openapi-json-schema';
import { openapiPath, sharedAvailable } from '../support/shared';

type Json = Record<string, unknown>;

/**
 * Members the API gained after 2.58 (the tax reform of 2.70: IBSCBS, vTotDFe, gCompraGov, infDCe —
 * see README "Tax reform fields"). The 2.58 description cannot know them, so they are checked by
 * the sandbox (written from 2.70) and removed before the ajv check of everything else.
 */
function without258Gaps(payload: JsonObject): JsonObject {
  const copy = structuredClone(payload);
  const inf = copy.infCte as JsonObject;
  delete (inf.imp as JsonObject).IBSCBS;
  const infDoc = (inf.infCTeNorm as JsonObject | undefined)?.infDoc as JsonObject | undefined;
  if (infDoc?.infDCe) delete infDoc.infDCe;
  if (infDoc && Object.keys(infDoc).length === 0) delete (inf.infCTeNorm as JsonObject).infDoc;
  return copy;
}

const ctx = (numero: number, referencia: string) => ({
  company,
  serie: 40,
  numero,
  ambiente: 'homologacao' as const,
  referencia,
  dhEmi: new Date(Date.now() - 120_000).toISOString().replace(/\.\d+Z$/, 'Z'),
});
const IBS = { cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0, pCBS: 0.9 };

function cases(): {
  name: string;
  path: '/cte' | '/cteos';
  schema: string;
  payload: (n: number) => JsonObject;
}[] {
  const list: ReturnType<typeof cases> = [];
  for (const icms of ICMS_SITUATIONS) {
    for (const ibs of [false, true]) {
      const form = cteFormSchema.parse(cteForm({ impostos: { icms, ...(ibs ? { ibsCbs: IBS } : {}) } }));
      list.push({
        name: `CT-e ICMS ${icms.situacao}${ibs ? ' + IBS/CBS' : ''}`,
        path: '/cte',
        schema: 'CtePedidoEmissao',
        payload: (n) => buildCtePayload(form, ctx(n, `contrato-${n}`)),
      });
    }
  }
  const dce = cteFormSchema.parse(
    cteForm({ documentos: { nfe: [], dce: [{ chave: dceKey(9) }], outros: [] } }),
  );
  list.push({
    name: 'CT-e with DC-e keys',
    path: '/cte',
    schema: 'CtePedidoEmissao',
    payload: (n) => buildCtePayload(dce, ctx(n, `contrato-${n}`)),
  });
  const toma4 = cteFormSchema.parse(
    cteForm({
      geral: { ...cteForm().geral, toma: 4 },
      tomador: { ...cteForm().remetente!, cpfCnpj: '11222333000181', ie: 'ISENTO', xNome: 'Tomador Outros' },
    }),
  );
  list.push({
    name: 'CT-e with tomador outros',
    path: '/cte',
    schema: 'CtePedidoEmissao',
    payload: (n) => buildCtePayload(toma4, ctx(n, `contrato-${n}`)),
  });
  const full = cteFormSchema.parse(
    cteForm({
      geral: { ...cteForm().geral, retira: true, xDetRetira: 'Retirada na filial de São Paulo' },
      impostos: { icms: { situacao: '00', pICMS: 12 }, vTotTrib: 210.5, infAdFisco: 'Nada a declarar' },
      carga: { ...cteForm().carga, vCargaAverb: 30000 },
      observacoes: {
        xObs: 'Entrega agendada',
        obsCont: [{ xCampo: 'Pedido', xTexto: 'PED-1' }],
        obsFisco: [{ xCampo: 'Regime', xTexto: 'Especial 123' }],
      },
    }),
  );
  list.push({
    name: 'CT-e with retira, vTotTrib, vCargaAverb, ObsCont and ObsFisco',
    path: '/cte',
    schema: 'CtePedidoEmissao',
    payload: (n) => buildCtePayload(full, ctx(n, `contrato-${n}`)),
  });
  for (const icms of ICMS_SITUATIONS.filter((i) => i.situacao !== '60')) {
    const form = cteOsFormSchema.parse(
      cteOsForm({ impostos: { ...cteOsForm().impostos, icms, ibsCbs: IBS } }),
    );
    list.push({
      name: `CT-e OS ICMS ${icms.situacao} + IBS/CBS`,
      path: '/cteos',
      schema: 'CteOsPedidoEmissao',
      payload: (n) => buildCteOsPayload(form, ctx(n, `contrato-${n}`)),
    });
  }
  return list;
}

describe.skipIf(!sharedAvailable)(
  'contract: CT-e payloads against the API description and the sandbox',
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

    const all = cases();
    it.each(all.map((c, i) => [c.name, i] as const))('%s', async (_name, i) => {
      const c = all[i]!;
      const payload = c.payload(100 + i);
      const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${c.schema}` });
      const ok = validate(without258Gaps(payload));
      expect(ok, ajv.errorsText(validate.errors)).toBe(true);
      const api = c.path === '/cte' ? rig.client.cte : rig.client.cteos;
      const doc = await api.emitir(payload);
      expect(doc.status, JSON.stringify(doc.autorizacao)).toBe('autorizado');
    });

    it('the ajv check can fail: a misspelt member is caught', () => {
      const payload = all[0]!.payload(1);
      ((payload.infCte as JsonObject).ide as JsonObject).nCt = 1;
      const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/CtePedidoEmissao' });
      expect(validate(payload)).toBe(false);
    });
  },
);
