// The CT-e Simplificado payload against the API description (../shared, CteSimpPedidoEmissao) with
// ajv for every ICMS situation, then the round trip the app makes: `cte:issue` and `cte:preview`
// with kind 'cte-simp' over the sandbox, the returned cteSimpProc checked against the CT-e 4.00 XSD.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { cteCommands } from '../../electron/app/commands/cte';
import { numberingCommands } from '../../electron/app/commands/numbering';
import type { AppContext } from '../../electron/app/context';
import type { JsonObject } from '../../electron/fiscal/payload';
import { buildCteSimpPayload } from '../../electron/fiscal/payload';
import type { RunningSandbox } from '../../electron/sandbox/server';
import type { CommandChannel } from '../../electron/shared/contract';
import { commands } from '../../electron/shared/contract';
import { cteSimpFormSchema } from '../../electron/shared/schemas/cte-simp-form';
import { openRig, startIssuingSandbox, target } from '../app/issuing/harness';
import type { Rig } from '../app/issuing/harness';
import { cteSimpForm } from '../fiscal/payload/cte-simp-forms';
import { company, ICMS_SITUATIONS } from '../fiscal/payload/forms';
import { CTE_XSD, xsdErrors } from '../sandbox/dfe/xsd';
import { memoryHost } from '../support/memory-host';
import { openapiToJsonSchema } from '../support/openapi-json-schema';
import { openapiPath, sharedAvailable } from '../support/shared';

type Json = Record<string, unknown>;

/** IBSCBS came with API 2.70 (README "Tax reform fields"): the sandbox checks it, ajv the rest. */
function without258Gaps(payload: JsonObject): JsonObject {
  const copy = structuredClone(payload);
  delete ((copy.infCte as JsonObject).imp as JsonObject).IBSCBS;
  return copy;
}

const IBS = { cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0, pCBS: 0.9 };
const ctx = (numero: number) => ({
  company,
  serie: 41,
  numero,
  ambiente: 'homologacao' as const,
  referencia: `simp-contrato-${numero}`,
  dhEmi: new Date(Date.now() - 120_000).toISOString().replace(/\.\d+Z$/, 'Z'),
});

describe.skipIf(!sharedAvailable)('contract: CT-e simplificado payload, API description and sandbox', () => {
  let ajv: Ajv;
  let sandbox: RunningSandbox;
  let rig: Rig;
  let call: <C extends CommandChannel>(channel: C, input: unknown) => Promise<Json>;

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
    const { host } = memoryHost({ settings: { environment: 'sandbox', series: { cte: 42 } } });
    const appCtx = {
      host,
      cache: { require: () => rig.repos, repos: null },
      api: { client: async () => ({ client: rig.client, target: target(sandbox.url) }) },
    } as unknown as AppContext;
    const table = {
      ...cteCommands(appCtx, rig.issuing),
      ...numberingCommands(appCtx, rig.issuing),
    } as unknown as Record<string, (i: unknown) => Promise<unknown>>;
    call = async (channel, input) => {
      const def = commands[channel];
      return def.output.parse(await table[channel]!(def.input.parse(input))) as Json;
    };
  }, 30_000);
  afterAll(async () => {
    await rig?.close();
    await sandbox?.close();
  });

  const cases = ICMS_SITUATIONS.flatMap((icms) =>
    [false, true].map((ibs) => ({
      name: `ICMS ${icms.situacao}${ibs ? ' + IBS/CBS' : ''}`,
      form: cteSimpForm({ impostos: { icms, ...(ibs ? { ibsCbs: IBS } : {}) } }),
    })),
  );
  it.each(cases.map((c, i) => [c.name, i] as const))(
    '%s: valid for the description, authorized',
    async (_n, i) => {
      const payload = buildCteSimpPayload(cteSimpFormSchema.parse(cases[i]!.form), ctx(200 + i));
      const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/CteSimpPedidoEmissao' });
      expect(validate(without258Gaps(payload)), ajv.errorsText(validate.errors)).toBe(true);
      const doc = await rig.client.cte.emitir(payload, undefined, '/cte/simp');
      expect(doc.status, JSON.stringify(doc.autorizacao)).toBe('autorizado');
    },
  );

  it('the ajv check can fail: a delivery value under a misspelt name is caught', () => {
    const payload = buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), ctx(1));
    const det = ((payload.infCte as JsonObject).det as JsonObject[])[0]!;
    det.vPrestacao = det.vPrest!;
    delete det.vPrest;
    const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/CteSimpPedidoEmissao' });
    expect(validate(payload)).toBe(false);
  });

  it('cte:issue kind cte-simp: authorized, numbered in the model-57 série, XML valid for the XSD', async () => {
    const input = { kind: 'cte-simp', company: company.cpf_cnpj, form: cteSimpForm() };
    const preview = await call('cte:preview', input);
    expect(preview.html).toContain('CT-e simplificado');
    expect(preview.html).toContain('Campinas');
    expect(((preview.payload as JsonObject).infCte as JsonObject).total).toEqual({
      vTPrest: 1150.5,
      vTRec: 1100,
    });

    const out = await call('cte:issue', input);
    expect(out.status, JSON.stringify(out.rejection)).toBe('autorizado');
    expect(out.kind).toBe('cte-simp');
    expect(out.serie).toBe(42);
    const doc = out.document as Json;
    expect(doc.modelo).toBe(57);
    const xml = (await rig.client.cte.xml(String(doc.id))).data.toString('utf8');
    expect(xml).toContain('<cteSimpProc');
    expect(xml).toContain('<tpCTe>5</tpCTe>');
    expect((xml.match(/<det nItem=/g) ?? []).length).toBe(2);
    expect(xsdErrors(xml, CTE_XSD('procCTeSimp_v4.00.xsd'))).toBeNull();

    const next = await call('numbering:get', { company: company.cpf_cnpj, kind: 'cte', serie: 42 });
    expect(next.next).toBe(Number(out.numero) + 1);
  });

  it('cte:issue refuses an invalid form at the edge with the form path', async () => {
    const form = cteSimpForm();
    form.entregas[1]!.destino = { cMun: '4113700', xMun: 'Londrina', uf: 'PR' };
    await expect(call('cte:issue', { kind: 'cte-simp', company: company.cpf_cnpj, form })).rejects.toThrow(
      /fim da prestação/,
    );
  });
});
