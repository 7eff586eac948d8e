// The CT-e OS builder against the API description (ajv, CteOsPedidoEmissao) for each ICMS situation,
// both fretamento kinds, federal taxes, baggage and valuables; each payload then authorized by the
// sandbox. Then a full round trip through `cte:preview`/`cte:issue` kind cteos whose
// sandbox-issued XML must carry percurso, seguro, fretamento and the vehicle owner and validate
// against the CT-e OS 4.00 XSD.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { cteCommands } from '../../electron/app/commands/cte';
import { numberingCommands } from '../../electron/app/commands/numbering';
import type { AppContext } from '../../electron/app/context';
import type { JsonObject } from '../../electron/fiscal/payload';
import { buildCteOsPayload } from '../../electron/fiscal/payload';
import type { RunningSandbox } from '../../electron/sandbox/server';
import type { CommandChannel } from '../../electron/shared/contract';
import { commands } from '../../electron/shared/contract';
import type { CteOsFormInput } from '../../electron/shared/schemas/cteos-form';
import { cteOsFormSchema } from '../../electron/shared/schemas/cteos-form';
import { openRig, startIssuingSandbox, target } from '../app/issuing/harness';
import type { Rig } from '../app/issuing/harness';
import { fullBaggage, fullPassengers, fullValuables } from '../fiscal/payload/cteos-forms';
import { company, cteOsForm, ICMS_SITUATIONS } from '../fiscal/payload/forms';
import { CTE_XSD, extractElement, xsdErrors } from '../sandbox/dfe/xsd';
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
  serie: 43,
  numero,
  ambiente: 'homologacao' as const,
  referencia: `os-contrato-${numero}`,
  dhEmi: new Date(Date.now() - 120_000).toISOString().replace(/\.\d+Z$/, 'Z'),
});

function cases(): { name: string; form: CteOsFormInput }[] {
  const list: { name: string; form: CteOsFormInput }[] = [];
  for (const icms of ICMS_SITUATIONS.filter((i) => i.situacao !== '60')) {
    for (const ibs of [false, true]) {
      list.push({
        name: `ICMS ${icms.situacao}${ibs ? ' + IBS/CBS' : ''}`,
        form: cteOsForm({
          impostos: { ...cteOsForm().impostos, icms, ...(ibs ? { ibsCbs: IBS } : {}) },
        }),
      });
    }
  }
  list.push({ name: 'passengers, eventual fretamento, every federal tax', form: fullPassengers(1) });
  list.push({ name: 'passengers, continuous fretamento', form: fullPassengers(2) });
  list.push({ name: 'excess baggage without tomador, BP-e referenced', form: fullBaggage() });
  list.push({ name: 'valuables without modal', form: fullValuables() });
  return list;
}

describe.skipIf(!sharedAvailable)('contract: CT-e OS payload, API description and sandbox', () => {
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
    const { host } = memoryHost({ settings: { environment: 'sandbox', series: { cteos: 44 } } });
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

  const all = cases();
  it.each(all.map((c, i) => [c.name, i] as const))(
    '%s: valid for the description, authorized',
    async (_n, i) => {
      const payload = buildCteOsPayload(cteOsFormSchema.parse(all[i]!.form), ctx(300 + i));
      const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/CteOsPedidoEmissao' });
      expect(validate(without258Gaps(payload)), ajv.errorsText(validate.errors)).toBe(true);
      const doc = await rig.client.cteos.emitir(payload);
      expect(doc.status, JSON.stringify(doc.autorizacao)).toBe('autorizado');
    },
  );

  it('the ajv check can fail: a fretamento under a misspelt name is caught', () => {
    const payload = buildCteOsPayload(cteOsFormSchema.parse(fullPassengers(1)), ctx(1));
    const norm = (payload.infCte as JsonObject).infCTeNorm as JsonObject;
    const rodo = (norm.infModal as JsonObject).rodoOS as JsonObject;
    rodo.fretamento = rodo.infFretamento!;
    delete rodo.infFretamento;
    const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/CteOsPedidoEmissao' });
    expect(validate(payload)).toBe(false);
  });

  it('round trip: preview, cte:issue kind cteos, sandbox XML with every group, valid for the XSD', async () => {
    const input = { kind: 'cteos', company: company.cpf_cnpj, form: fullPassengers(1) };
    const preview = await call('cte:preview', input);
    expect(preview.html).toContain('Rio de Janeiro');
    expect(preview.html).toContain('PRÉ-VISUALIZAÇÃO');

    const out = await call('cte:issue', input);
    expect(out.status, JSON.stringify(out.rejection)).toBe('autorizado');
    expect(out.serie).toBe(44);
    const doc = out.document as Json;
    expect(doc.modelo).toBe(67);
    const xml = (await rig.client.cteos.xml(String(doc.id))).data.toString('utf8');
    expect(xml).toContain('<cteOSProc');
    for (const fragment of [
      '<infPercurso><UFPer>SP</UFPer></infPercurso>',
      '<seg><respSeg>4</respSeg><xSeg>Seguradora X</xSeg><nApol>AP123</nApol></seg>',
      '<infFretamento><tpFretamento>1</tpFretamento><dhViagem>',
      '<prop><CPF>12345678909</CPF><TAF>210987654321</TAF><xNome>João Agregado</xNome><tpProp>0</tpProp></prop>',
      '<infTribFed><vPIS>5.20</vPIS><vCOFINS>24.00</vCOFINS><vIR>12.00</vIR><vINSS>88.00</vINSS><vCSLL>8.00</vCSLL></infTribFed>',
      '<ObsCont xCampo="Contrato"><xTexto>77/2026</xTexto></ObsCont>',
    ]) {
      expect(xml).toContain(fragment);
    }
    expect(xsdErrors(xml, CTE_XSD('procCTeOS_v4.00.xsd'))).toBeNull();
    expect(xsdErrors(extractElement(xml, 'rodoOS'), CTE_XSD('cteModalRodoviarioOS_v4.00.xsd'))).toBeNull();

    const next = await call('numbering:get', { company: company.cpf_cnpj, kind: 'cteos', serie: 44 });
    expect(next.next).toBe(Number(out.numero) + 1);
  });

  it('round trip of excess baggage: no tomador, referenced documents in the XML', async () => {
    const out = await call('cte:issue', { kind: 'cteos', company: company.cpf_cnpj, form: fullBaggage() });
    expect(out.status, JSON.stringify(out.rejection)).toBe('autorizado');
    const xml = (await rig.client.cteos.xml(String((out.document as Json).id))).data.toString('utf8');
    expect(xml).not.toContain('<toma>');
    expect(xml).toMatch(/<infDocRef><chBPe>\d{44}<\/chBPe><\/infDocRef>/);
    expect(xml).toContain(
      '<infDocRef><nDoc>88</nDoc><serie>1</serie><dEmi>2026-11-20</dEmi><vDoc>35.50</vDoc></infDocRef>',
    );
    expect(xsdErrors(xml, CTE_XSD('procCTeOS_v4.00.xsd'))).toBeNull();
  });

  it('cte:issue refuses passengers between UFs without the TAF, naming the field', async () => {
    const form = fullPassengers(2);
    form.rodoviario = { ...form.rodoviario, taf: undefined, nroRegEstadual: '1234567890123456789012345' };
    await expect(call('cte:issue', { kind: 'cteos', company: company.cpf_cnpj, form })).rejects.toThrow(
      /TAF/,
    );
  });
});
