// DC-e lifecycle: issue, preview, read, cancel (24-hour window), files, list, debug, and the keys a
// CT-e can reference. Numbering, the outbox and sending are the shared services of
// electron/app/issuing with kind 'dce'; drafts go through drafts:* with kind 'dce'.
import type { Repositories } from '../../cache/repositories';
import type { EmitterCompany } from '../../fiscal/payload';
import { buildDcePayload } from '../../fiscal/payload/dce';
import type { Dfe } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { DceSummary } from '../../shared/schemas/dce-form';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { ambienteOf } from '../api-connection';
import { KnownCompanies } from '../known-companies';
import type { Issuing } from '../issuing';
import { brasiliaDateTime, newReferencia } from '../issuing';
import { dcePreviewHtml } from '../issuing/dce-preview';
import { cancelState, debugView, docIdInCache, storeEvent } from '../issuing/lifecycle';
import { storeDocument } from '../issuing/store-document';
import { createAppIssuing, toEmitter } from './cte';
import { fileBase } from '../../shared/file-names';
import { apiFileName } from '../api-file-names';

type Channels =
  | 'dce:issue'
  | 'dce:preview'
  | 'dce:get'
  | 'dce:cancel'
  | 'dce:files'
  | 'dce:list'
  | 'dce:keysForCte'
  | 'dce:debug';

/** The carrier issues as Transportadora, whose group takes a numeric CNPJ only (DC-e 1.00). */
function checkCarrier(company: EmitterCompany): void {
  if (!/^\d{14}$/.test(company.cpf_cnpj)) {
    throw new AppError(
      'dce_carrier_cnpj',
      'A DC-e emitida pela transportadora exige uma empresa com CNPJ numérico (a DC-e 1.00 não aceita CPF nem CNPJ alfanumérico).',
    );
  }
}

/** Cancelamento (110111) only, by the emitter, within 24 hours of the authorization (DC-e manual). */
export function dceCancelState(doc: Dfe, now: Date) {
  return cancelState(doc, now, 'dce');
}

interface SummaryRow {
  id: number;
  api_id: string | null;
  chave: string | null;
  serie: number | null;
  numero: number | null;
  status: string;
  data_emissao: string | null;
  destinatario_nome: string | null;
  valor_prestacao: number | null;
}

const toSummary = (r: SummaryRow): DceSummary => ({
  cacheId: r.id,
  apiId: r.api_id,
  chave: r.chave,
  serie: r.serie,
  numero: r.numero,
  status: r.status,
  emitidoEm: r.data_emissao,
  destinatario: r.destinatario_nome,
  valor: r.valor_prestacao === null ? null : r.valor_prestacao / 100,
});

export function dceCommands(
  ctx: AppContext,
  issuing: Issuing = createAppIssuing(ctx),
): Pick<CommandTable, Channels> {
  const repos = (): Repositories => ctx.cache.require();
  const environment = () => ctx.host.settings.get().environment;
  const known = new KnownCompanies(ctx);
  const serieOf = (asked: number | undefined) => asked ?? ctx.host.settings.get().series?.dce ?? 1;
  const carrier = async (cnpj: string) => {
    const { client } = await ctx.api.client();
    const company = toEmitter(await client.empresas.consultar(cnpj));
    checkCarrier(company);
    return company;
  };

  const fetchDoc = async (id: string) => {
    const { client, target } = await ctx.api.client();
    const doc = await client.dce.consultar(id);
    const cached = await repos().documents.byApiId(target.environment, id);
    const company = cached?.company ?? String((doc as Record<string, unknown>).cpf_cnpj ?? '');
    const scope = { company, kind: 'dce' as const, serie: doc.serie ?? 0, environment: target.environment };
    const cacheId = company ? await storeDocument(repos(), client.dce, scope, doc) : null;
    return { client, target, doc, cacheId };
  };

  const summaries = async (company: string, where: string, limit: number) => {
    const rows = await repos().db.all<SummaryRow>(
      `SELECT id, api_id, chave, serie, numero, status, data_emissao, destinatario_nome, valor_prestacao
         FROM documents WHERE company = ? AND environment = ? AND kind = 'dce' ${where}
         ORDER BY data_emissao DESC, numero DESC LIMIT ?`,
      [company, environment(), limit],
    );
    return rows.map(toSummary);
  };

  return {
    'dce:issue': async (input) => {
      const company = await carrier(input.company);
      const outcome = await issuing.sender.issue({
        kind: 'dce',
        company,
        serie: serieOf(input.serie),
        numero: input.numero,
        build: (c) => buildDcePayload(input.form, c),
      });
      return outcome;
    },
    'dce:preview': async (input) => {
      // Offline too: the emitter as the API last gave it (the send itself needs the API).
      const company = await known.previewEmitter(input.company);
      checkCarrier(company);
      const serie = serieOf(input.serie);
      const state = await issuing.numbering.state({
        company: input.company,
        kind: 'dce',
        serie,
        environment: environment(),
      });
      const payload = buildDcePayload(input.form, {
        company,
        serie,
        numero: input.numero ?? state.next,
        ambiente: ambienteOf(environment()),
        referencia: newReferencia(),
        dhEmi: brasiliaDateTime(new Date()),
      });
      return { payload, html: dcePreviewHtml(payload) };
    },
    'dce:get': async ({ id }) => {
      const { doc, cacheId } = await fetchDoc(id);
      return { document: doc, cacheId, ...dceCancelState(doc, new Date()) };
    },
    'dce:cancel': async ({ id, justificativa }) => {
      const { client, target, doc } = await fetchDoc(id);
      const state = dceCancelState(doc, new Date());
      if (!state.cancellable)
        throw new AppError('dce_cancel_refused', state.reason ?? 'Cancelamento recusado.');
      const event = await client.dce.cancelar(id, justificativa);
      await storeEvent(repos(), await docIdInCache(repos(), target.environment, id), 'cancelamento', event);
      await fetchDoc(id).catch(() => undefined);
      return { event, hoursLeft: state.hoursLeft };
    },
    'dce:files': async ({ id, file }) => {
      const { client, target } = await ctx.api.client();
      const api = client.dce;
      const fetchers = {
        xml: () => api.xml(id),
        xml_enviado: () => api.xmlEnviado(id),
        xml_protocolo: () => api.xmlProtocolo(id),
        pdf: () => api.pdf(id, { logotipo: true }),
        cancelamento_xml: () => api.xmlCancelamento(id),
      } as const;
      const answer = await fetchers[file]();
      const row = await repos()
        .documents.byApiId(target.environment, id)
        .catch(() => undefined);
      const base = fileBase(row?.chave, { kind: 'dce', serie: row?.serie, numero: row?.numero });
      return {
        name: apiFileName(base, 'dce', file),
        contentType: answer.contentType,
        base64: answer.data.toString('base64'),
      };
    },
    'dce:list': async ({ company, limit }) => ({ items: await summaries(company, '', limit) }),
    'dce:keysForCte': async ({ company }) => ({
      items: (await summaries(company, "AND status = 'autorizado' AND chave IS NOT NULL", 500)).filter(
        (s) => s.chave?.length === 44,
      ),
    }),
    'dce:debug': async ({ id }) => {
      const { client, target } = await ctx.api.client();
      return debugView(repos(), target.environment, id, (i) => client.debug.consultar(i), 'dce');
    },
  };
}
