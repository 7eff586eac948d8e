// A CT-e Simplificado issued with `cte:issue` through the sandbox: its Documentos browse columns
// (tomador, UFs, the deliveries' municipalities, values and key read from its cteSimpProc, which has
// no ide/xMunIni nor rem/dest; a normal CT-e keeps its ide municipalities) and its "Duplicar", a
// 'cte-simp' draft although the document screen knows it as a 'cte'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cteCommands } from '../../../electron/app/commands/cte';
import { draftCommands } from '../../../electron/app/commands/drafts';
import type { AppContext } from '../../../electron/app/context';
import { extractFields } from '../../../electron/app/sync/extract';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { commands } from '../../../electron/shared/contract';
import { cteXml } from '../../documents/fixtures';
import { cteSimpForm } from '../../fiscal/payload/cte-simp-forms';
import { company } from '../../fiscal/payload/forms';
import { memoryHost } from '../../support/memory-host';
import { openRig, startIssuingSandbox, target } from './harness';
import type { Rig } from './harness';

type Row = Record<string, string | number | null>;

describe('an issued CT-e Simplificado', () => {
  let sandbox: RunningSandbox;
  let rig: Rig;
  let issue: (input: unknown) => Promise<{ cacheId: number | null; status: string; document: Row | null }>;
  let duplicate: (input: unknown) => Promise<{ kind: string; data: unknown }>;

  beforeAll(async () => {
    sandbox = await startIssuingSandbox();
    rig = await openRig(sandbox.url);
    const { host } = memoryHost({ settings: { environment: 'sandbox', series: { cte: 9 } } });
    const ctx = {
      host,
      cache: { require: () => rig.repos, repos: null },
      api: { client: async () => ({ client: rig.client, target: target(sandbox.url) }) },
    } as unknown as AppContext;
    const table = cteCommands(ctx, rig.issuing) as unknown as Record<
      string,
      (i: unknown) => Promise<unknown>
    >;
    issue = async (input) => {
      const def = commands['cte:issue'];
      return def.output.parse(await table['cte:issue']!(def.input.parse(input))) as Awaited<
        ReturnType<typeof issue>
      >;
    };
    const drafts = draftCommands(ctx);
    duplicate = async (input) => {
      const def = commands['drafts:duplicate'];
      return def.output.parse(await drafts['drafts:duplicate'](def.input.parse(input)));
    };
  }, 30_000);
  afterAll(async () => {
    await rig?.close();
    await sandbox?.close();
  });

  it('the cached row has tomador, route, values and key', async () => {
    const out = await issue({ kind: 'cte-simp', company: company.cpf_cnpj, form: cteSimpForm() });
    expect(out.status).toBe('autorizado');
    const row = await rig.repos.db.get<Row>('SELECT * FROM documents WHERE id = ?', [out.cacheId]);
    expect(row).toMatchObject({
      tomador_nome: 'Indústria Remetente Ltda',
      tomador_doc: '04252011000110',
      remetente_nome: null,
      destinatario_nome: null,
      uf_inicio: 'PR',
      municipio_inicio: 'Curitiba',
      uf_fim: 'SP',
      municipio_fim: 'São Paulo, Campinas',
      valor_prestacao: 115050,
      valor_icms: 13806,
      serie: 9,
    });
    expect(String(row?.chave)).toMatch(/^\d{20}57/);
    const copy = await duplicate({ company: company.cpf_cnpj, kind: 'cte', id: String(out.document?.id) });
    expect(copy.kind).toBe('cte-simp');
    const data = copy.data as {
      entregas: { destino: { xMun: string; uf: string } }[];
      tomador: { xNome: string };
    };
    expect(data.entregas.map((e) => `${e.destino.xMun}/${e.destino.uf}`)).toEqual([
      'São Paulo/SP',
      'Campinas/SP',
    ]);
    expect(data.tomador.xNome).toBe('Indústria Remetente Ltda');
  });

  it('a normal CT-e still takes its municipalities from ide', () => {
    const fields = extractFields(cteXml(1, 1)).fields;
    expect(fields).toMatchObject({ municipioInicio: 'CAMPINAS', municipioFim: 'CURITIBA' });
  });
});
