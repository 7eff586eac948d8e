// The inbox service: one lock per company (manual and scheduled distribution never overlap), the
// hourly poller (skipped when the service distributes by itself), manifestation, files, counts.
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
import type { Logger } from '../logger';
import type { DistributionDeps } from './distribution';
import { collectDistributed, distribute, fetchByKey } from './distribution';
import type { InboxScope } from './ingest';
import { manifestOne } from './manifestation';
import type { InboxStore } from './store';
import { WAIT_MS, nextAllowedAt } from './store';

export interface InboxTarget {
  client: Pick<NuvemFiscalClient, 'distribuicao' | 'empresas'>;
  environment: Environment;
  ambiente: 'homologacao' | 'producao';
}

export interface InboxServiceDeps {
  store: () => InboxStore | null;
  target: () => Promise<InboxTarget>;
  /** Companies the poller looks after (the registered ones). */
  companies: () => Promise<string[]>;
  changed: (counts: InboxCounts) => void;
  logger: Logger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  pollIntervalMs?: number;
}

export const POLLER_TICK_MS = 5 * 60_000;

export class InboxService {
  private readonly locks = new Map<string, Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly automatic = new Map<string, boolean>();

  constructor(private readonly deps: InboxServiceDeps) {}

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
    const run = previous.then(task, task);
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

  /** The distnfe config's `distribuicao_automatica`; null when it cannot be read (offline). */
  async isAutomatic(company: string, target?: InboxTarget): Promise<boolean | null> {
    try {
      const t = target ?? (await this.deps.target());
      const config = await t.client.empresas.config(company, 'distnfe');
      const value = config.distribuicao_automatica === true;
      this.automatic.set(company, value);
      return value;
    } catch (error) {
      // No distnfe configuration yet (404) means the service does not distribute by itself.
      if (error instanceof ApiError && error.status === 404) return false;
      return this.automatic.get(company) ?? null;
    }
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

  /** Full XML of carrier notes, for the CT-e pre-fill; marks them as handled. */
  async nfeXml(company: string, chaves: readonly string[]): Promise<{ chave: string; xml: string }[]> {
    const { scope } = await this.scope(company);
    const store = this.requireStore();
    const out: { chave: string; xml: string }[] = [];
    for (const chave of chaves) {
      const note = await store.note(scope, chave);
      const xml = note && note.resumo === 0 ? await store.noteXml(note.id) : null;
      if (!xml) {
        throw new AppError(
          'inbox_xml_missing',
          `A NF-e ${chave} ainda não tem o XML completo no computador. Busque novas notas e tente de novo.`,
        );
      }
      out.push({ chave, xml });
    }
    await store.markHandled(scope, chaves, new Date(this.now()).toISOString());
    await this.announce(company).catch(() => undefined);
    return out;
  }

  /** One scheduled check: distributes the companies whose hour has come, unless the service does it. */
  async tick(): Promise<void> {
    const store = this.deps.store();
    if (!store) return;
    let companies: string[];
    let target: InboxTarget;
    try {
      target = await this.deps.target();
      companies = await this.deps.companies();
    } catch {
      return; // offline or no credentials: the next tick tries again
    }
    for (const company of companies) {
      const scope = { company, environment: target.environment };
      const state = await store.state(scope);
      const lastRun = state?.last_run_at ? Date.parse(state.last_run_at) : 0;
      const next = nextAllowedAt(state);
      if (this.now() - lastRun < WAIT_MS || (next && Date.parse(next) > this.now())) continue;
      if ((await this.isAutomatic(company, target)) !== false) continue;
      await this.distribute(company).catch((error: unknown) =>
        this.deps.logger.warn(
          `caixa de entrada ${company}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }

  start(intervalMs = POLLER_TICK_MS, firstDelayMs = 60_000): void {
    this.stop();
    const run = () => {
      void this.tick().finally(() => {
        if (this.timer) this.timer = setTimeout(run, intervalMs);
        this.timer?.unref?.();
      });
    };
    this.timer = setTimeout(run, firstDelayMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async idle(): Promise<void> {
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
