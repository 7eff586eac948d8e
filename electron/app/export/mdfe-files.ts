// The MDF-e of the accountant's package: each manifest's processed XML (mdfeProc) and the XML of
// its registered events (encerramento, cancelamento, inclusão de condutor / DF-e), fetched from
// the API when this computer does not have them yet, and listed as missing when they cannot be had.
import type { Zippable } from 'fflate';

import type { CachedMdfe, MdfeCacheRepository } from '../../cache/repositories/mdfe';
import type { Environment } from '../../cache/repositories/types';
import type { MdfeSource } from '../sync/mdfe-sync';
import { mdfeFieldsOfXml } from '../sync/mdfe-sync';
import type { MissingFile } from './complete';
import { fetchAttempts, NOT_FOUND } from './fetch-missing';

const WITH_XML = new Set(['autorizado', 'encerrado', 'cancelado']);
const EVENT_LABEL = {
  encerramento: 'XML do encerramento',
  cancelamento: 'XML do cancelamento',
  inclusao_condutor: 'XML da inclusão de condutor',
  inclusao_dfe: 'XML da inclusão de DF-e',
} as const;

export const mdfeLabel = (row: Pick<CachedMdfe, 'serie' | 'numero'>) =>
  `MDF-e ${row.serie ?? '?'}/${row.numero ?? '?'}`;

export interface MdfeExport {
  rows: CachedMdfe[];
  events: number;
  missing: MissingFile[];
}

/** Adds the period's MDF-e files to `files` (one folder per month, events beside the documents'). */
export async function addMdfeFiles(
  repo: MdfeCacheRepository,
  request: { company: string; environment: Environment; from: string; to: string },
  source: MdfeSource | null,
  files: Zippable,
): Promise<MdfeExport> {
  const scope = { company: request.company, environment: request.environment };
  const rows = await repo.inPeriod(scope, request.from, request.to);
  const missing: MissingFile[] = [];
  const attempt = fetchAttempts(source);

  let events = 0;
  for (const row of rows) {
    const note = (arquivo: string, motivo: string) =>
      missing.push({ documento: mdfeLabel(row), chave: row.chave, arquivo, motivo });
    const month = (row.data_emissao ?? '0000-00').slice(0, 7);
    const base = (row.chave ?? `mdfe-${row.serie ?? 0}-${row.numero ?? row.api_id}`).replace(
      /[^0-9A-Za-z_-]/g,
      '_',
    );
    if (WITH_XML.has(row.status)) {
      if (!(await repo.xml(row.id))) {
        const reason = await attempt(async (s) => {
          const file = await s.xml(row.api_id);
          await repo.setXml(row.id, file.data, mdfeFieldsOfXml(file.data.toString('utf8')));
        });
        if (!(await repo.xml(row.id))) note('XML de autorização', reason ?? NOT_FOUND);
      }
      const xml = await repo.xml(row.id);
      if (xml) files[`${month}/${base}-mdfe.xml`] = xml;
    }
    // A closed or cancelled manifest's final event, when the cache has not seen it yet.
    if (row.status === 'encerrado' || row.status === 'cancelado') {
      const type = row.status === 'encerrado' ? 'encerramento' : 'cancelamento';
      const known = (await repo.events(row.id)).some((e) => e.type === type && e.status === 'registrado');
      if (!known) {
        const reason = await attempt(async (s) => {
          const record =
            type === 'encerramento' ? await s.encerramento(row.api_id) : await s.cancelamento(row.api_id);
          await repo.upsertEvent(row.id, type, record);
        });
        if (reason !== null) note(EVENT_LABEL[type], reason);
      }
    }
    for (const event of await repo.events(row.id)) {
      if (event.status !== 'registrado') continue;
      if (!(await repo.xml(row.id, event.id)) && event.api_id) {
        const id = event.api_id;
        const reason = await attempt(async (s) => {
          const file = await s.xmlEvento(id);
          await repo.setEventXml(row.id, event.id, file.data);
        });
        if (!(await repo.xml(row.id, event.id))) note(EVENT_LABEL[event.type], reason ?? NOT_FOUND);
      } else if (!(await repo.xml(row.id, event.id))) note(EVENT_LABEL[event.type], NOT_FOUND);
      const xml = await repo.xml(row.id, event.id);
      if (!xml) continue;
      files[`${month}/eventos/${base}-mdfe-${event.type}-${event.sequence}.xml`] = xml;
      events++;
    }
  }
  return { rows, events, missing };
}
