// Documentos browse columns of a CT-e Simplificado: issued with `cte:issue` through the sandbox, the
// cached row carries tomador, UFs, the deliveries' municipalities, values and key read from its
// cteSimpProc (which has no ide/xMunIni nor rem/dest); a normal CT-e keeps its ide municipalities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cteCommands } from '../../../electron/app/commands/cte';
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

describe('browse fields of a CT-e Simplificado', () => {
  let sandbox: RunningSandbox;
  let rig: Rig;
  let issue: (input: unknown) => Promise<{ cacheId: number | null; status: string }>;

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
      return def.output.parse(await table['cte:issue']!(def.input.parse(input)));
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
  });

  it('a normal CT-e still takes its municipalities from ide', () => {
    const fields = extractFields(cteXml(1, 1)).fields;
    expect(fields).toMatchObject({ municipioInicio: 'CAMPINAS', municipioFim: 'CURITIBA' });
  });
});
