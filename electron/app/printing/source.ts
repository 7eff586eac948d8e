import type { Repositories } from '../../cache/repositories';
import { AppError } from '../../shared/errors';
import { eventFileBase, fileBase, printoutBase } from '../../shared/file-names';

/** One printable item: the processed XML, with what decides the CANCELADO watermark. */
export interface Printable {
  id: number;
  company: string;
  /** What the user recognises in lists and error summaries ("CT-e 1/123"). */
  label: string;
  /** File name without extension. */
  baseName: string;
  xml: string;
  events: string[];
  cancelled: boolean;
}

export interface PrintSource {
  load(id: number, eventId: number): Promise<Printable>;
}

const KIND_LABEL = { cte: 'CT-e', cteos: 'CT-e OS', dce: 'DC-e' } as const;

const notCached = () =>
  new AppError(
    'file_not_cached',
    'O XML deste documento ainda não foi baixado para o computador. Conecte-se à internet e sincronize os documentos.',
  );

/** Reads printables from the offline cache only: printing never needs the network. */
export function cacheSource(repos: () => Repositories): PrintSource {
  return {
    async load(id, eventId) {
      const r = repos();
      const row = await r.documents.byId(id);
      if (!row) {
        throw new AppError(
          'document_not_found',
          'Documento não encontrado no banco local. Sincronize e tente de novo.',
        );
      }
      const label = `${KIND_LABEL[row.kind]} ${row.serie ?? '-'}/${row.numero ?? '-'}`;
      const base = fileBase(row.chave, { kind: row.kind, serie: row.serie, numero: row.numero });
      const events = await r.events.list(id);
      if (eventId > 0) {
        const event = events.find((e) => e.id === eventId);
        const file = event ? await r.files.get(id, eventId, 'xml') : null;
        if (!event || !file) throw notCached();
        return {
          id,
          company: row.company,
          label: `${label} — evento ${event.sequence}`,
          baseName: eventFileBase(base, event.type, event.sequence),
          xml: file.bytes.toString('utf8'),
          events: [],
          cancelled: false,
        };
      }
      const file = await r.files.get(id, 0, 'xml');
      if (!file) throw notCached();
      const eventXml: string[] = [];
      for (const event of events) {
        if (event.type !== 'cancelamento') continue;
        const xml = await r.files.get(id, event.id, 'xml');
        if (xml) eventXml.push(xml.bytes.toString('utf8'));
      }
      return {
        id,
        company: row.company,
        label,
        baseName: printoutBase(base, row.kind),
        xml: file.bytes.toString('utf8'),
        events: eventXml,
        cancelled: row.status === 'cancelado',
      };
    },
  };
}

const MDFE_EVENT_LABEL = {
  cancelamento: 'cancelamento',
  encerramento: 'encerramento',
  inclusao_condutor: 'inclusão de condutor',
  inclusao_dfe: 'inclusão de DF-e',
} as const;

/**
 * Reads MDF-e printables from the offline cache (mdfe_documents): the DAMDFE gets every registered
 * event's XML — encerramento, inclusão de condutor and de DF-e as well as cancelamento — so a closed
 * manifest prints ENCERRADO and the drivers/documents added on the road appear; `eventId` > 0 prints
 * that event.
 */
export function mdfeCacheSource(repos: () => Repositories): PrintSource {
  return {
    async load(id, eventId) {
      const repo = repos().mdfe;
      const row = await repo.byId(id);
      if (!row) {
        throw new AppError(
          'document_not_found',
          'MDF-e não encontrado no banco local. Sincronize e tente de novo.',
        );
      }
      const label = `MDF-e ${row.serie ?? '-'}/${row.numero ?? '-'}`;
      const base = row.chave ?? row.api_id;
      const events = await repo.events(id);
      if (eventId > 0) {
        const event = events.find((e) => e.id === eventId);
        const file = event ? await repo.xml(id, eventId) : null;
        if (!event || !file) throw notCached();
        return {
          id,
          company: row.company,
          label: `${label} — ${MDFE_EVENT_LABEL[event.type]}`,
          baseName: `${base}-${event.type}-${event.sequence}`,
          xml: file.toString('utf8'),
          events: [],
          cancelled: false,
        };
      }
      const file = await repo.xml(id);
      if (!file) throw notCached();
      const eventXml: string[] = [];
      for (const event of events) {
        if (event.status !== 'registrado') continue;
        const xml = await repo.xml(id, event.id);
        if (xml) eventXml.push(xml.toString('utf8'));
      }
      return {
        id,
        company: row.company,
        label,
        baseName: printoutBase(base, 'mdfe'),
        xml: file.toString('utf8'),
        events: eventXml,
        cancelled: row.status === 'cancelado',
      };
    },
  };
}
