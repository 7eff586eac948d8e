// DC-e sending is the CT-e mechanism: a lost answer never becomes two declarations, a rejected
// número is reused, a slow authority is polled — all through dce:issue over a real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dceCommands } from '../../../electron/app/commands/dce';
import type { AppContext } from '../../../electron/app/context';
import type { Dfe } from '../../../electron/nuvemfiscal';
import { isReferenciaDuplicada } from '../../../electron/nuvemfiscal';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { buildDcePayload } from '../../../electron/fiscal/payload/dce';
import { commands } from '../../../electron/shared/contract';
import { dceFormSchema } from '../../../electron/shared/schemas/dce-form';
import { company } from '../../fiscal/payload/forms';
import { memoryHost } from '../../support/memory-host';
import type { Rig } from '../issuing/harness';
import { controlFault, openRig, startIssuingSandbox, target } from '../issuing/harness';
import { dceForm } from './fixtures';

const SERIE = 77;
let sandbox: RunningSandbox;
let rig: Rig;
let issue: () => Promise<{ status: string; numero: number; document: Record<string, unknown> | null }>;

beforeAll(async () => {
  sandbox = await startIssuingSandbox();
  rig = await openRig(sandbox.url);
  const { host } = memoryHost({ settings: { environment: 'sandbox', series: { dce: SERIE } } });
  const ctx = {
    host,
    cache: { require: () => rig.repos, repos: null },
    api: { client: async () => ({ client: rig.client, target: target(sandbox.url) }) },
  } as unknown as AppContext;
  const table = dceCommands(ctx, rig.issuing);
  issue = async () =>
    commands['dce:issue'].output.parse(
      await table['dce:issue'](
        commands['dce:issue'].input.parse({ company: company.cpf_cnpj, form: dceForm() }),
      ),
    );
}, 30_000);
afterAll(async () => {
  await rig?.close();
  await sandbox?.close();
});

async function atSandbox(): Promise<Dfe[]> {
  const page = await rig.client.dce.listar(
    { cpf_cnpj: company.cpf_cnpj, ambiente: 'homologacao', serie: SERIE },
    { top: 100 },
  );
  return page.data;
}

describe('DC-e sending through the shared outbox', () => {
  it('a dropped answer is found by referencia, not sent twice', async () => {
    // The fault bites: a plain POST (no lookup) commits at the sandbox and loses its answer.
    await controlFault(sandbox.url, { type: 'drop', path: '/dce', count: 1 });
    const probe = buildDcePayload(dceFormSchema.parse(dceForm()), {
      company,
      serie: SERIE + 1,
      numero: 1,
      ambiente: 'homologacao',
      referencia: 'probe-drop',
      dhEmi: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    const lost = await rig.client.dce.emitir(probe).catch((e: unknown) => e);
    // The client's retry of the lost POST meets its own referencia: the first one reached the API.
    expect(isReferenciaDuplicada(lost)).toBe(true);
    await controlFault(sandbox.url, { type: 'drop', path: '/dce', count: 1 });
    const out = await issue();
    expect(out.status).toBe('autorizado');
    const docs = await atSandbox();
    expect(docs.filter((d) => d.numero === out.numero)).toHaveLength(1);
    expect(docs).toHaveLength(1);
  }, 30_000);

  it('a rejected número is given back and used by the next send', async () => {
    await controlFault(sandbox.url, {
      type: 'rejeicao',
      count: 1,
      codigo_status: 999,
      motivo_status: 'Rejeição: Erro não catalogado',
    });
    const rejected = await issue();
    expect(rejected.status).toBe('rejeitado');
    const next = await issue();
    expect(next.status).toBe('autorizado');
    expect(next.numero).toBe(rejected.numero);
  }, 30_000);

  it('a pending document is polled until it settles', async () => {
    await controlFault(sandbox.url, { type: 'pendente', polls: 2, documents: 1 });
    const out = await issue();
    expect(out.status).toBe('autorizado');
    const authorized = (await atSandbox()).filter((d) => d.status === 'autorizado').map((d) => d.numero);
    expect(new Set(authorized).size).toBe(authorized.length);
  }, 30_000);
});
