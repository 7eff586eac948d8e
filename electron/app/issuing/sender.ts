// Sends one issuing request so that it can never become two documents: the outbox row (payload,
// unique `referencia`, reserved número) is committed BEFORE the POST; a lost answer is resolved by
// sending again with the same `referencia`, which the API refuses to use twice: the client reads
// that refusal as "it arrived" and looks the document up by `referencia`.
import { brasiliaIso } from '../../fiscal/brasilia';
import { randomUUID } from 'node:crypto';

import type { Repositories } from '../../cache/repositories';
import type { ApiRecord, Environment } from '../../cache/repositories/types';
import type { EmissionContext, EmitterCompany } from '../../fiscal/payload';
import type { DocumentRequest } from '../../fiscal/requests';
import type { Dfe, NuvemFiscalClient } from '../../nuvemfiscal';
import type { MdfePedidoEmissao } from '../../nuvemfiscal/api/mdfe';
import { ApiError, isReferenciaDuplicada } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { ApiTarget } from '../api-connection';
import type { Logger } from '../logger';
import { formPathsOf } from './field-paths';
import type { FieldProblem } from './rejection-words';
import { problemsOf, sefazInWords } from './rejection-words';
import type { IssueKind, NumberingScope } from './kinds';
import { emissionPath, modelKind, sefazFamilyOf } from './kinds';
import type { Numbering } from './numbering';
import { storeDocument } from './store-document';
import type { StoredPayload } from './stored-payload';
import { isRecord, rec } from './stored-payload';

export type DfeApi = NuvemFiscalClient['dce'];
/** What the sender needs of a model's API module; the MDF-e module is adapted to it (no path). */
export type EmissionApi = Pick<DfeApi, 'emitir' | 'porReferencia' | 'consultar' | 'sincronizar' | 'xml'>;

export function emissionApi(client: NuvemFiscalClient, kind: IssueKind): EmissionApi {
  const family = modelKind(kind);
  if (family !== 'mdfe') return client[family];
  const mdfe = client.mdfe;
  return {
    emitir: (body, lookup) => mdfe.emitir(mdfeRequest(body), lookup),
    porReferencia: (lookup, referencia) => mdfe.porReferencia(lookup, referencia),
    consultar: (id) => mdfe.consultar(id),
    sincronizar: (id) => mdfe.sincronizar(id),
    xml: (id) => mdfe.xml(id),
  };
}
/**
 * The outbox keeps every request as JSON; an MDF-e one was built as MdfePedidoEmissao (fiscal/requests),
 * so its ambiente and infMDFe are there unless the row was damaged, which is said instead of sent.
 */
function mdfeRequest(body: StoredPayload): MdfePedidoEmissao {
  const { ambiente, infMDFe, referencia } = body;
  if ((ambiente !== 'homologacao' && ambiente !== 'producao') || !isRecord(infMDFe))
    throw new AppError(
      'invalid_input',
      'O pedido de MDF-e guardado está incompleto (sem ambiente ou infMDFe).',
    );
  return {
    ...body,
    ambiente,
    infMDFe,
    referencia: typeof referencia === 'string' ? referencia : undefined,
  };
}
export type ApiAccess = () => Promise<{ client: NuvemFiscalClient; target: ApiTarget }>;

export interface SenderDeps {
  repos: () => Repositories;
  api: ApiAccess;
  numbering: Numbering;
  /** Cached authorizer status; a degraded one adds a warning, never blocks. */
  authorizerStatus?: (
    kind: IssueKind,
    cpfCnpj: string,
  ) => Promise<{ degraded: boolean; motivo?: string | null }>;
  /** Called after a document is settled, with the parties to remember. */
  onAuthorized?: (
    company: string,
    outboxPayload: StoredPayload,
    names?: Readonly<Record<string, string>>,
  ) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  /** Waits between consultations of a `pendente` document (the last one repeats). */
  pollDelaysMs?: readonly number[];
  maxPolls?: number;
  /** POST attempts when the API never received the request (network down). */
  maxSendAttempts?: number;
  now?: () => Date;
  logger?: Logger;
}

export interface IssueRequest {
  kind: IssueKind;
  company: EmitterCompany;
  serie: number;
  /** The user's choice for this send; the sequence is used when absent. */
  numero?: number;
  build: (ctx: EmissionContext) => DocumentRequest;
  /**
   * The parties' names as the clerk typed them, by CPF/CNPJ: in homologação the payload carries the
   * MOC's literal instead (G002–G005), and the address book learns these.
   */
  names?: Readonly<Record<string, string>>;
}

export interface Rejection {
  codigo: number | null;
  motivo: string | null;
  fields: string[];
  problems: FieldProblem[];
  detail: string | null;
}

export interface IssueOutcome {
  outboxId: number;
  referencia: string;
  kind: IssueKind;
  serie: number;
  numero: number;
  /** The document's status at the API, or `nao_enviado` when the request is still waiting. */
  status: string;
  document: Dfe | null;
  cacheId: number | null;
  rejection: Rejection | null;
  warnings: string[];
}

/** `carreta-` + UUID: 44 characters, inside the API's 50. */
export const newReferencia = (): string => `carreta-${randomUUID()}`;

/** dhEmi as the authority wants it: Brasília offset, seconds precision. */
export const brasiliaDateTime = (at: Date): string => brasiliaIso(at);

const FINAL = new Set(['autorizado', 'rejeitado', 'denegado', 'cancelado', 'encerrado']);
const DUPLICIDADE = 539;

export class Sender {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly pollDelays: readonly number[];

  constructor(private readonly deps: SenderDeps) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.pollDelays = deps.pollDelaysMs ?? [500, 1_000, 2_000, 4_000, 8_000];
  }

  private dfe(client: NuvemFiscalClient, kind: IssueKind): EmissionApi {
    return emissionApi(client, kind);
  }

  /** Reserve, commit, send, settle; a duplicity (539) moves to the next free número once. */
  async issue(request: IssueRequest): Promise<IssueOutcome> {
    const { client, target } = await this.deps.api();
    const warnings = await this.authorizerWarnings(request);
    const scope: NumberingScope = {
      company: request.company.cpf_cnpj,
      kind: modelKind(request.kind),
      serie: request.serie,
      environment: target.environment,
    };
    let chosen = request.numero;
    for (let attempt = 0; ; attempt += 1) {
      const numero = chosen ?? (await this.deps.numbering.reserve(scope)).numero;
      chosen = undefined;
      const referencia = newReferencia();
      const payload = request.build({
        company: request.company,
        serie: request.serie,
        numero,
        ambiente: target.ambiente,
        referencia,
        dhEmi: brasiliaDateTime(this.deps.now?.() ?? new Date()),
      });
      const entry = await this.commit(request.kind, scope, numero, referencia, payload);
      const outcome = await this.deliver(
        client,
        target,
        request.kind,
        scope,
        entry.id,
        referencia,
        numero,
        payload,
        { names: request.names },
      );
      outcome.warnings.unshift(...warnings);
      if (outcome.rejection?.codigo === DUPLICIDADE && attempt === 0) {
        warnings.push(
          `O número ${numero} já estava em uso na SEFAZ; o documento foi reenviado com o próximo número.`,
        );
        continue;
      }
      return outcome;
    }
  }

  private async authorizerWarnings(request: IssueRequest): Promise<string[]> {
    if (!this.deps.authorizerStatus) return [];
    try {
      const status = await this.deps.authorizerStatus(request.kind, request.company.cpf_cnpj);
      return status.degraded
        ? [`O autorizador está instável (${status.motivo ?? 'sem detalhe'}); a resposta pode demorar.`]
        : [];
    } catch {
      return [];
    }
  }

  private async commit(
    kind: IssueKind,
    scope: NumberingScope,
    numero: number,
    referencia: string,
    payload: StoredPayload,
  ) {
    const repos = this.deps.repos();
    return repos.db.transaction(async (db) => {
      const entry = await repos.outbox.add({
        referencia,
        kind: scope.kind,
        company: scope.company,
        environment: scope.environment,
        serie: scope.serie,
        numero,
        payload,
      });
      if (kind !== scope.kind) await db.run('UPDATE outbox SET variant = ? WHERE id = ?', [kind, entry.id]);
      return entry;
    });
  }

  /** Sends (or finds) the committed request and settles it; also used for rows left open by a crash. */
  async deliver(
    client: NuvemFiscalClient,
    target: ApiTarget,
    kind: IssueKind,
    scope: NumberingScope,
    outboxId: number,
    referencia: string,
    numero: number,
    payload: StoredPayload,
    options: { lookupFirst?: boolean; names?: Readonly<Record<string, string>> } = {},
  ): Promise<IssueOutcome> {
    const repos = this.deps.repos();
    const api = this.dfe(client, kind);
    const lookup = { cpf_cnpj: scope.company, ambiente: target.ambiente };
    const base = { outboxId, referencia, kind, serie: scope.serie, numero, warnings: [] as string[] };
    let doc: Dfe | null = options.lookupFirst ? await api.porReferencia(lookup, referencia) : null;
    const attempts = this.deps.maxSendAttempts ?? 4;
    for (let attempt = 0; doc === null && attempt < attempts; attempt += 1) {
      await repos.outbox.update(referencia, { state: 'sending', countAttempt: true });
      try {
        doc = await api.emitir(payload, lookup, emissionPath(kind));
      } catch (error) {
        if (isRefusal(error)) return this.refused(base, scope, error);
        // The answer was lost: the request may or may not have reached the API. The resend carries
        // the same referencia, and the client's emitir turns the API's "referencia deve ser único"
        // into a look-up by referencia (nuvemfiscal/api/dfe.ts), so no look-up is needed here.
        await repos.outbox.update(referencia, { state: 'failed', lastError: describe(error) });
        await this.sleep(this.pollDelays[Math.min(attempt, this.pollDelays.length - 1)]!);
      }
    }
    if (doc === null) {
      return {
        ...base,
        status: 'nao_enviado',
        document: null,
        cacheId: null,
        rejection: null,
        warnings: [
          'Sem resposta da API fiscal. O pedido ficou guardado e será conferido automaticamente (nunca em duplicidade).',
        ],
      };
    }
    await repos.outbox.update(referencia, { state: 'sending', apiId: doc.id });
    doc = await this.settle(api, doc);
    return this.finish(client, base, scope, doc, payload, options.names);
  }

  /** Polls a `pendente` document with back-off; an `erro` one is synchronized with the authority. */
  private async settle(api: EmissionApi, first: Dfe): Promise<Dfe> {
    let doc = first;
    const maxPolls = this.deps.maxPolls ?? 12;
    for (let poll = 0; !FINAL.has(doc.status) && poll < maxPolls; poll += 1) {
      if (doc.status === 'erro') {
        await api.sincronizar(doc.id).catch(() => undefined);
      } else {
        await this.sleep(this.pollDelays[Math.min(poll, this.pollDelays.length - 1)]!);
      }
      doc = await api.consultar(doc.id).catch(() => doc);
    }
    return doc;
  }

  private async finish(
    client: NuvemFiscalClient,
    base: Omit<IssueOutcome, 'status' | 'document' | 'cacheId' | 'rejection'>,
    scope: NumberingScope,
    doc: Dfe,
    payload: StoredPayload,
    names?: Readonly<Record<string, string>>,
  ): Promise<IssueOutcome> {
    const repos = this.deps.repos();
    const codigo = doc.autorizacao?.codigo_status ?? null;
    const motivo = doc.autorizacao?.motivo_status ?? null;
    const open = !FINAL.has(doc.status);
    await repos.outbox.update(base.referencia, {
      state: open ? 'sending' : 'sent',
      apiId: doc.id,
      lastError: doc.status === 'rejeitado' ? `${codigo ?? ''} ${motivo ?? ''}`.trim() : null,
    });
    // The parties are learnt first: the cached row names them from the address book (homologação).
    if (doc.status === 'autorizado' && this.deps.onAuthorized) {
      await this.deps.onAuthorized(scope.company, payload, names).catch(() => undefined);
    }
    const cacheId = await storeDocument(repos, this.dfe(client, base.kind), scope, doc).catch(
      (error: unknown) => {
        this.deps.logger?.warn(`documento ${doc.id} não foi gravado no cache`, error);
        return null;
      },
    );
    let rejection: Rejection | null = null;
    if (doc.status === 'rejeitado') {
      const family = sefazFamilyOf(base.kind);
      const fields = formPathsOf(motivo ?? undefined, [], codigo ?? undefined, family);
      rejection = {
        codigo,
        motivo: codigo === null ? motivo : sefazInWords(codigo, motivo, family),
        fields,
        problems: [],
        detail: motivo,
      };
      if (codigo === DUPLICIDADE) await this.deps.numbering.skipPast(scope, base.numero);
      else await this.deps.numbering.release(scope, base.numero);
    }
    const warnings = open
      ? [
          ...base.warnings,
          'O documento ainda está em processamento na SEFAZ; a situação será atualizada sozinha.',
        ]
      : base.warnings;
    return { ...base, warnings, status: doc.status, document: doc, cacheId, rejection };
  }

  private async refused(
    base: Omit<IssueOutcome, 'status' | 'document' | 'cacheId' | 'rejection'>,
    scope: NumberingScope,
    error: ApiError,
  ): Promise<IssueOutcome> {
    // A 4xx on emission creates nothing: the número goes back and the row is closed.
    await this.deps
      .repos()
      .outbox.update(base.referencia, { state: 'abandoned', lastError: describe(error) });
    await this.deps.numbering.release(scope, base.numero);
    return {
      ...base,
      status: 'recusado',
      document: null,
      cacheId: null,
      rejection: apiRefusal(error),
    };
  }

  /** Resolves every open outbox row of this environment (startup, reconnect): find first, then send. */
  async resolveOpen(company?: string): Promise<IssueOutcome[]> {
    const repos = this.deps.repos();
    // Nothing open: do not touch the API (nor start the local sandbox) for nothing.
    if ((await repos.outbox.open(company)).length === 0) return [];
    const { client, target } = await this.deps.api();
    const rows = (await repos.outbox.open(company)).filter((r) => r.environment === target.environment);
    const results: IssueOutcome[] = [];
    for (const row of rows) {
      const variant = await repos.db.get<{ variant: string | null }>(
        'SELECT variant FROM outbox WHERE id = ?',
        [row.id],
      );
      const kind = (variant?.variant ?? row.kind) as IssueKind;
      const scope: NumberingScope = {
        company: row.company,
        kind: row.kind,
        serie: row.serie ?? 0,
        environment: row.environment as Environment,
      };
      results.push(
        await this.deliver(
          client,
          target,
          kind,
          scope,
          row.id,
          row.referencia,
          row.numero ?? 0,
          rec(row.payload),
          {
            lookupFirst: true,
          },
        ),
      );
    }
    return results;
  }
}

/** A 4xx that is an answer about the request itself (validation), not a lost or throttled one. */
/**
 * A 4xx of the API on emission: every problem it lists in words, mapped to the form field its JSON
 * path names, never "Rejeição 400" (the status is not a SEFAZ code).
 */
function apiRefusal(error: ApiError): Rejection {
  const problems = problemsOf(error.problems, error.fields ?? []);
  const named = problems.flatMap((p) => (p.field ? [p.field] : []));
  const fields = [...new Set([...named, ...formPathsOf(error.apiMessage, [])])];
  const motivo = problems.length ? problems.map((p) => p.message).join(' ') : error.message;
  return { codigo: null, motivo, fields, problems, detail: error.apiMessage ?? null };
}

function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status) &&
    !isReferenciaDuplicada(error)
  );
}

function describe(error: unknown): string {
  if (error instanceof ApiError)
    return [error.status, error.apiMessage ?? error.message].filter(Boolean).join(' ');
  return error instanceof Error ? error.message : String(error);
}

export type { ApiRecord };
