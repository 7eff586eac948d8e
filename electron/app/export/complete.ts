import type { DocumentRecordRow, Repositories } from '../../cache/repositories';
import { WITH_PROCESSED_XML, packFile } from '../../cache/repositories';
import type { Scope } from '../../cache/repositories/types';
import { fetchOne, storeEvents } from '../sync/scope-sync';
import type { SyncSource } from '../sync/source';
import { fetchAttempts, NOT_FOUND } from './fetch-missing';

/** A file the accountant should receive but the export could not include, in the clerk's words. */
export interface MissingFile {
  documento: string;
  chave: string | null;
  arquivo: string;
  motivo: string;
}

const KIND_LABEL = { cte: 'CT-e', cteos: 'CT-e OS', dce: 'DC-e' } as const;

export function documentLabel(row: Pick<DocumentRecordRow, 'kind' | 'serie' | 'numero'>): string {
  return `${KIND_LABEL[row.kind]} ${row.serie ?? '?'}/${row.numero ?? '?'}`;
}

/**
 * Makes sure the cache holds every XML an accountant needs for these documents — the processed
 * XML of each authorized, cancelled or closed document, the cancellation of each cancelled one,
 * and every correction letter known for it — fetching what is missing from the API and keeping it
 * in the cache. Answers what could still not be had, and why (fetch-missing.ts).
 */
export async function completeFiles(
  repos: Repositories,
  rows: readonly DocumentRecordRow[],
  source: SyncSource | null,
): Promise<MissingFile[]> {
  const missing: MissingFile[] = [];
  const attempt = fetchAttempts(source);

  for (const row of rows) {
    const scope: Scope = { company: row.company, kind: row.kind, environment: row.environment };
    const note = (arquivo: string, motivo: string) =>
      missing.push({ documento: documentLabel(row), chave: row.chave, arquivo, motivo });

    if (WITH_PROCESSED_XML.has(row.status) && !(await repos.files.get(row.id, 0, 'xml'))) {
      const reason = await attempt((s) =>
        fetchOne({ repos, source: s, ambiente: 'homologacao', progress: () => undefined }, scope, row).then(
          () => undefined,
        ),
      );
      if (!(await repos.files.get(row.id, 0, 'xml'))) note('XML de autorização', reason ?? NOT_FOUND);
    }

    if (row.status === 'cancelado') {
      const has = async () => {
        const event = (await repos.events.list(row.id)).find((e) => e.type === 'cancelamento');
        return event !== undefined && (await repos.files.get(row.id, event.id, 'xml')) !== null;
      };
      if (!(await has())) {
        const reason = await attempt(async (s) => {
          const record = await s.cancelamento(row.kind, row.api_id);
          const file = await s.xmlCancelamento(row.kind, row.api_id);
          const xml = await packFile(file.data, file.contentType || 'application/xml');
          await repos.db.transaction(() =>
            storeEvents({ repos }, row.id, [{ type: 'cancelamento', record, xml }]),
          );
        });
        if (!(await has())) note('XML do cancelamento', reason ?? NOT_FOUND);
      }
    }

    if (row.kind !== 'dce') {
      const kind = row.kind;
      // A refused letter has no registered event to hand over.
      const letters = (await repos.events.list(row.id)).filter(
        (e) => e.type === 'carta_correcao' && e.status !== 'rejeitado' && e.status !== 'erro',
      );
      const latest = Math.max(0, ...letters.map((e) => e.sequence));
      for (const letter of letters) {
        if (await repos.files.get(row.id, letter.id, 'xml')) continue;
        const label = `XML da carta de correção nº ${letter.sequence}`;
        if (letter.sequence !== latest) {
          // The API serves only a document's latest correction letter.
          note(label, 'a API fiscal só entrega a carta de correção mais recente do documento');
          continue;
        }
        const reason = await attempt(async (s) => {
          const record = await s.cartaCorrecao(kind, row.api_id);
          const file = await s.xmlCartaCorrecao(kind, row.api_id);
          const xml = await packFile(file.data, file.contentType || 'application/xml');
          await repos.db.transaction(() =>
            storeEvents({ repos }, row.id, [{ type: 'carta_correcao', record, xml }]),
          );
        });
        if (!(await repos.files.get(row.id, letter.id, 'xml'))) note(label, reason ?? NOT_FOUND);
      }
    }
  }
  return missing;
}
