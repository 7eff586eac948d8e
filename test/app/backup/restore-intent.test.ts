// Nothing in a restored file is sent by itself, and no setting changes unasked (issue 24, items 1
// and 2). Against the embedded sandbox: a backup carrying a planted `queued` send and a send left
// `sending` (its document already authorized) is restored; the resolver sends nothing; each row
// waits as "pendente de revisão" until the clerk resolves it — found by `referencia` first, so the
// authorized one is recognised and never sent again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import type { Settings } from '../../../electron/shared/schemas/settings';
import { demoCteForm } from '../../fiscal/payload/forms';
import { craftBackup } from '../../support/backup-craft';
import { memoryHost } from '../../support/memory-host';

interface Held {
  id: number;
  referencia: string;
  state: string;
  environment: string;
  numero: number | null;
}

const smtp = {
  host: 'smtp.transportadora.com.br',
  port: 587,
  security: 'starttls' as const,
  user: 'fiscal@transportadora.com.br',
  fromName: 'Transportadora',
  fromAddress: 'fiscal@transportadora.com.br',
  replyTo: '',
  cc: [],
  bcc: [],
  subjectTemplate: 'CT-e {numero}',
  bodyTemplate: 'Segue o CT-e.',
};

describe('restore: data, not intent', { timeout: 120_000 }, () => {
  let app: CarretaApp;
  let backup: Buffer;
  let authorized: { referencia: string; numero: number; outboxId: number };

  async function call<T>(channel: string, input: unknown = {}): Promise<T> {
    const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.data;
  }
  async function failure(channel: string, input: unknown = {}) {
    const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<unknown>;
    if (envelope.ok) throw new Error(`${channel} should have failed`);
    return envelope.error;
  }
  const atApi = async (referencia: string) => {
    const { client, target } = await app.context.api.client();
    return client.cte.porReferencia({ cpf_cnpj: DEMO_CNPJ, ambiente: target.ambiente }, referencia);
  };
  const restore = async (bytes: Buffer, accept: string[] = []) => {
    const asked = await call<{ token: string; held: number; settingChanges: { key: string }[] }>(
      'backup:restore',
      { base64: bytes.toString('base64') },
    );
    const restored = await call<{ held: number }>('backup:restore', {
      token: asked.token,
      confirm: true,
      acceptSettingChanges: accept,
    });
    return { asked, restored };
  };

  beforeAll(async () => {
    const { host } = memoryHost();
    host.settings.update({ smtp });
    app = await createApp(host);
    await app.context.embedded.ensure();
    app.context.sync.stop();
    app.context.inbox.stop();
    const issued = await call<{ referencia: string; numero: number; outboxId: number; status: string }>(
      'cte:issue',
      { kind: 'cte', company: DEMO_CNPJ, form: demoCteForm() },
    );
    expect(issued.status).toBe('autorizado');
    authorized = issued;
    backup = Buffer.from((await call<{ base64: string }>('backup:create')).base64, 'base64');
  });
  afterAll(async () => {
    await app.dispose();
  });

  it('a planted queued send and a send left open come back held; the resolver sends nothing', async () => {
    const crafted = await craftBackup(backup, {
      sql: [
        // The backup was made while the authorized CT-e was still being sent…
        `UPDATE outbox SET state = 'sending' WHERE referencia = '${authorized.referencia}'`,
        // …and someone planted a send of their own, a copy with another referencia and número.
        `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, created_at, updated_at)
           SELECT 'carreta-plantado-1', kind, company, environment, serie, numero + 50,
                  json_set(replace(payload_json, referencia, 'carreta-plantado-1'), '$.infCte.ide.nCT', numero + 50),
                  'queued', created_at, updated_at
             FROM outbox WHERE referencia = '${authorized.referencia}'`,
        // …and an averbação of it was waiting for the averbadora.
        `INSERT INTO averbacao_queue (company, environment, tipo, operacao, chave, modelo, serie, numero,
             averbadora, estado, criado_em, atualizado_em)
           VALUES ('${DEMO_CNPJ}', 'demonstracao', 'cte', 'averbar', '${'3'.repeat(44)}', '57', 1, 9001,
             'atm-soap', 'pendente', '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')`,
      ],
    });
    const { asked, restored } = await restore(crafted);
    expect(asked.held).toBe(2);
    expect(restored.held).toBe(2);
    // The averbação planted in the file waits for the clerk as well (never sent by itself).
    const planted = await app.context.cache.repos!.db.get<{ estado: string }>(
      `SELECT estado FROM averbacao_queue WHERE numero = 9001`,
    );
    expect(planted?.estado).toBe('revisar');

    const { client } = await app.context.api.client();
    const emitir = vi.spyOn(client.cte, 'emitir');
    // What the app runs on start and on reconnection: nothing is open for it.
    expect(await call<{ items: unknown[] }>('outbox:resolve')).toEqual({ items: [] });
    expect(emitir).not.toHaveBeenCalled();
    expect(await atApi('carreta-plantado-1')).toBeNull();

    const held = (await call<{ items: Held[] }>('outbox:held')).items;
    expect(held.map((row) => [row.referencia, row.state])).toEqual([
      [authorized.referencia, 'sending'],
      ['carreta-plantado-1', 'queued'],
    ]);
    expect((await call<{ held: number }>('backup:status')).held).toBe(2);

    // The authorized one: recognised at the API, settled, never sent again.
    const found = await call<{ outcome: string; status: string }>('outbox:review', {
      id: held[0]!.id,
      action: 'enviar',
    });
    expect(found).toMatchObject({ outcome: 'encontrado', status: 'autorizado' });
    expect(emitir).not.toHaveBeenCalled();

    // The planted one: the API never saw it. Checking sends nothing; discarding frees its número.
    const checked = await call<{ outcome: string; message: string }>('outbox:review', {
      id: held[1]!.id,
      action: 'conferir',
    });
    expect(checked.outcome).toBe('nao_encontrado');
    expect(checked.message).toMatch(/nunca chegou a ser enviado/);
    const discarded = await call<{ outcome: string }>('outbox:review', {
      id: held[1]!.id,
      action: 'descartar',
    });
    expect(discarded.outcome).toBe('descartado');
    expect(emitir).not.toHaveBeenCalled();
    expect(await atApi('carreta-plantado-1')).toBeNull();
    expect((await call<{ items: Held[] }>('outbox:held')).items).toEqual([]);
    const rows = await app.context.cache
      .require()
      .db.all<{ referencia: string; state: string }>('SELECT referencia, state FROM outbox ORDER BY id');
    expect(rows).toEqual([
      { referencia: authorized.referencia, state: 'sent' },
      { referencia: 'carreta-plantado-1', state: 'abandoned' },
    ]);
    expect((await failure('outbox:review', { id: held[1]!.id, action: 'enviar' })).code).toBe(
      'outbox_not_held',
    );
    emitir.mockRestore();
  });

  it('a held send the clerk chooses to send goes once, looked up first', async () => {
    const crafted = await craftBackup(backup, {
      sql: [
        `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, created_at, updated_at)
           SELECT 'carreta-revisado-2', kind, company, environment, serie, numero + 60,
                  json_set(replace(payload_json, referencia, 'carreta-revisado-2'), '$.infCte.ide.nCT', numero + 60),
                  'failed', created_at, updated_at
             FROM outbox WHERE referencia = '${authorized.referencia}'`,
      ],
    });
    await restore(crafted);
    expect(await call<{ items: unknown[] }>('outbox:resolve')).toEqual({ items: [] });
    expect(await atApi('carreta-revisado-2')).toBeNull();
    const [row] = (await call<{ items: Held[] }>('outbox:held')).items;
    const sent = await call<{ outcome: string; status: string }>('outbox:review', {
      id: row!.id,
      action: 'enviar',
    });
    expect(sent).toMatchObject({ outcome: 'enviado', status: 'autorizado' });
    expect((await atApi('carreta-revisado-2'))?.status).toBe('autorizado');
  });

  it('settings from a backup are proposals: every change listed, none taken unticked', async () => {
    const before = app.context.host.settings.get();
    const crafted = await craftBackup(backup, {
      settings: (s): Settings => ({
        ...s,
        environment: 'producao',
        hosts: {
          ...s.hosts,
          producao: { api: 'https://api.estranho.example', auth: 'https://auth.estranho.example/t' },
        },
        scopes: 'conta empresa cte',
        smtp: { ...smtp, bcc: ['copia@estranho.example'], replyTo: 'responda@estranho.example' },
      }),
    });
    const { asked } = await restore(crafted);
    expect(asked.settingChanges.map((change) => change.key)).toEqual([
      'environment',
      'hosts.producao',
      'scopes',
      'smtp.replyTo',
      'smtp.bcc',
    ]);
    expect(app.context.host.settings.get()).toEqual(before);

    // Only what is ticked: the Bcc, not the environment.
    await restore(crafted, ['smtp.bcc']);
    const after = app.context.host.settings.get();
    expect(after.smtp?.bcc).toEqual(['copia@estranho.example']);
    expect(after.smtp?.replyTo).toBe('');
    expect(after.environment).toBe('demonstracao');
    expect(after.hosts).toEqual(before.hosts);
    expect(after.scopes).toBe(before.scopes);
  });

  it('the confirmation names a whole SMTP block, copies included, when this machine has none', async () => {
    const current = app.context.host.settings.get();
    app.context.host.settings.update({ smtp: undefined });
    try {
      const crafted = await craftBackup(backup, {
        settings: (s): Settings => ({ ...s, smtp: { ...smtp, bcc: ['oculta@estranho.example'] } }),
      });
      const asked = await call<{ token: string; settingChanges: { key: string; backup: string }[] }>(
        'backup:restore',
        { base64: crafted.toString('base64') },
      );
      const change = asked.settingChanges.find((c) => c.key === 'smtp');
      expect(change?.backup).toContain('Cco (cópia oculta) oculta@estranho.example');
      await call('backup:restore', { token: asked.token, confirm: true });
      expect(app.context.host.settings.get().smtp).toBeUndefined();
    } finally {
      app.context.host.settings.update({ smtp: current.smtp });
    }
  });
});
