// Writes a settled document into the offline cache with its processed XML, so it browses and
// prints offline at once.
import type { Repositories } from '../../cache/repositories';
import { packFile } from '../../cache/repositories/files';
import type { ApiRecord } from '../../cache/repositories/types';
import { WITH_PROCESSED_XML } from '../../cache/repositories/types';
import type { Dfe } from '../../nuvemfiscal';
import { extractFields, withKnownNames } from '../sync/extract';
import { mdfeFieldsOfXml } from '../sync/mdfe-sync';
import type { NumberingScope } from './kinds';

interface XmlSource {
  xml(id: string): Promise<{ data: Buffer; contentType: string }>;
}

export async function storeDocument(
  repos: Repositories,
  api: XmlSource,
  scope: NumberingScope,
  doc: Dfe,
): Promise<number> {
  if (scope.kind === 'mdfe') return storeMdfe(repos, api, scope, doc);
  const files = [];
  let fields = null;
  // The processed XML (cteProc) never changes once authorized — a cancellation is an event of its
  // own — so a copy already in the cache is not downloaded again.
  const cached = await repos.documents.byApiId(scope.environment, doc.id);
  const hasXml = cached?.xml_state === 'present' && WITH_PROCESSED_XML.has(cached.status ?? '');
  if (WITH_PROCESSED_XML.has(doc.status) && !hasXml) {
    const xml = await api.xml(doc.id).catch(() => null);
    if (xml) {
      files.push({ kind: 'xml' as const, file: await packFile(xml.data, 'application/xml') });
      fields = await withKnownNames(repos, scope.company, extractFields(xml.data).fields);
    }
  }
  const [result] = await repos.documents.upsertBatch([
    {
      company: scope.company,
      kind: scope.kind,
      environment: scope.environment,
      record: doc as ApiRecord,
      fields,
      files,
    },
  ]);
  return result!.id;
}

/** An MDF-e goes to its own cache tables, with its mdfeProc and the truck/route columns. */
async function storeMdfe(
  repos: Repositories,
  api: XmlSource,
  scope: NumberingScope,
  doc: Dfe,
): Promise<number> {
  const mdfeScope = { company: scope.company, environment: scope.environment };
  const { id } = await repos.mdfe.upsert(mdfeScope, doc as ApiRecord);
  if (WITH_PROCESSED_XML.has(doc.status)) {
    const xml = await api.xml(doc.id).catch(() => null);
    if (xml) await repos.mdfe.setXml(id, xml.data, mdfeFieldsOfXml(xml.data.toString('utf8')));
  }
  return id;
}
