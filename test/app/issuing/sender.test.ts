import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildCteOsPayload, buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { company, cteForm, cteOsForm } from '../../fiscal/payload/forms';
import { cteSimpBody } from '../../sandbox/dfe/fixtures';
import type { Rig } from './harness';
import { controlFault, openRig, startIssuingSandbox } from './harness';

let sandbox: RunningSandbox;
let rig: Rig;
const form = cteFormSchema.parse(cteForm());
const issueCte = (serie = 1, numero?: number) =>
  rig.issuing.sender.issue({
    kind: 'cte',
    company,
    serie,
    numero,
    build: (ctx) => buildCtePayload(form, ctx),
  });

beforeAll(async () => {
  sandbox = await startIssuingSandbox();
  rig = await openRig(sandbox.url);
}, 30_000);
afterAll(async () => {
  await rig.close();
  await sandbox.close();
});

describe('sender against the sandbox over HTTP', () => {
  it('issues a CT-e: outbox committed, document authorized, XML cached, parties remembered', async () => {
    const out = await issueCte();
    expect(out.status).toBe('autorizado');
    expect(out.numero).toBe(1);
    expect(out.referencia).toMatch(/^carreta-[0-9a-f-]{36}$/);
    const row = await rig.repos.outbox.byReferencia(out.referencia);
    expect(row?.state).toBe('sent');
    expect(row?.apiId).toBe(out.document?.id);
    const cached = await rig.repos.documents.byId(out.cacheId!);
    expect(cached?.xml_state).toBe('present');
    // Homologação: the authorized XML names the parties by the MOC literal (Anexo I G002–G005),
    // which the cache shows as it is and the address book does not learn.
    expect(cached?.remetente_nome).toBe('CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    expect(await rig.repos.addressBook.find(company.cpf_cnpj, '04252011000110')).toEqual([]);
    expect((await issueCte()).numero).toBe(2);
  });

  it('issues a CT-e OS with its own sequence', async () => {
    const os = cteOsFormSchema.parse(cteOsForm());
    const out = await rig.issuing.sender.issue({
      kind: 'cteos',
      company,
      serie: 1,
      build: (ctx) => buildCteOsPayload(os, ctx),
    });
    expect(out.status).toBe('autorizado');
    expect(out.numero).toBe(1);
  });

  it('reuses a rejected número, never an authorized one', async () => {
    await controlFault(sandbox.url, {
      type: 'rejeicao',
      count: 1,
      codigo_status: 402,
      motivo_status: 'Rejeição: XML mal formado',
    });
    const rejected = await issueCte(2);
    expect(rejected.status).toBe('rejeitado');
    expect(rejected.rejection?.codigo).toBe(402);
    const next = await issueCte(2);
    expect(next.status).toBe('autorizado');
    expect(next.numero).toBe(rejected.numero);
    expect((await issueCte(2)).numero).toBe(next.numero + 1);
  });

  it('a duplicity (539) moves to the next free número and resends once', async () => {
    // Another program authorized série 3 número 1 behind the app's back; the cache knows nothing.
    const other = await rig.client.cte.emitir(
      buildCtePayload(form, {
        company,
        serie: 3,
        numero: 1,
        ambiente: 'homologacao',
        referencia: 'outro-programa-1',
        dhEmi: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      }),
    );
    expect(other.status).toBe('autorizado');
    const out = await issueCte(3, 1);
    expect(out.status).toBe('autorizado');
    expect(out.numero).toBe(2);
    expect(out.warnings.join(' ')).toMatch(/já estava em uso/);
  });

  it('polls a pendente document until it is final', async () => {
    await controlFault(sandbox.url, { type: 'pendente', polls: 3, documents: 1 });
    const out = await issueCte(4);
    expect(out.status).toBe('autorizado');
  });

  it('a request the API refuses (400) releases the número and names form fields', async () => {
    const bad = await rig.issuing.sender.issue({
      kind: 'cte',
      company,
      serie: 5,
      build: (ctx) => {
        const p = buildCtePayload(form, ctx);
        // Deliberately bad: an IE the request schema refuses.
        p.infCte.rem!.IE = 'XYZ';
        return p;
      },
    });
    expect(bad.status).toBe('recusado');
    expect(bad.rejection?.fields).toContain('remetente.ie');
    // In words, by field, from the body's errors list; an HTTP status is no SEFAZ code.
    expect(bad.rejection?.codigo).toBeNull();
    const problem = bad.rejection?.problems.find((p) => p.field === 'remetente.ie');
    expect(problem?.message).toMatch(/^A inscrição estadual do remetente /);
    expect(bad.rejection?.motivo).not.toMatch(/400/);
    expect((await issueCte(5)).numero).toBe(bad.numero);
  });

  it('kind cte-simp posts to /cte/simp and shares the model-57 sequence', async () => {
    const out = await rig.issuing.sender.issue({
      kind: 'cte-simp',
      company,
      serie: 6,
      build: (ctx) => {
        const body = cteSimpBody();
        Object.assign(body.infCte.ide, { serie: ctx.serie, nCT: ctx.numero, dhEmi: ctx.dhEmi });
        return { ...body, referencia: ctx.referencia, ambiente: ctx.ambiente } as never;
      },
    });
    expect(out.status).toBe('autorizado');
    expect(out.document?.modelo).toBe(57);
    const row = await rig.repos.db.get<{ variant: string; kind: string }>(
      'SELECT variant, kind FROM outbox WHERE id = ?',
      [out.outboxId],
    );
    expect(row).toEqual({ variant: 'cte-simp', kind: 'cte' });
    expect((await issueCte(6)).numero).toBe(out.numero + 1);
  });
});
