// The app stops what the authority would refuse on the request alone (MOC CT-e 4.00 Anexo I, the
// rules of fiscal/cte-rules.ts): the clerk reads the problem in Portuguese at the form field, no
// número is spent and nothing reaches the API. Over a real sandbox, through the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { assertCteRules } from '../../../electron/app/issuing/request-rules';
import type { EmissionContext, JsonObject } from '../../../electron/fiscal/payload';
import { buildCtePayload } from '../../../electron/fiscal/payload';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { AppError } from '../../../electron/shared/errors';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { CommandCall, Rig } from './harness';
import { countedCommands, listSerie, startIssuingSandbox } from './harness';

const ctx: EmissionContext = {
  company,
  serie: 1,
  numero: 1,
  ambiente: 'homologacao',
  referencia: 'regras',
  dhEmi: '2026-11-22T10:00:00-03:00',
};
const payload = () => buildCtePayload(cteFormSchema.parse(cteForm()), ctx);
const ide = (p: JsonObject) => (p.infCte as { ide: Record<string, unknown> }).ide;

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nada foi recusado');
}

describe('the payload check names the form field and says it in Portuguese', () => {
  it('what the builder makes passes', () => expect(() => assertCteRules('cte', payload())).not.toThrow());

  it('G047 (675): an ICMS that is not base × rate marks the ICMS step', () => {
    const p = payload();
    (p.infCte as { imp: { ICMS: { ICMS00: { vICMS: number } } } }).imp.ICMS.ICMS00.vICMS = 150;
    const e = refusal(() => assertCteRules('cte', p));
    expect(e.code).toBe('cte_rules');
    expect(e.fields).toEqual(['impostos.icms']);
    expect(e.message).toBe(
      'O valor do ICMS (R$ 150,00) não confere com a base de cálculo × alíquota (R$ 1.500,00 × 12% = R$ 180,00).',
    );
    expect(e.detail).toBe('675 (G047) em infCte.imp.ICMS.ICMS00.vICMS');
  });

  it('G048 (531): vRec above vTPrest marks valores.vRec', () => {
    const p = payload();
    (p.infCte as { vPrest: { vRec: number } }).vPrest.vRec = 1600;
    const e = refusal(() => assertCteRules('cte', p));
    expect(e.fields).toEqual(['valores.vRec']);
    expect(e.message).toMatch(/^O valor a receber \(R\$ 1\.600,00\) não pode passar do valor da prestação/);
  });

  it('G006 (670): a reserved série marks the numbering; G046 (650) the total', () => {
    const p = payload();
    ide(p).serie = 891;
    (p.infCte as { vPrest: { vTPrest: number } }).vPrest.vTPrest = 10_000_000;
    const e = refusal(() => assertCteRules('cte', p));
    expect(e.fields).toEqual(['numeracao', 'valores.vTPrest']);
    expect(e.message).toContain('A série 891 está na faixa reservada (890 a 899): use outra série.');
    expect(e.message).toContain('passa do limite de R$ 9.999.999,99 da SEFAZ');
  });

  it('G027 (581) and G036 (693): a CT-e without the cargo value and without documents marks both', async () => {
    const form = cteForm({ documentos: { nfe: [], dce: [], outros: [] } });
    const { vCarga: _v, ...carga } = form.carga;
    const p = buildCtePayload(cteFormSchema.parse({ ...form, carga }), ctx);
    const e = refusal(() => assertCteRules('cte', p));
    expect(e.fields).toEqual(['carga.vCarga', 'documentos']);
    expect(e.message).toBe(
      'Informe o valor total da carga (obrigatório no CT-e). Informe os documentos transportados (NF-e, DC-e ou outros): a SEFAZ os exige neste tipo de serviço.',
    );
  });

  it('G053 (469): a CT-e paid by the destinatário with no remetente marks the remetente', () => {
    const base = cteForm();
    const form = { ...base, geral: { ...base.geral, toma: 3 as const }, remetente: undefined };
    const e = refusal(() => assertCteRules('cte', buildCtePayload(cteFormSchema.parse(form), ctx)));
    expect(e.fields).toEqual(['remetente']);
    expect(e.message).toBe('Informe o remetente: a SEFAZ o exige neste tipo de serviço.');
  });

  it('G007 (247) and G009 (587): not on the form (the emitter is in Empresas, no contingency field) — the words only', () => {
    const p = payload();
    ide(p).cUF = 35;
    ide(p).tpEmis = 5;
    const e = refusal(() => assertCteRules('cte', p));
    expect(e.fields).toEqual([]);
    expect(e.message).toContain('A UF da chave de acesso (código 35) não é a UF do emitente (PR)');
    expect(e.message).toContain('Na emissão em contingência FS-DA informe a data e hora de entrada');
  });
});

describe('cte:issue stops before sending', () => {
  let rig: Rig;
  let call: CommandCall;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startIssuingSandbox();
    ({ rig, call } = await countedCommands(sandbox.url));
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
    await sandbox?.close();
  });

  it('G051 (524): a freight started in SC by a carrier of PR with CFOP 6353 — the CFOP is marked', async () => {
    const base = cteForm();
    const form = {
      ...base,
      geral: {
        ...base.geral,
        inicio: { cMun: '4202404', xMun: 'Blumenau', uf: 'SC' },
      },
      remetente: {
        ...base.remetente!,
        endereco: { ...base.remetente!.endereco, cMun: '4202404', xMun: 'Blumenau', uf: 'SC' },
        ie: undefined,
      },
    };
    const before = (await listSerie(sandbox.url, 31)).length;
    const error = await call('cte:issue', { kind: 'cte', company: company.cpf_cnpj, serie: 31, form }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual(['geral.cfop']);
    expect((error as AppError).message).toBe(
      'A prestação começa em SC, fora da UF do emitente (PR): use o CFOP 6932 (prestação iniciada em UF diversa daquela onde o prestador está inscrito).',
    );
    // Nothing reached the API and no número was spent or left in the outbox.
    expect((await listSerie(sandbox.url, 31)).length).toBe(before);
    expect(await rig.repos.outbox.open()).toEqual([]);
    // With the CFOP the rule asks for, the same freight is authorized.
    const ok = (await call('cte:issue', {
      kind: 'cte',
      company: company.cpf_cnpj,
      serie: 31,
      form: { ...form, geral: { ...form.geral, cfop: '6932' } },
    })) as { status: string; numero: number };
    expect(ok.status).toBe('autorizado');
    expect(ok.numero).toBe(1);
  });
});
