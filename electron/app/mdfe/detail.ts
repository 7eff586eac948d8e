// One MDF-e as the lifecycle screen shows it, read from the cache alone: the summary, the trip as
// the cached mdfeProc tells it (loading and unloading places, the documents, vehicle, drivers —
// plus the drivers and NF-e the events added) and each event described in words.
import type { CachedMdfe, CachedMdfeEvent, MdfeCacheRepository } from '../../cache/repositories/mdfe';
import { parseDocument } from '../../documents/parse';
import { formatCpf, formatDate } from '../../shared/format';
import type { MdfeDetail, MdfeEventSummary, MdfeTrip } from '../../shared/schemas/mdfe';
import { mdfeCancelState, toMdfeSummary } from './summary';

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function parseJson(raw: string): Json {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Json) : {};
  } catch {
    return {};
  }
}

/** The trip of a cached mdfeProc; null when the XML is not here or is not an MDF-e. */
export function tripOfXml(xml: string | null): MdfeTrip | null {
  if (!xml) return null;
  let view;
  try {
    view = parseDocument(xml);
  } catch {
    return null;
  }
  if (view.kind !== 'mdfe') return null;
  return {
    protocolo: view.protocol?.nProt || null,
    tpEmit: view.ide.tpEmit,
    indCarregaPosterior: view.ide.indCarregaPosterior === '1',
    carregamento: view.ide.carregamento.map((m) => ({ codigo: m.cMun, nome: m.xMun })),
    descargas: view.descargas.map((d) => ({
      codigo: d.cMun,
      nome: d.xMun,
      documentos: d.docs
        .filter((doc) => doc.chave !== '')
        .map((doc) => ({ tipo: doc.tipo, chave: doc.chave })),
    })),
    condutores: view.condutores.map((c) => ({ nome: c.xNome, cpf: c.doc, incluido: false })),
    veiculo: view.rodo
      ? {
          placa: view.rodo.tracao.placa,
          uf: view.rodo.tracao.UF,
          reboques: view.rodo.reboques.map((r) => r.placa).filter((p) => p !== ''),
        }
      : null,
  };
}

/** What a registered (or refused) event did, in the clerk's words. */
export function describeEvent(event: CachedMdfeEvent, trip: MdfeTrip | null): string | null {
  const body = parseJson(event.api_json);
  switch (event.type) {
    case 'encerramento': {
      const codigo = text(body.codigo_municipio);
      const known =
        trip?.descargas.find((d) => d.codigo === codigo) ??
        trip?.carregamento.find((c) => c.codigo === codigo);
      const place = known ? known.nome : codigo ? `município IBGE ${codigo}` : '';
      const uf = text(body.uf);
      const day = text(body.data_encerramento);
      const parts = [place && `em ${place}${uf ? `/${uf}` : ''}`, day && `com data de ${formatDate(day)}`];
      return parts.filter(Boolean).join(' ') || null;
    }
    case 'inclusao_condutor': {
      const nome = text(body.nome_condutor);
      const cpf = text(body.cpf_condutor);
      return nome ? `${nome}${cpf.length === 11 ? ` (CPF ${formatCpf(cpf)})` : ''}` : null;
    }
    case 'inclusao_dfe': {
      const docs = Array.isArray(body.documentos) ? (body.documentos as Json[]) : [];
      const carrega = text(body.municipio_carrega);
      const count = docs.length;
      if (count === 0) return carrega ? `carregamento em ${carrega}` : null;
      return `${count} NF-e${carrega ? `, carregamento em ${carrega}` : ''}: ${docs.map((d) => text(d.chave_acesso_nfe)).join(', ')}`;
    }
    case 'cancelamento': {
      const just = text(body.justificativa);
      return just ? `justificativa: “${just}”` : null;
    }
  }
}

function motivoOf(event: CachedMdfeEvent): string | null {
  const body = parseJson(event.api_json);
  const parts = [text(body.codigo_status), text(body.motivo_status)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The drivers the registered inclusion events added, after those of the XML. */
function withIncludedDrivers(trip: MdfeTrip, events: readonly CachedMdfeEvent[]): MdfeTrip {
  const condutores = [...trip.condutores];
  for (const e of events) {
    if (e.type !== 'inclusao_condutor' || e.status !== 'registrado') continue;
    const body = parseJson(e.api_json);
    const cpf = text(body.cpf_condutor);
    if (cpf && !condutores.some((c) => c.cpf === cpf))
      condutores.push({ nome: text(body.nome_condutor), cpf, incluido: true });
  }
  return { ...trip, condutores };
}

export async function mdfeDetail(repo: MdfeCacheRepository, row: CachedMdfe, now: Date): Promise<MdfeDetail> {
  const events = await repo.events(row.id);
  const withXml = await Promise.all(events.map(async (e) => (await repo.xml(row.id, e.id)) !== null));
  const xml = row.xml_state === 'present' ? await repo.xml(row.id, 0) : null;
  const parsed = tripOfXml(xml ? xml.toString('utf8') : null);
  const viagem = parsed ? withIncludedDrivers(parsed, events) : null;
  const summaries: MdfeEventSummary[] = events.map((e, i) => ({
    id: e.id,
    type: e.type,
    sequence: e.sequence,
    status: e.status,
    protocolo: e.protocolo,
    dataEvento: e.data_evento,
    xmlCached: withXml[i]!,
    descricao: describeEvent(e, viagem),
    motivo: motivoOf(e),
  }));
  return {
    mdfe: toMdfeSummary(row, now),
    events: summaries,
    viagem,
    cancel: mdfeCancelState(row, events, now),
  };
}
