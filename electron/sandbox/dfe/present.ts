// Rows → the API's JSON (Dfe, DfeEvento/DfeCancelamento/DfeCartaCorrecao) and the simulated
// SOAP exchanges recorded for /debug.
import type { DebugStep } from '../debug-recorder';
import type { DocumentRow, EventRow } from './repository';

const iso = (text: string | null) => (text ? new Date(text).toISOString() : null);

/**
 * The description makes almost no member nullable: what is unknown is left out, not sent as null.
 * Only the members named in `nullable` keep a null.
 */
function withoutNulls<T extends Record<string, unknown>>(
  value: T,
  nullable: readonly string[] = [],
): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([key, v]) =>
      v !== null && v !== undefined ? true : nullable.includes(key) && v === null,
    ),
  ) as Partial<T>;
}

/** While a pending fault holds the document, it shows `pendente` without the authority's answer. */
export function presentDocument(row: Omit<DocumentRow, 'kind'>) {
  const pending = row.pending_polls > 0;
  return withoutNulls(
    {
      id: row.id,
      ambiente: row.ambiente,
      created_at: row.created_at,
      status: pending ? 'pendente' : row.status,
      referencia: row.referencia,
      data_emissao: iso(row.data_emissao),
      modelo: row.modelo,
      serie: row.serie,
      numero: row.numero,
      tipo_emissao: row.tipo_emissao,
      valor_total: row.valor_total,
      chave: row.chave,
      autorizacao: pending
        ? null
        : withoutNulls(
            {
              id: `${row.id}-aut`,
              ambiente: row.ambiente,
              status: row.status === 'rejeitado' || row.status === 'erro' ? 'rejeitado' : 'registrado',
              autor: { cpf_cnpj: row.cpf_cnpj },
              chave_acesso: row.chave,
              data_evento: iso(row.data_recebimento),
              numero_sequencial: 1,
              data_recebimento: iso(row.data_recebimento),
              codigo_status: row.codigo_status,
              motivo_status: row.motivo_status,
              numero_protocolo: row.numero_protocolo,
              digest_value: row.digest_value,
            },
            ['data_recebimento'],
          ),
    },
    ['referencia'],
  );
}

/** GET …/eventos/{id}: the generic DfeEvento, without the members of one event type. */
export function presentGenericEvent(row: EventRow) {
  const { justificativa: _j, correcoes: _c, ...generic } = presentEvent(row) as Record<string, unknown>;
  return generic;
}

export function presentEvent(row: EventRow) {
  const base = withoutNulls(
    {
      id: row.id,
      ambiente: row.ambiente,
      status: row.status,
      autor: { cpf_cnpj: row.autor },
      chave_acesso: row.chave,
      data_evento: iso(row.data_evento),
      numero_sequencial: row.numero_sequencial,
      data_recebimento: iso(row.data_recebimento),
      codigo_status: row.codigo_status,
      motivo_status: row.motivo_status,
      numero_protocolo: row.numero_protocolo,
      tipo_evento: row.tipo_evento,
    },
    ['data_recebimento'],
  );
  if (row.kind === 'cancelamento')
    return withoutNulls({ ...base, justificativa: row.justificativa }, ['data_recebimento']);
  return { ...base, correcoes: row.correcoes ? (JSON.parse(row.correcoes) as unknown[]) : [] };
}

const SOAP_NS = 'http://www.w3.org/2003/05/soap-envelope';

function envelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="${SOAP_NS}"><soap12:Body>${body}</soap12:Body></soap12:Envelope>`;
}

/** One simulated request/response pair with the authority's web service. */
/**
 * The service's own reception of a request that carried members the description does not name:
 * they were ignored (http/validate.ts), and the debug view lists them, with the body as received.
 */
export function ignoredMembersSteps(uri: string, input: unknown, ignored: readonly string[]): DebugStep[] {
  if (ignored.length === 0) return [];
  return [
    {
      tipo: 'membros_ignorados',
      motivo_status: `Membros não descritos na API, ignorados: ${ignored.join(', ')}`,
      request: {
        method: 'POST',
        uri,
        headers: 'Content-Type: application/json',
        body: JSON.stringify(input),
      },
      response: {
        status: 200,
        reason: 'OK',
        headers: 'Content-Type: application/json',
        body: JSON.stringify({ membros_ignorados: ignored }),
        timeMs: 0,
      },
    },
  ];
}

export function soapStep(
  tipo: string,
  uri: string,
  requestXml: string,
  responseXml: string,
  answer: { cStat: number; xMotivo: string },
): DebugStep {
  const strip = (x: string) => x.replace(/^<\?xml[^>]*\?>/, '');
  return {
    tipo,
    codigo_status: answer.cStat,
    motivo_status: answer.xMotivo,
    request: {
      method: 'POST',
      uri,
      headers: 'Content-Type: application/soap+xml; charset=utf-8',
      body: envelope(`<dadosMsg>${strip(requestXml)}</dadosMsg>`),
    },
    response: {
      status: 200,
      reason: 'OK',
      headers: 'Content-Type: application/soap+xml; charset=utf-8',
      body: envelope(`<retornoMsg>${strip(responseXml)}</retornoMsg>`),
      timeMs: 120,
    },
  };
}
