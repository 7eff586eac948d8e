// Brings the cached MDF-e of one company up to date, like the CT-e sync: the list newest first
// (stopping at the first page with nothing new unless a full walk is asked), the processed XML of
// final manifests with the columns read from it, and the closing/cancellation events of those that
// were closed or cancelled. Each step is its own small write: a killed sync resumes next time.
import type { MdfeApi } from '../../nuvemfiscal/api/mdfe';
import type { MdfeCacheRepository, MdfeFields, MdfeScope } from '../../cache/repositories/mdfe';
import type { ApiRecord } from '../../cache/repositories/types';
import { parseDocument } from '../../documents/parse';
import { isNotFound, isOffline } from './source';

const PAGE_SIZE = 100;

export type MdfeSource = Pick<
  MdfeApi,
  'listar' | 'consultar' | 'xml' | 'encerramento' | 'cancelamento' | 'xmlEvento'
>;

export interface MdfeSyncSummary {
  listed: number;
  added: number;
  changed: number;
  files: number;
  events: number;
  error: string | null;
}

const NO_FIELDS: MdfeFields = {
  placa: null,
  reboques: [],
  ufInicio: null,
  ufFim: null,
  percurso: [],
  municipiosDescarga: [],
  condutores: [],
  qtdCte: null,
  qtdNfe: null,
};

/**
 * The columns of an mdfeProc, read by electron/documents' MDF-e parser (the one home for reading
 * MDF-e XML). An XML that is not an MDF-e, or lacks the fields, gives nulls, never a throw: the
 * file is still cached and printable from its bytes.
 */
export function mdfeFieldsOfXml(xml: string): MdfeFields {
  let view;
  try {
    view = parseDocument(xml);
  } catch {
    return NO_FIELDS;
  }
  if (view.kind !== 'mdfe') return NO_FIELDS;
  const docs = view.descargas.flatMap((d) => d.docs);
  const countOf = (tipo: string) => docs.filter((d) => d.tipo === tipo).length || null;
  return {
    placa: view.rodo?.tracao.placa || null,
    reboques: (view.rodo?.reboques ?? []).map((r) => r.placa).filter((p) => p !== ''),
    ufInicio: view.ide.UFIni || null,
    ufFim: view.ide.UFFim || null,
    percurso: view.ide.percurso,
    municipiosDescarga: view.descargas.map((d) => d.xMun).filter((m) => m !== ''),
    condutores: view.condutores.map((c) => c.xNome).filter((n) => n !== ''),
    qtdCte: countOf('CT-e'),
    qtdNfe: countOf('NF-e'),
  };
}

export async function syncMdfe(
  deps: { repo: MdfeCacheRepository; source: MdfeSource; ambiente: 'homologacao' | 'producao' },
  scope: MdfeScope,
  full = false,
): Promise<MdfeSyncSummary> {
  const { repo, source } = deps;
  const summary: MdfeSyncSummary = { listed: 0, added: 0, changed: 0, files: 0, events: 0, error: null };
  try {
    for (let skip = 0; ; skip += PAGE_SIZE) {
      const page = await source.listar(
        { cpf_cnpj: scope.company, ambiente: deps.ambiente },
        { top: PAGE_SIZE, skip },
      );
      let news = 0;
      for (const record of page.data) {
        const result = await repo.upsert(scope, record as ApiRecord);
        if (result.added) summary.added++;
        else if (result.statusChanged) summary.changed++;
        if (result.added || result.statusChanged) news++;
      }
      summary.listed += page.data.length;
      if (page.data.length < PAGE_SIZE || (!full && news === 0)) break;
    }
    // Pending and open manifests (a handful) are asked for directly: closing and cancellation
    // change old rows the incremental list walk does not reach.
    for (const row of await repo.unsettled(scope)) {
      const record = await source.consultar(row.api_id);
      if ((await repo.upsert(scope, record as ApiRecord)).statusChanged) summary.changed++;
    }
    for (const row of await repo.withoutXml(scope)) {
      try {
        const file = await source.xml(row.api_id);
        await repo.setXml(row.id, file.data, mdfeFieldsOfXml(file.data.toString('utf8')));
        summary.files++;
      } catch (error) {
        if (isOffline(error)) throw error;
        await repo.markXmlUnavailable(row.id);
      }
    }
    for (const row of await repo.withoutFinalEvent(scope)) {
      const type = row.status === 'encerrado' ? 'encerramento' : 'cancelamento';
      try {
        const event =
          type === 'encerramento'
            ? await source.encerramento(row.api_id)
            : await source.cancelamento(row.api_id);
        await repo.upsertEvent(row.id, type, event);
        summary.events++;
      } catch (error) {
        // Closed or cancelled outside the API (another system): there is no event record to fetch.
        if (!isNotFound(error)) throw error;
      }
    }
    // The events' procEventoMDFe: what prints the DAMDFE as ENCERRADO / CANCELADO offline.
    for (const event of await repo.eventsWithoutXml(scope)) {
      try {
        const file = await source.xmlEvento(event.api_id!);
        await repo.setEventXml(event.mdfe_id, event.id, file.data);
        summary.files++;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    await repo.markSynced(scope, null);
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error);
    await repo.markSynced(scope, summary.error);
  }
  return summary;
}
