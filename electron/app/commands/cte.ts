// CT-e and CT-e OS lifecycle: issue, preview, read, cancel, correct, synchronize, files, debug.
// Sending, numbering and the outbox are the kind-agnostic services of electron/app/issuing (the
// DC-e issue reuses them with kind 'dce'); their commands are commands/numbering.ts and outbox.ts.
import type { Repositories } from '../../cache/repositories';
import type { EmissionContext, EmitterCompany } from '../../fiscal/payload';
import type { CteFamilyRequest } from '../../fiscal/requests';
import { buildCteOsPayload, buildCtePayload, buildCteSimpPayload } from '../../fiscal/payload';
import { unpackRecord } from '../../cache/repositories';
import type { Dfe, DfeEvento, Empresa } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import { dfeCartaCorrecaoSchema } from '../../shared/schemas/dfe';
import type { CteIssueInput } from '../../shared/schemas/issuing';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { ambienteOf } from '../api-connection';
import { KnownCompanies } from '../known-companies';
import type { Issuing } from '../issuing';
import { brasiliaDateTime, createIssuing, newReferencia } from '../issuing';
import { cteSimpPreviewHtml } from '../issuing/cte-simp-preview';
import { modelKind } from '../issuing/kinds';
import { cachedDetail, documentEvents } from '../issuing/document-events';
import {
  cancelState,
  checkCancellable,
  checkCorrections,
  debugView,
  docIdInCache,
  storeEvent,
} from '../issuing/lifecycle';
import { nfeKeysInUse } from '../issuing/nfe-in-use';
import { mdfeHoldingCte } from '../mdfe/holding';
import { keyUsedInOutbox, prefillFromNfe } from '../issuing/prefill';
import { assertCteRules } from '../issuing/request-rules';
import { lastCteBetween } from '../issuing/repeat';
import { previewHtml } from '../issuing/preview';
import { storeDocument } from '../issuing/store-document';
import { isOffline } from '../sync/source';
import { serieFor } from './numbering';
import { fileBase } from '../../shared/file-names';
import { apiFileName } from '../api-file-names';

type Channels =
  | 'cte:issue'
  | 'cte:preview'
  | 'cte:get'
  | 'cte:cancel'
  | 'cte:cancelWindow'
  | 'cte:correct'
  | 'cte:sync'
  | 'cte:files'
  | 'cte:debug'
  | 'cte:prefillFromNfe'
  | 'cte:nfeInUse';

/**
 * How long a cached copy opens the document's screen without asking the API. A settled document
 * changes only through an event; events from this computer update the cache at once, and the
 * background sync and the screen's "Atualizar" bring the others.
 */
export const CACHE_FRESH_MS = 10 * 60_000;
/** States the authority never leaves: their cached copy is always current. */
const FINAL_STATUSES = new Set(['cancelado', 'rejeitado', 'denegado']);

export function toEmitter(empresa: Empresa): EmitterCompany {
  return {
    cpf_cnpj: empresa.cpf_cnpj,
    inscricao_estadual: empresa.inscricao_estadual,
    nome_razao_social: empresa.nome_razao_social,
    nome_fantasia: empresa.nome_fantasia,
    fone: empresa.fone,
    endereco: { ...empresa.endereco, cep: empresa.endereco.cep ?? null },
  };
}

/** CPF/CNPJ → name of the parties as typed in the form (homologação sends the MOC's literal instead). */
export function typedNames(input: CteIssueInput): Record<string, string> {
  if (input.kind !== 'cte') return {};
  const form = input.form as Partial<Record<string, { cpfCnpj?: string; xNome?: string } | undefined>>;
  const names: Record<string, string> = {};
  for (const role of ['remetente', 'destinatario', 'expedidor', 'recebedor', 'tomador']) {
    const party = form[role];
    const doc = party?.cpfCnpj?.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    if (doc && party?.xNome) names[doc] = party.xNome;
  }
  return names;
}

export function builderFor(input: CteIssueInput): (ctx: EmissionContext) => CteFamilyRequest {
  if (input.kind === 'cte-simp') return (ctx) => buildCteSimpPayload(input.form, ctx);
  return input.kind === 'cte'
    ? (ctx) => buildCtePayload(input.form, ctx)
    : (ctx) => buildCteOsPayload(input.form, ctx);
}

export function createAppIssuing(ctx: AppContext): Issuing {
  return createIssuing({
    repos: () => ctx.cache.require(),
    api: () => ctx.api.client(),
    logger: ctx.host.logger,
    onAuthorized: async (company, payload) => {
      // The averbação goes right after the authorization (CNSP 361/2018: before the truck leaves).
      ctx.averbacao?.kick();
      await ctx.inbox.markCarried(company, payload);
    },
    authorizerStatus: async (kind, cpfCnpj) => {
      // The MDF-e authorizer's status is not in the CT-e/DC-e cache: no warning rather than a wrong one.
      if (kind === 'mdfe') return { degraded: false };
      const status = await ctx.authorizers.get(
        kind === 'cteos' ? 'cteos' : kind === 'dce' ? 'dce' : 'cte',
        cpfCnpj,
      );
      return { degraded: status.degraded, motivo: status.motivoStatus ?? null };
    },
  });
}

export function cteCommands(
  ctx: AppContext,
  issuing: Issuing = createAppIssuing(ctx),
  /** The clock of the local checks (the cancel window); tests move it. */
  now: () => Date = () => new Date(),
): Pick<CommandTable, Channels> {
  const repos = (): Repositories => ctx.cache.require();
  const environment = () => ctx.host.settings.get().environment;
  const known = new KnownCompanies(ctx);
  const serieOf = (kind: 'cte' | 'cteos' | 'dce' | 'mdfe', asked: number | undefined) =>
    serieFor(ctx, kind, asked);

  /** The cached copy when it may open the screen without the API (see CACHE_FRESH_MS). */
  const freshCopy = async (id: string) => {
    const row = await repos().documents.byApiId(environment(), id);
    if (!row) return null;
    const age = now().getTime() - Date.parse(row.synced_at);
    return FINAL_STATUSES.has(row.status) || age < CACHE_FRESH_MS ? row : null;
  };
  /** The document for a local check: the cached record when there is one, else the API's. */
  const knownDoc = async (kind: 'cte' | 'cteos', id: string): Promise<Dfe> => {
    const row = await repos().documents.byApiId(environment(), id);
    return row ? (unpackRecord(row.api_record) as Dfe) : (await fetchDoc(kind, id)).doc;
  };
  /**
   * After an event: the event stored with its document, and the detail the screen shows, so it
   * needs no sync. `refetch` asks the API for the record when the event changed it (a cancellation
   * does; a correction letter does not); a document missing from the cache is always fetched.
   */
  const detailAfterEvent = async (
    kind: 'cte' | 'cteos',
    id: string,
    type: 'cancelamento' | 'carta_correcao',
    event: DfeEvento,
    refetch: boolean,
  ) => {
    const env = environment();
    let docId = await docIdInCache(repos(), env, id);
    let reached = true;
    if (refetch || docId === null) {
      const fetched = await fetchDoc(kind, id).catch(() => null);
      reached = fetched !== null;
      docId = fetched?.cacheId ?? docId;
    }
    await storeEvent(repos(), docId, type, event);
    const detail = await cachedDetail(repos(), env, id);
    if (!detail) {
      // Neither the API nor the cache tells the document now: what the registered event implies.
      const status = type === 'cancelamento' ? ('cancelado' as const) : ('autorizado' as const);
      return { document: { id, status }, cacheId: null, events: [] };
    }
    return reached ? detail : { ...detail, offline: true };
  };

  const fetchDoc = async (kind: 'cte' | 'cteos', id: string) => {
    const { client, target } = await ctx.api.client();
    const doc = await client[kind].consultar(id);
    const scope = { company: '', kind, serie: doc.serie ?? 0, environment: target.environment };
    const cached = await repos().documents.byApiId(target.environment, id);
    scope.company = cached?.company ?? String((doc as Record<string, unknown>).cpf_cnpj ?? '');
    const cacheId = scope.company ? await storeDocument(repos(), client[kind], scope, doc) : null;
    return { client, target, doc, cacheId };
  };

  return {
    'cte:issue': async (input) => {
      const { client, target } = await ctx.api.client();
      const company = toEmitter(await client.empresas.consultar(input.company));
      // The rules the authority checks on the request alone, before a número is reserved.
      assertCteRules(
        input.kind,
        builderFor(input)({
          company,
          serie: serieOf(modelKind(input.kind), input.serie),
          numero: input.numero ?? 1,
          ambiente: target.ambiente,
          referencia: newReferencia(),
          dhEmi: brasiliaDateTime(new Date()),
        }),
      );
      const outcome = await issuing.sender.issue({
        kind: input.kind,
        company,
        serie: serieOf(modelKind(input.kind), input.serie),
        numero: input.numero,
        build: builderFor(input),
        names: typedNames(input),
      });
      return outcome;
    },
    'cte:preview': async (input) => {
      // Offline too: the emitter as the API last gave it (the send itself needs the API).
      const company = await known.previewEmitter(input.company);
      const kind = modelKind(input.kind);
      const state = await issuing.numbering.state({
        company: input.company,
        kind,
        serie: serieOf(kind, input.serie),
        environment: environment(),
      });
      const payload = builderFor(input)({
        company,
        serie: serieOf(kind, input.serie),
        numero: input.numero ?? state.next,
        ambiente: ambienteOf(environment()),
        referencia: newReferencia(),
        dhEmi: brasiliaDateTime(new Date()),
      });
      const html = input.kind === 'cte-simp' ? cteSimpPreviewHtml(payload) : previewHtml(payload);
      return { payload, html };
    },
    'cte:get': async ({ kind, id }) => {
      // Cache first: a recent copy opens the screen with no API call; "Atualizar" is cte:sync.
      if (await freshCopy(id)) {
        const cached = await cachedDetail(repos(), environment(), id);
        if (cached) return cached;
      }
      try {
        const { client, doc, cacheId } = await fetchDoc(kind, id);
        const events = await documentEvents(client[kind], repos(), cacheId, doc);
        return { document: doc, cacheId, events };
      } catch (error) {
        // Offline, the office still reads what this computer keeps (the user is told it may be old).
        const cached = isOffline(error) ? await cachedDetail(repos(), environment(), id) : null;
        if (!cached) throw error;
        return { ...cached, offline: true };
      }
    },
    'cte:cancelWindow': async ({ kind, id }) => {
      // The window runs from the authorization time, which never changes: the cached copy answers.
      const doc = await knownDoc(kind, id);
      const state = cancelState(doc, now(), kind);
      // The emitter: the cached row's company, else the CNPJ inside the key (positions 7–20).
      const company =
        (await repos().documents.byApiId(environment(), id))?.company ?? doc.chave?.slice(6, 20);
      const mdfe =
        kind === 'cte' && doc.status === 'autorizado' && doc.chave && company
          ? await mdfeHoldingCte(
              repos(),
              { company, environment: environment() },
              doc.chave,
              doc.data_emissao ? doc.data_emissao.slice(0, 10) : null,
              now(),
            ).catch(() => null)
          : null;
      return { ...state, mdfe };
    },
    'cte:cancel': async ({ kind, id, justificativa }) => {
      // Checked on the cached copy (the authority refuses a stale one anyway); the answer carries the
      // updated document, so the screen needs no sync after it.
      const { hoursLeft } = checkCancellable(await knownDoc(kind, id), now(), kind);
      const { client } = await ctx.api.client();
      const event = await client[kind].cancelar(id, justificativa);
      const detail = await detailAfterEvent(kind, id, 'cancelamento', event, true);
      ctx.averbacao?.kick();
      return { event, hoursLeft, detail };
    },
    'cte:correct': async ({ kind, id, correcoes }) => {
      checkCorrections(correcoes);
      const doc = await knownDoc(kind, id);
      const { client } = await ctx.api.client();
      if (doc.status !== 'autorizado') {
        throw new AppError('correct_not_authorized', 'Só é possível corrigir um documento autorizado.');
      }
      const event = await client[kind].corrigir(id, correcoes);
      const detail = await detailAfterEvent(kind, id, 'carta_correcao', event, false);
      const history = detail.cacheId === null ? [] : await repos().events.list(detail.cacheId);
      return {
        detail,
        event,
        history: history
          .filter((h) => h.type === 'carta_correcao')
          .map((h) => dfeCartaCorrecaoSchema.parse(JSON.parse(h.api_json))),
      };
    },
    'cte:sync': async ({ kind, id }) => {
      const { client } = await ctx.api.client();
      await client[kind].sincronizar(id);
      const { doc, cacheId } = await fetchDoc(kind, id);
      const events = await documentEvents(client[kind], repos(), cacheId, doc);
      return { document: doc, cacheId, events };
    },
    'cte:files': async ({ kind, id, file }) => {
      const { client, target } = await ctx.api.client();
      const api = client[kind];
      const fetchers = {
        xml: () => api.xml(id),
        xml_enviado: () => api.xmlEnviado(id),
        xml_protocolo: () => api.xmlProtocolo(id),
        pdf: () => api.pdf(id, { logotipo: true }),
        cancelamento_xml: () => api.xmlCancelamento(id),
        carta_correcao_xml: () => api.xmlCartaCorrecao(id),
        carta_correcao_pdf: () => api.pdfCartaCorrecao(id),
      } as const;
      const answer = await fetchers[file]();
      // Named by the access key, as the clerk and the accountant file it, not by the API's id.
      const row = await repos()
        .documents.byApiId(target.environment, id)
        .catch(() => undefined);
      const base = fileBase(row?.chave, { kind, serie: row?.serie, numero: row?.numero });
      return {
        name: apiFileName(base, kind, file),
        contentType: answer.contentType,
        base64: answer.data.toString('base64'),
      };
    },
    'cte:debug': async ({ kind, id }) => {
      const { client, target } = await ctx.api.client();
      const view = await debugView(repos(), target.environment, id, (i) => client.debug.consultar(i));
      return { ...view, outbox: view.outbox ? { ...view.outbox, kind } : null };
    },
    'cte:prefillFromNfe': async ({ files, company }) => {
      // With the company known, the cache's authorized CT-e count too (sent from any computer).
      const usedElsewhere = company
        ? async (chave: string) => {
            const [use] = await nfeKeysInUse(repos(), { company, environment: environment() }, [chave]);
            return use ? `${use.documento}${use.situacao === 'em envio' ? ', ainda em envio' : ''}` : null;
          }
        : keyUsedInOutbox(repos());
      const result = await prefillFromNfe(files, usedElsewhere);
      const rem = result.remetente?.cpfCnpj;
      const dest = result.destinatario?.cpfCnpj;
      const repeat =
        company && typeof rem === 'string' && typeof dest === 'string'
          ? await lastCteBetween(repos(), { company, environment: environment() }, rem, dest)
          : null;
      return { ...result, repeat };
    },
    'cte:nfeInUse': async ({ company, chaves }) => ({
      usos: await nfeKeysInUse(repos(), { company, environment: environment() }, chaves),
    }),
  };
}
