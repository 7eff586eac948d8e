// "Buscar novas notas": dist-nsu from the stored NSU while ultimo_nsu < max_nsu, polling requests
// the service answers `processando`, honouring the authority's one-hour rule after an empty
// answer (137) or a 656. When the company's distnfe config has `distribuicao_automatica`, the
// service queries the authority itself and the app only reads the documents already distributed.
import { DISTRIBUICAO_WAIT_TEXT } from '../../fiscal/nfe-inbox';
import type { NuvemFiscalClient } from '../../nuvemfiscal';
import type { Distribuicao } from '../../nuvemfiscal/schemas';
import { AppError } from '../../shared/errors';
import { formatDateTime } from '../../shared/format';
import type { InboxDistributeResult } from '../../shared/schemas/inbox';
import type { DistributedDoc, InboxScope } from './ingest';
import { ingestPage } from './ingest';
import type { InboxStore } from './store';
import { nextAllowedAt } from './store';

export type DistribuicaoApi = Pick<
  NuvemFiscalClient['distribuicao'],
  'distribuir' | 'consultarDistribuicao' | 'documentos' | 'xmlDocumento'
>;

export interface DistributionDeps {
  store: InboxStore;
  api: DistribuicaoApi;
  ambiente: 'homologacao' | 'producao';
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  pollIntervalMs?: number;
  maxPolls?: number;
}

/** Safety net: a stream never needs more pages than this in one run (50 documents each). */
const MAX_PAGES = 400;
const XML_CONCURRENCY = 4;

export function waitError(next: string, blocked: boolean): AppError {
  const when = formatDateTime(new Date(next));
  return new AppError(
    'distribution_wait',
    blocked
      ? `A SEFAZ recusou a última consulta por consumo indevido (656). Aguarde até ${when} para buscar novas notas.`
      : `A última consulta não encontrou notas novas e a SEFAZ exige ${DISTRIBUICAO_WAIT_TEXT} entre consultas. Próxima consulta a partir de ${when}.`,
    { detail: next },
  );
}

async function withXml(api: DistribuicaoApi, docs: Distribuicao['documentos']): Promise<DistributedDoc[]> {
  const list = docs ?? [];
  const out: DistributedDoc[] = new Array(list.length);
  let index = 0;
  async function worker() {
    while (index < list.length) {
      const i = index++;
      const meta = list[i]!;
      const file = await api.xmlDocumento(meta.id);
      out[i] = { meta: meta as DistributedDoc['meta'], xml: file.data.toString('utf8') };
    }
  }
  await Promise.all(Array.from({ length: Math.min(XML_CONCURRENCY, list.length) }, worker));
  return out;
}

/** Polls a `processando` request until the service concludes it (or gives up with an error). */
async function settle(deps: DistributionDeps, first: Distribuicao): Promise<Distribuicao> {
  let answer = first;
  let polls = 0;
  while (answer.status === 'processando') {
    if (polls++ >= (deps.maxPolls ?? 60)) {
      throw new AppError(
        'distribution_processing',
        'A consulta à SEFAZ ainda está em processamento na Nuvem Fiscal. Tente buscar de novo em alguns minutos.',
        { detail: answer.id },
      );
    }
    await deps.sleep(deps.pollIntervalMs ?? 2_000);
    answer = await deps.api.consultarDistribuicao(answer.id);
  }
  return answer;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One run of dist-nsu requests for a company; the caller holds the company's lock. */
export async function distribute(
  deps: DistributionDeps,
  scope: InboxScope,
  options: { ignorarTempoEspera?: boolean } = {},
): Promise<InboxDistributeResult> {
  const state = await deps.store.state(scope);
  const next = nextAllowedAt(state);
  if (!options.ignorarTempoEspera && next && Date.parse(next) > deps.now()) {
    throw waitError(next, state?.blocked_at !== null && state?.blocked_at !== undefined);
  }
  let nsu = state?.ultimo_nsu ?? 0;
  let documentos = 0;
  let consultas = 0;
  let last: Distribuicao | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const sent = await deps.api.distribuir(
      scope.company,
      deps.ambiente,
      { tipo_consulta: 'dist-nsu', dist_nsu: nsu },
      { ignorarTempoEspera: options.ignorarTempoEspera && page === 0 },
    );
    consultas += 1;
    last = await settle(deps, sent);
    if (last.status === 'erro') {
      await deps.store.recordAnswer(
        scope,
        {
          codigo: last.codigo_status ?? null,
          motivo: last.motivo_status ?? null,
          error: last.motivo_status ?? 'erro',
        },
        iso(deps.now()),
      );
      throw new AppError(
        'distribution_error',
        'A Nuvem Fiscal não conseguiu consultar a SEFAZ agora. Tente novamente mais tarde.',
        { detail: last.motivo_status ?? undefined },
      );
    }
    const codigo = last.codigo_status ?? null;
    if (codigo !== 138) {
      // 137 (nothing new) and 656 (consumo indevido) both start the one-hour wait; 656 is never retried.
      await deps.store.recordAnswer(
        scope,
        { codigo, motivo: last.motivo_status ?? null, ultimoNsu: codigo === 137 ? last.ultimo_nsu : null },
        iso(deps.now()),
      );
      break;
    }
    const docs = await withXml(deps.api, last.documentos);
    await ingestPage(
      deps.store.db,
      scope,
      docs,
      { ultimoNsu: last.ultimo_nsu ?? nsu, maxNsu: last.max_nsu ?? null },
      iso(deps.now()),
    );
    await deps.store.clearWait(scope, codigo, last.motivo_status ?? null);
    documentos += docs.length;
    nsu = last.ultimo_nsu ?? nsu;
    if (last.max_nsu === null || last.max_nsu === undefined || nsu >= last.max_nsu) break;
  }
  const after = await deps.store.state(scope);
  return {
    documentos,
    consultas,
    codigoStatus: last?.codigo_status ?? null,
    motivoStatus: last?.motivo_status ?? null,
    proximaConsulta: nextAllowedAt(after),
    automatica: false,
  };
}

/**
 * With `distribuicao_automatica` the service queries the authority itself: the app reads the
 * documents it already distributed (newest first in the list), and ingests them oldest first.
 */
export async function collectDistributed(
  deps: DistributionDeps,
  scope: InboxScope,
): Promise<InboxDistributeResult> {
  const state = await deps.store.state(scope);
  const from = (state?.ultimo_nsu ?? 0) + 1;
  const metas: NonNullable<Distribuicao['documentos']> = [];
  for (let skip = 0; skip < MAX_PAGES * 50; skip += 100) {
    const page = await deps.api.documentos(
      { cpf_cnpj: scope.company, ambiente: deps.ambiente, dist_nsu: from },
      { top: 100, skip },
    );
    metas.push(...page.data);
    if (page.data.length < 100) break;
  }
  metas.sort((a, b) => (a.nsu ?? 0) - (b.nsu ?? 0));
  let documentos = 0;
  for (let i = 0; i < metas.length; i += 50) {
    const chunk = metas.slice(i, i + 50);
    const docs = await withXml(deps.api, chunk);
    const ultimo = chunk[chunk.length - 1]?.nsu ?? from - 1;
    await ingestPage(deps.store.db, scope, docs, { ultimoNsu: ultimo, maxNsu: null }, iso(deps.now()));
    documentos += docs.length;
  }
  if (metas.length === 0) {
    await deps.store.recordAnswer(scope, { codigo: null, motivo: null }, iso(deps.now()));
  }
  return {
    documentos,
    consultas: 0,
    codigoStatus: null,
    motivoStatus: null,
    proximaConsulta: null,
    automatica: true,
  };
}

/** cons-chave: one note by its key (e.g. a note the stream has not delivered yet). */
export async function fetchByKey(deps: DistributionDeps, scope: InboxScope, chave: string): Promise<number> {
  const sent = await deps.api.distribuir(scope.company, deps.ambiente, {
    tipo_consulta: 'cons-chave',
    cons_chave: chave,
  });
  const answer = await settle(deps, sent);
  if (answer.status === 'erro' || answer.codigo_status !== 138) {
    throw new AppError(
      'distribution_key_not_found',
      `A SEFAZ não entregou a NF-e ${chave}: ${answer.motivo_status ?? 'sem resposta'}.`,
      { detail: String(answer.codigo_status ?? '') },
    );
  }
  const docs = await withXml(deps.api, answer.documentos);
  // cons-chave does not move the stream: the NSU stays where dist-nsu left it.
  await ingestPage(deps.store.db, scope, docs, null, iso(deps.now()));
  return docs.length;
}
