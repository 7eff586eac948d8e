// The inbox service: one lock per company (manual and scheduled distribution never overlap), the
// hourly poller of every enabled company (see poller.ts), manifestation, files, counts.
import { createHash } from 'node:crypto';

import type { NuvemFiscalClient } from '../../nuvemfiscal';
import { ApiError } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { Environment } from '../../shared/schemas/app';
import type {
  InboxCounts,
  InboxDistributeResult,
  InboxManifestResult,
  TipoManifestacao,
} from '../../shared/schemas/inbox';
import type { StoredPayload } from '../issuing/stored-payload';
import type { Logger } from '../logger';
import { nfeKeysOfPayload } from './carried';
import type { DistributionDeps } from './distribution';
import { collectDistributed, distribute, fetchByKey } from './distribution';
import type { InboxScope } from './ingest';
import { manifestOne } from './manifestation';
import type { DistributionMode, PollOutcome } from './poller';
import { InboxPoller, POLLER_FIRST_DELAY_MS, POLLER_TICK_MS } from './poller';
import type { InboxStore } from './store';
import { nextAllowedAt } from './store';

export interface InboxTarget {
  client: Pick<NuvemFiscalClient, 'distribuicao' | 'empresas'>;
  environment: Environment;
  ambiente: 'homologacao' | 'producao';
}

export interface InboxServiceDeps {
  store: () => InboxStore | null;
  target: () => Promise<InboxTarget>;
  /** Companies the poller looks after; by default every company registered in the environment's account. */
  companies?: () => Promise<string[]>;
  changed: (counts: InboxCounts) => void;
  logger: Logger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  pollIntervalMs?: number;
}

export { POLLER_TICK_MS };
const COMPANY_PAGE = 100;

export class InboxService {
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly running = new Map<string, number>();
  private readonly modes = new Map<string, DistributionMode>();
  private readonly poller: InboxPoller;

  constructor(private readonly deps: InboxServiceDeps) {
    this.poller = new InboxPoller(
      {
        store: () => this.deps.store(),
        now: () => this.now(),
        companies: () => this.pollCompanies(),
        mode: (company) => this.mode(company),
        busy: (company) => (this.running.get(company) ?? 0) > 0,
        distribute: (company) => this.distribute(company),
      },
      deps.logger,
    );
  }

  now(): number {
    return (this.deps.now ?? Date.now)();
  }

  requireStore(): InboxStore {
    const store = this.deps.store();
    if (store) return store;
    throw new AppError(
      'cache_degraded',
      'O banco de dados local não está disponível. Restaure uma cópia de segurança.',
    );
  }

  async scope(company: string): Promise<{ scope: InboxScope; target: InboxTarget }> {
    const target = await this.deps.target();
    return { scope: { company, environment: target.environment }, target };
  }

  /** Runs `task` after any other task of the same company: one poller per company, never two. */
  private exclusive<T>(company: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(company) ?? Promise.resolve();
    this.running.set(company, (this.running.get(company) ?? 0) + 1);
    const run = previous.then(task, task).finally(() => {
      this.running.set(company, (this.running.get(company) ?? 1) - 1);
    });
    this.locks.set(
      company,
      run.catch(() => undefined),
    );
    return run;
  }

  private deps_(target: InboxTarget): DistributionDeps {
    return {
      store: this.requireStore(),
      api: target.client.distribuicao,
      ambiente: target.ambiente,
      now: () => this.now(),
      sleep: this.deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      pollIntervalMs: this.deps.pollIntervalMs,
    };
  }

  /**
   * How the company's distribution runs, from its distnfe configuration: none (404) means the inbox
   * is not enabled; `distribuicao_automatica` for this ambiente means the service queries the
   * authority itself. Null when it cannot be read now (offline): the last answer, if any.
   */
  async mode(company: string, target?: InboxTarget): Promise<DistributionMode | null> {
    try {
      const t = target ?? (await this.deps.target());
      const config = await t.client.empresas.config(company, 'distnfe');
      const sameAmbiente = config.ambiente === undefined || config.ambiente === t.ambiente;
      const mode = config.distribuicao_automatica === true && sameAmbiente ? 'automatic' : 'manual';
      this.modes.set(company, mode);
      return mode;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.modes.set(company, 'disabled');
        return 'disabled';
      }
      return this.modes.get(company) ?? null;
    }
  }

  /** The distnfe config's `distribuicao_automatica`; null when it cannot be read (offline). */
  async isAutomatic(company: string, target?: InboxTarget): Promise<boolean | null> {
    const mode = await this.mode(company, target);
    return mode === null ? null : mode === 'automatic';
  }

  /** The companies of the current environment the poller looks after. */
  private async pollCompanies(): Promise<{ environment: Environment; companies: string[] }> {
    const target = await this.deps.target();
    if (this.deps.companies)
      return { environment: target.environment, companies: await this.deps.companies() };
    const companies: string[] = [];
    for (let skip = 0; ; skip += COMPANY_PAGE) {
      const page = await target.client.empresas.listar({}, { top: COMPANY_PAGE, skip });
      companies.push(...page.data.map((e) => e.cpf_cnpj));
      if (page.data.length < COMPANY_PAGE) break;
    }
    return { environment: target.environment, companies };
  }

  async counts(company: string): Promise<InboxCounts> {
    const { scope } = await this.scope(company);
    return { company, ...(await this.requireStore().counts(scope, this.now())) };
  }

  private async announce(company: string): Promise<InboxCounts> {
    const counts = await this.counts(company);
    this.deps.changed(counts);
    return counts;
  }

  distribute(
    company: string,
    options: { ignorarTempoEspera?: boolean } = {},
  ): Promise<InboxDistributeResult> {
    return this.exclusive(company, async () => {
      const { scope, target } = await this.scope(company);
      const automatic = await this.isAutomatic(company, target);
      try {
        return automatic && !options.ignorarTempoEspera
          ? await collectDistributed(this.deps_(target), scope)
          : await distribute(this.deps_(target), scope, options);
      } finally {
        await this.announce(company).catch(() => undefined);
      }
    });
  }

  fetchKey(company: string, chave: string): Promise<number> {
    return this.exclusive(company, async () => {
      const { scope, target } = await this.scope(company);
      const n = await fetchByKey(this.deps_(target), scope, chave);
      await this.announce(company);
      return n;
    });
  }

  async manifest(
    company: string,
    chaves: readonly string[],
    tipo: TipoManifestacao,
    justificativa: string | null,
  ): Promise<InboxManifestResult> {
    const { scope, target } = await this.scope(company);
    const deps = {
      store: this.requireStore(),
      api: target.client.distribuicao,
      ambiente: target.ambiente,
      now: () => this.now(),
    };
    const results: InboxManifestResult['results'] = [];
    try {
      for (const chave of chaves) results.push(await manifestOne(deps, scope, chave, tipo, justificativa));
    } finally {
      await this.announce(company).catch(() => undefined);
    }
    return { results, counts: await this.counts(company) };
  }

  /** The note's XML or DANFE: from the cache, else downloaded once and kept. */
  async file(
    company: string,
    chave: string,
    kind: 'xml' | 'pdf',
  ): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
    const { scope, target } = await this.scope(company);
    const store = this.requireStore();
    const note = await store.note(scope, chave);
    if (!note) throw new AppError('inbox_note_not_found', 'Nota não encontrada na caixa de entrada.');
    const fileName = `${chave}${kind === 'pdf' ? '-danfe.pdf' : '.xml'}`;
    if (kind === 'xml') {
      const xml = await store.noteXml(note.id);
      if (xml) return { fileName, contentType: 'application/xml', bytes: Buffer.from(xml, 'utf8') };
    }
    if (kind === 'pdf' && note.resumo === 1) {
      throw new AppError(
        'inbox_danfe_unavailable',
        'O DANFE só fica disponível quando a NF-e completa chega. Registre a ciência da operação e busque novas notas.',
      );
    }
    const cached = await store.file(note.id, kind);
    if (cached) return { fileName, contentType: cached.contentType, bytes: cached.bytes };
    if (!note.api_id)
      throw new AppError('inbox_file_unavailable', 'Este arquivo ainda não foi distribuído pela SEFAZ.');
    const api = target.client.distribuicao;
    const answer = kind === 'pdf' ? await api.pdfDocumento(note.api_id) : await api.xmlDocumento(note.api_id);
    const sha = createHash('sha256').update(answer.data).digest('hex');
    await store.putFile(
      note.id,
      kind,
      answer.data,
      answer.contentType,
      sha,
      new Date(this.now()).toISOString(),
    );
    return { fileName, contentType: answer.contentType, bytes: answer.data };
  }

  /** Full XML of carrier notes, for the CT-e pre-fill (they stay new until the CT-e is authorized). */
  async nfeXml(company: string, chaves: readonly string[]): Promise<{ chave: string; xml: string }[]> {
    const { scope } = await this.scope(company);
    const store = this.requireStore();
    const out: { chave: string; xml: string }[] = [];
    for (const chave of chaves) {
      const note = await store.note(scope, chave);
      if (note?.situacao === 'cancelada') {
        throw new AppError(
          'inbox_note_cancelled',
          `A NF-e ${chave} foi cancelada pelo emitente e não pode ser transportada em um CT-e. Tire-a da seleção.`,
        );
      }
      const xml = note && note.resumo === 0 ? await store.noteXml(note.id) : null;
      if (!xml) {
        throw new AppError(
          'inbox_xml_missing',
          `A NF-e ${chave} ainda não tem o XML completo no computador. Busque novas notas e tente de novo.`,
        );
      }
      out.push({ chave, xml });
    }
    return out;
  }

  /** An authorized CT-e: the notes it carries are handled (see carried.ts). */
  async markCarried(company: string, payload: StoredPayload): Promise<void> {
    const chaves = nfeKeysOfPayload(payload);
    const store = this.deps.store();
    if (chaves.length === 0 || !store) return;
    const { scope } = await this.scope(company);
    await store.markHandled(scope, chaves, new Date(this.now()).toISOString());
    await this.announce(company).catch(() => undefined);
  }

  /** One scheduled check of every enabled company of the environment. */
  tick(): Promise<PollOutcome[]> {
    return this.poller.tick();
  }

  start(intervalMs = POLLER_TICK_MS, firstDelayMs = POLLER_FIRST_DELAY_MS): void {
    this.poller.start(intervalMs, firstDelayMs);
  }

  stop(): void {
    this.poller.stop();
  }

  async idle(): Promise<void> {
    await this.poller.idle();
    await Promise.all([...this.locks.values()]);
  }

  async status(company: string) {
    const { scope } = await this.scope(company);
    const state = await this.requireStore().state(scope);
    return {
      ultimoNsu: state?.ultimo_nsu ?? 0,
      maxNsu: state?.max_nsu ?? null,
      ultimaConsulta: state?.last_run_at ?? null,
      proximaConsulta: nextAllowedAt(state),
      bloqueado656: state?.last_codigo === 656,
      codigoStatus: state?.last_codigo ?? null,
      motivoStatus: state?.last_motivo ?? null,
      erro: state?.last_error ?? null,
      automatica: await this.isAutomatic(company),
      counts: await this.counts(company),
    };
  }
}
