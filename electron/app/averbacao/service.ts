// The averbação service: finds what must reach each company's averbadora (scan.ts), sends it in
// order through the persistent queue (worker.ts) right after authorization and again whenever the
// network returns, and answers the screens: the Painel's summary with the gaps of each série, a
// document's rows, the MDF-e's trip (its CT-e averbados, the `seg` to propose, ANTT's 99999 only
// when the averbadora cannot answer). A cache restored from a backup never sends by itself: its rows
// in flight wait for the clerk (the epoch check below).
import { BRASILIA_OFFSET, brasiliaDayOf } from '../../fiscal/brasilia';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { QueueRow, Repositories } from '../../cache/repositories';
import { toAverbacaoRow } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import { parseAccessKey } from '../../fiscal/access-key';
import { sequenceGaps } from '../../fiscal/averbacao';
import type { InsurerClient, InsurerEndpoint } from '../../insurers';
import { createInsurerClient } from '../../insurers';
import { AppError } from '../../shared/errors';
import type {
  AverbacaoBadge,
  AverbacaoGap,
  AverbacaoRow,
  AverbacaoSummary,
  AverbacaoTrip,
  AverbacaoEstado,
} from '../../shared/schemas/averbacao';
import type { Logger } from '../logger';
import { scanForAverbacao } from './scan';
import type { InsurerSettingsService } from './settings';
import { AverbacaoWorker, DEFAULT_BACKOFF_MS } from './worker';
import type { XmlSource } from './xml-source';

export interface AverbacaoServiceDeps {
  repos: () => Repositories | null;
  settings: InsurerSettingsService;
  environment: () => Environment;
  xml: XmlSource;
  /** The screens are told a company's averbações changed. */
  changed?: (company: string, environment: Environment) => void;
  now?: () => Date;
  backoffMs?: readonly number[];
  /** The file that holds this computer's queue epoch (absent: no restore check, as in unit tests). */
  epochFile?: string;
  /** Read timeout of the averbadoras' services (60 s: Q-ATM-11). */
  timeoutMs?: number;
  logger?: Logger;
}

const OPEN: readonly AverbacaoEstado[] = ['pendente', 'enviando', 'falha'];

export class AverbacaoService {
  private readonly worker: AverbacaoWorker;
  private readonly clients = new Map<string, InsurerClient>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private checkedDb: unknown = null;
  private stopped = false;

  constructor(private readonly deps: AverbacaoServiceDeps) {
    this.worker = new AverbacaoWorker({
      repos: deps.repos,
      environment: deps.environment,
      resolve: (environment, company) => deps.settings.resolve(environment, company),
      client: (endpoint) => this.clientFor(endpoint),
      xml: deps.xml,
      now: () => this.now(),
      backoffMs: deps.backoffMs ?? DEFAULT_BACKOFF_MS,
      changed: (company) => deps.changed?.(company, deps.environment()),
    });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** One client per endpoint and password, so AT&M's token and AverbePorto's session are reused. */
  private clientFor(endpoint: InsurerEndpoint): InsurerClient {
    const key = JSON.stringify([
      endpoint.averbadora,
      endpoint.baseUrl,
      endpoint.usuario,
      endpoint.codatm,
      endpoint.senha,
    ]);
    let client = this.clients.get(key);
    if (!client) {
      client = createInsurerClient({ ...endpoint, timeoutMs: this.deps.timeoutMs ?? 60_000 });
      this.clients.set(key, client);
    }
    return client;
  }

  // The loop ------------------------------------------------------------------------------------

  /** Runs now and then every `intervalMs` (the due retries); kick() runs sooner. */
  start(intervalMs = 30_000): void {
    this.stopped = false;
    this.stop(false);
    this.kick();
    this.interval = setInterval(() => this.kick(), intervalMs);
    this.interval.unref?.();
  }

  stop(mark = true): void {
    if (mark) this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.interval) clearInterval(this.interval);
    this.timer = null;
    this.interval = null;
  }

  /** A document was authorized or cancelled, the sync brought some, the network came back. */
  kick(delayMs = 0): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce().catch((error: unknown) =>
        this.deps.logger?.warn('averbação: rodada falhou', error),
      );
    }, delayMs);
    this.timer.unref?.();
  }

  /** Waits for the pass in progress (and one it asked for). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Scans and sends once; a call during a pass makes the pass run again at its end. */
  runOnce(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async pass(): Promise<void> {
    const repos = this.deps.repos();
    if (!repos) return;
    await this.checkEpoch(repos);
    const environment = this.deps.environment();
    for (const company of this.deps.settings.companies(environment)) {
      const settings = this.deps.settings.get(environment, company);
      if (!settings?.ativo) continue;
      const { added } = await scanForAverbacao(repos, environment, company, settings, this.now());
      if (added > 0) this.deps.changed?.(company, environment);
    }
    await this.worker.run();
  }

  /**
   * This computer's epoch, in a file beside the cache, must match the one the cache recorded. A
   * cache that carries another one (a restored backup, a copy from another computer) keeps its rows
   * in flight for the clerk instead of sending them; a cache left mid-send by a crash of this same
   * computer resends them (the averbadora recognises a resend).
   */
  private async checkEpoch(repos: Repositories): Promise<void> {
    if (this.checkedDb === repos.db) return;
    // Another database while running: the cache was replaced by a restored backup.
    const replaced = this.checkedDb !== null;
    this.checkedDb = repos.db;
    if (!this.deps.epochFile) {
      if (replaced) await this.hold(repos);
      else await repos.averbacao.resumeInterrupted(this.now());
      return;
    }
    let fileEpoch: string | null;
    try {
      fileEpoch = readFileSync(this.deps.epochFile, 'utf8').trim() || null;
    } catch {
      fileEpoch = null;
    }
    const dbEpoch = await repos.averbacao.meta('epoch');
    const fresh = dbEpoch === null && fileEpoch === null;
    if (!replaced && (fresh || (dbEpoch !== null && dbEpoch === fileEpoch)))
      await repos.averbacao.resumeInterrupted(this.now());
    else await this.hold(repos);
    // A new epoch per launch: a backup taken now carries this one, and once restored after the next
    // launch it no longer matches. The cache is written first: a crash in between errs on holding.
    const epoch = randomUUID();
    await repos.averbacao.setMeta('epoch', epoch);
    mkdirSync(path.dirname(this.deps.epochFile), { recursive: true });
    writeFileSync(this.deps.epochFile, epoch, { mode: 0o600 });
  }

  private async hold(repos: Repositories): Promise<void> {
    const held = await repos.averbacao.holdInFlightForReview(this.now());
    if (held > 0)
      this.deps.logger?.warn(`averbação: ${held} envio(s) de um banco restaurado aguardam conferência`);
  }

  /** The restore hook: the rows in flight of the cache now open wait for the clerk. */
  async holdInFlightForReview(): Promise<number> {
    const repos = this.deps.repos();
    if (!repos) return 0;
    const held = await repos.averbacao.holdInFlightForReview(this.now());
    // Checked already: the next pass does not count this database as replaced once more.
    this.checkedDb = repos.db;
    return held;
  }

  // The screens ----------------------------------------------------------------------------------

  private repos(): Repositories {
    const repos = this.deps.repos();
    if (!repos)
      throw new AppError(
        'cache_degraded',
        'O banco de dados local não está disponível: restaure uma cópia de segurança.',
      );
    return repos;
  }

  async summary(company: string): Promise<AverbacaoSummary> {
    const repos = this.repos();
    const environment = this.deps.environment();
    const settings = this.deps.settings.get(environment, company);
    // The month's first instant in Brasília, as a UTC ISO text (the cache's order).
    const month = brasiliaDayOf(this.now()).slice(0, 7);
    const monthStart = new Date(`${month}-01T00:00:00${BRASILIA_OFFSET}`).toISOString();
    const counts = await repos.averbacao.counts(environment, company, monthStart.slice(0, 10));
    const problemas = await repos.averbacao.list(
      environment,
      company,
      ['recusado', 'falha', 'revisar'],
      20,
      0,
    );
    const resolved = settings?.ativo ? await this.deps.settings.resolve(environment, company) : null;
    return {
      configurada: Boolean(settings?.ativo),
      averbadora: settings?.averbadora ?? null,
      ...counts,
      lacunas: await this.gaps(repos, environment, company),
      problemas: problemas.rows.map(toAverbacaoRow),
      parada: resolved?.problema ?? null,
    };
  }

  private async gaps(
    repos: Repositories,
    environment: Environment,
    company: string,
  ): Promise<AverbacaoGap[]> {
    const rows = (await repos.averbacao.sequence(environment, company)).filter(
      (r) => r.estado !== 'dispensado',
    );
    const groups = new Map<string, QueueRow[]>();
    for (const row of rows) {
      const key = `${row.modelo}|${row.serie}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const out: AverbacaoGap[] = [];
    for (const group of groups.values()) {
      const byNumero = new Map(group.map((r) => [r.numero, r]));
      for (const gap of sequenceGaps(
        group.map((r) => ({
          numero: r.numero,
          averbado: r.estado === 'averbado',
          averbadoEm: r.averbado_em,
        })),
      )) {
        const row = byNumero.get(gap.numero);
        out.push({
          tipo: row?.tipo ?? 'cte',
          serie: row?.serie ?? 0,
          numero: gap.numero,
          chave: row?.chave ?? null,
          lacuna: gap.tipo,
        });
      }
    }
    return out;
  }

  async list(
    company: string,
    estados: readonly AverbacaoEstado[] | undefined,
    limit: number,
    offset: number,
  ) {
    const { rows, total } = await this.repos().averbacao.list(
      this.deps.environment(),
      company,
      estados,
      limit,
      offset,
    );
    return { rows: rows.map(toAverbacaoRow), total };
  }

  async doc(company: string, chave: string): Promise<AverbacaoRow[]> {
    return (await this.repos().averbacao.byChave(this.deps.environment(), company, chave)).map(
      toAverbacaoRow,
    );
  }

  /** The 99999 contingency an MDF-e went out with: found by the CT-e it carries. */
  async mdfeContingencia(
    company: string,
    chave: string,
  ): Promise<{ motivo: string; registradoEm: string } | null> {
    if (parseAccessKey(chave)?.kind !== 'mdfe') return null;
    const repos = this.repos();
    const row = await repos.db.get<{ id: number }>(
      'SELECT id FROM mdfe_documents WHERE environment = ? AND company = ? AND chave = ? ORDER BY id DESC LIMIT 1',
      [this.deps.environment(), company, chave],
    );
    const xml = row ? await repos.mdfe.xml(row.id).catch(() => null) : null;
    if (!xml) return null;
    const text = xml.toString('utf8');
    if (!/<nAver>\s*99999\s*<\/nAver>/.test(text)) return null;
    const keys = [...text.matchAll(/<chCTe>([0-9A-Z]{44})<\/chCTe>/g)].map((m) => m[1]!);
    const found = await repos.averbacao.contingenciaFor(this.deps.environment(), company, keys);
    return found ? { motivo: found.motivo, registradoEm: found.registradoEm } : null;
  }

  /** Documentos' badge per key (the averbação, not its cancellation). */
  async badges(company: string, chaves: readonly string[]): Promise<Map<string, AverbacaoBadge>> {
    const repos = this.deps.repos();
    if (!repos || chaves.length === 0) return new Map();
    const rows = await repos.averbacao.byChaves(this.deps.environment(), company, chaves);
    return new Map(
      rows.map((r) => [r.chave, { estado: r.estado, protocolo: r.protocolo, teste: r.teste === 1 }]),
    );
  }

  async retry(company: string, id: number): Promise<AverbacaoRow> {
    const repos = this.repos();
    const row = await repos.averbacao.get(id);
    if (!row || row.company !== company || row.environment !== this.deps.environment())
      throw new AppError('averbacao_not_found', 'Averbação não encontrada neste computador.');
    if (!(await repos.averbacao.requeue(id, this.now())))
      throw new AppError('averbacao_not_retryable', 'Esta averbação não está esperando nova tentativa.');
    await this.runOnce();
    return toAverbacaoRow((await repos.averbacao.get(id))!);
  }

  /** The trip of an MDF-e: its documents' averbações, the `seg` to propose, and whether 99999 may go. */
  async trip(company: string, chaves: readonly string[]): Promise<AverbacaoTrip> {
    const repos = this.repos();
    const environment = this.deps.environment();
    const settings = this.deps.settings.get(environment, company);
    if (settings?.ativo) await scanForAverbacao(repos, environment, company, settings, this.now());
    const rows = new Map(
      (await repos.averbacao.byChaves(environment, company, chaves)).map((r) => [r.chave, r]),
    );
    const documentos = chaves.map((chave) => {
      const row = rows.get(chave);
      const key = parseAccessKey(chave);
      return {
        chave,
        serie: row?.serie ?? (key ? Number(key.serie) : null),
        numero: row?.numero ?? (key ? Number(key.numero) : null),
        estado: row?.estado ?? null,
        numeros: row ? toAverbacaoRow(row).numeros : [],
        motivo: row
          ? (row.erro_mensagem ?? null)
          : settings?.ativo
            ? 'Fora da averbação automática (emitido antes da data de início ou fora da cobertura).'
            : null,
      };
    });
    const faltando = settings?.ativo
      ? documentos
          .filter((d) => d.estado !== null && d.estado !== 'averbado' && d.estado !== 'dispensado')
          .map((d) => d.chave)
      : [];
    const waiting = faltando.map((c) => rows.get(c)!);
    const cannotAnswer = waiting.length > 0 && waiting.every((r) => r.estado === 'falha');
    const numeros = [...new Set(documentos.flatMap((d) => (d.estado === 'averbado' ? d.numeros : [])))];
    return {
      documentos,
      faltando,
      seguro: settings?.ativo
        ? {
            responsavel: settings.responsavel,
            cpfCnpjResponsavel: '',
            seguradora: settings.seguradora,
            cnpjSeguradora: settings.cnpjSeguradora,
            apolice: settings.apolice,
            averbacoes: numeros,
          }
        : null,
      contingencia: {
        permitida: cannotAnswer,
        motivo: cannotAnswer ? (waiting[0]!.erro_mensagem ?? 'A averbadora não respondeu.') : null,
      },
    };
  }

  /** "Averbar agora": the trip's documents not yet averbados go out at once; the trip as it stands after. */
  async sendNow(company: string, chaves: readonly string[]): Promise<AverbacaoTrip> {
    const repos = this.repos();
    const environment = this.deps.environment();
    const settings = this.deps.settings.get(environment, company);
    if (!settings?.ativo)
      throw new AppError(
        'averbacao_not_configured',
        'Configure a averbadora da empresa em Empresas › Averbação.',
      );
    await scanForAverbacao(repos, environment, company, settings, this.now());
    const rows = await repos.averbacao.byChaves(environment, company, chaves);
    await repos.averbacao.dueNow(
      rows
        .filter((r) => r.estado !== 'averbado' && r.estado !== 'dispensado' && r.estado !== 'enviando')
        .map((r) => r.id),
      this.now(),
    );
    await this.runOnce();
    return this.trip(company, chaves);
  }

  /** ANTT's 99999 (Deliberação 325/2017): recorded with the reason, only while the averbadora cannot answer. */
  async contingencia(company: string, chaves: readonly string[], motivo: string) {
    const trip = await this.trip(company, chaves);
    if (!trip.contingencia.permitida)
      throw new AppError(
        'averbacao_contingencia_refused',
        trip.faltando.length === 0
          ? 'Todos os CT-e da viagem estão averbados: use os números de averbação, não o 99999.'
          : 'A averbadora respondeu sobre estes CT-e: o 99999 só vale quando ela não consegue responder. Resolva a recusa ou clique em "Averbar agora".',
      );
    return this.repos().averbacao.addContingencia(
      this.deps.environment(),
      company,
      chaves,
      motivo,
      this.now(),
    );
  }

  /** The contingency an MDF-e was issued under (its CT-e keys), if any. */
  async contingenciaFor(company: string, chaves: readonly string[]) {
    return this.repos().averbacao.contingenciaFor(this.deps.environment(), company, chaves);
  }

  /** Rows of a period (by authorization), for the accountant's report. */
  async period(company: string, environment: Environment, from: string, to: string): Promise<AverbacaoRow[]> {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return (
      await this.repos().averbacao.period(environment, company, from, next.toISOString().slice(0, 10))
    ).map(toAverbacaoRow);
  }

  /** Whether anything is waiting (used by tests and the bench to settle). */
  async openCount(): Promise<number> {
    const repos = this.deps.repos();
    if (!repos) return 0;
    return (await repos.averbacao.open(this.deps.environment())).filter((r) => OPEN.includes(r.estado))
      .length;
  }
}
