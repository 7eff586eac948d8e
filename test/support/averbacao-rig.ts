// The averbação service over a real cache file and the averbadoras' doubles on 127.0.0.1, with a
// clock the test moves: documents are "authorized" into the cache as the sync or the sender would
// leave them (the record, the processed XML), and the service finds and sends them by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { AverbacaoService } from '../../electron/app/averbacao/service';
import { InsurerSettingsService } from '../../electron/app/averbacao/settings';
import { createXmlSource } from '../../electron/app/averbacao/xml-source';
import { openCache } from '../../electron/cache';
import type { Repositories } from '../../electron/cache/repositories';
import { createRepositories, packFile, toAverbacaoRow } from '../../electron/cache/repositories';
import type { RunningInsurerDoubles } from '../../electron/sandbox/insurers/server';
import { startInsurerDoubles } from '../../electron/sandbox/insurers/server';
import type { Averbadora, InsurerSettings } from '../../electron/shared/schemas/averbacao';
import { cteCancelamento, cteProc, TEST_CNPJ } from './averbacao-docs';
import { MemorySecrets, MemorySettings } from './memory-host';

export const RIG_PASSWORD = 'senha-da-averbadora-4e7';

export interface RigOptions {
  averbadora?: Averbadora;
  backoffMs?: number[];
  doubles?: RunningInsurerDoubles;
  epochFile?: string;
  dir?: string;
  /** Latency of the doubles' answers (ms), the "default latency" of the benchmark. */
  latencyMs?: number;
  /** The clients' read timeout (ms). */
  timeoutMs?: number;
}

export async function averbacaoRig(options: RigOptions = {}) {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'carreta-averbacao-'));
  const doubles =
    options.doubles ??
    (await startInsurerDoubles({
      atmUsers: [{ usuario: 'transp', senha: RIG_PASSWORD, codatm: '11000042' }],
      portoUsers: [{ user: 'transp', pass: RIG_PASSWORD }],
    }));
  if (options.latencyMs) doubles.control.faults.add({ type: 'latencia', ms: options.latencyMs });
  let db = await openCache(path.join(dir, 'carreta.db'));
  let repos: Repositories = createRepositories(db);
  let clock = Date.parse('2026-11-20T12:00:00Z');
  const settings: InsurerSettings = {
    ativo: true,
    averbadora: options.averbadora ?? 'atm-soap',
    usuario: 'transp',
    codatm: '11000042',
    url: doubles.url,
    apolice: '5400012345',
    seguradora: 'SEGURADORA EXEMPLO SA',
    cnpjSeguradora: '99000000000159',
    responsavel: 1,
    cobertura: { cteos: false, cteSimp: true, nfeCargaPropria: false, mdfe: true },
    desde: '2026-11-01',
  };
  const store = new MemorySettings({ environment: 'producao' });
  const insurers = new InsurerSettingsService(store, new MemorySecrets(), async () => null);
  await insurers.save('producao', { company: TEST_CNPJ, settings, senha: RIG_PASSWORD });
  const changes: string[] = [];
  const makeService = (epochFile?: string) =>
    new AverbacaoService({
      repos: () => repos,
      settings: insurers,
      environment: () => 'producao',
      xml: createXmlSource({
        repos: () => repos,
        api: () => Promise.reject(new Error('sem API nos testes')),
        nfeXml: () => Promise.reject(new Error('sem caixa de entrada nos testes')),
      }),
      now: () => new Date(clock),
      backoffMs: options.backoffMs ?? [30_000, 60_000, 120_000],
      timeoutMs: options.timeoutMs ?? 5_000,
      changed: (company) => changes.push(company),
      ...(epochFile ? { epochFile } : {}),
    });
  let service = makeService(options.epochFile);
  let apiId = 0;

  /** A CT-e authorized now (as the sender or the sync leaves it in the cache); its key. */
  async function authorize(numero: number, serie = 1, emissao?: string): Promise<string> {
    const doc = cteProc({ numero, serie });
    const at = new Date(clock).toISOString();
    const [result] = await repos.documents.upsertBatch([
      {
        company: TEST_CNPJ,
        kind: 'cte',
        environment: 'producao',
        record: {
          id: `cte_${++apiId}`,
          status: 'autorizado',
          ambiente: 'producao',
          modelo: 57,
          serie,
          numero,
          chave: doc.chave,
          data_emissao: emissao ?? `2026-11-20T09:${String(numero % 60).padStart(2, '0')}:00-03:00`,
          autorizacao: { data_recebimento: at },
        },
        files: [{ kind: 'xml', file: await packFile(Buffer.from(doc.xml), 'application/xml') }],
      },
    ]);
    void result;
    return doc.chave;
  }

  /** SEFAZ registered the CT-e's cancellation (event and its XML in the cache). */
  async function cancel(chave: string): Promise<void> {
    const row = await repos.db.get<{ id: number }>('SELECT id FROM documents WHERE chave = ?', [chave]);
    await repos.db.run("UPDATE documents SET status = 'cancelado' WHERE id = ?", [row!.id]);
    const eventId = await repos.events.upsert({
      docId: row!.id,
      apiId: `ev_${chave.slice(-6)}`,
      type: 'cancelamento',
      sequence: 1,
      status: 'registrado',
      protocolo: '135260000123999',
      dataEvento: new Date(clock).toISOString(),
      record: {},
    });
    await repos.files.put(row!.id, eventId, 'xml', Buffer.from(cteCancelamento(chave)), 'application/xml');
  }

  return {
    dir,
    doubles,
    settings,
    insurers,
    changes,
    get repos() {
      return repos;
    },
    get service() {
      return service;
    },
    authorize,
    cancel,
    advance(ms: number) {
      clock += ms;
    },
    now: () => new Date(clock),
    /** Runs the service until nothing due is left (each pass settles what it can). */
    async run(): Promise<void> {
      await service.runOnce();
    },
    async rows() {
      return (await repos.averbacao.list('producao', TEST_CNPJ, undefined, 10_000, 0)).rows.map(
        toAverbacaoRow,
      );
    },
    /** Another launch of the app on this folder (a new service; the same or another cache file). */
    async relaunch(next: { epochFile?: string; file?: string } = {}) {
      service.stop();
      await service.idle();
      await db.close();
      db = await openCache(next.file ?? path.join(dir, 'carreta.db'));
      repos = createRepositories(db);
      service = makeService(next.epochFile ?? options.epochFile);
    },
    async close() {
      service.stop();
      await service.idle();
      await db.close();
      if (!options.doubles) await doubles.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type AverbacaoRig = Awaited<ReturnType<typeof averbacaoRig>>;
