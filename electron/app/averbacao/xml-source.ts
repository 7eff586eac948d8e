// The XML each queued row sends: the authorized document or its event, from the cache when it is
// there (it is kept there when fetched), otherwise from the fiscal API; own-load NF-e from the inbox.
import type { QueueRow, Repositories } from '../../cache/repositories';
import type { NuvemFiscalClient } from '../../nuvemfiscal';
import { ApiError } from '../../nuvemfiscal';

/** No XML now: `transient` when a later attempt may find it (offline), else it never will. */
export class XmlUnavailable extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'XmlUnavailable';
  }
}

export interface XmlSourceDeps {
  repos: () => Repositories;
  api: () => Promise<{ client: NuvemFiscalClient }>;
  /** Own-load NF-e: the inbox's XML (throws in Portuguese when it has none). */
  nfeXml: (company: string, chaves: readonly string[]) => Promise<{ chave: string; xml: string }[]>;
}

function fromApiError(error: unknown, what: string): XmlUnavailable {
  if (error instanceof XmlUnavailable) return error;
  const permanent = error instanceof ApiError && error.status === 404;
  return new XmlUnavailable(
    permanent
      ? `A API fiscal não tem o XML ${what}: sincronize os documentos e tente de novo.`
      : `O XML ${what} não está no computador e a API fiscal não respondeu agora.`,
    !permanent,
  );
}

export function createXmlSource(deps: XmlSourceDeps) {
  const client = async () => (await deps.api()).client;

  async function cte(row: QueueRow): Promise<string> {
    const repos = deps.repos();
    const doc = await repos.db.get<{ id: number; api_id: string; kind: 'cte' | 'cteos' }>(
      "SELECT id, api_id, kind FROM documents WHERE environment = ? AND company = ? AND chave = ? AND kind IN ('cte', 'cteos') ORDER BY id DESC LIMIT 1",
      [row.environment, row.company, row.chave],
    );
    if (!doc)
      throw new XmlUnavailable('O documento não está mais no banco local: sincronize os documentos.', false);
    if (row.operacao === 'averbar') {
      const cached = await repos.files.get(doc.id, 0, 'xml');
      if (cached) return cached.bytes.toString('utf8');
      try {
        const { data } = await (await client())[doc.kind].xml(doc.api_id);
        await repos.files.put(doc.id, 0, 'xml', data, 'application/xml');
        return data.toString('utf8');
      } catch (error) {
        throw fromApiError(error, 'do CT-e');
      }
    }
    const event = await repos.db.get<{ id: number }>(
      "SELECT id FROM document_events WHERE doc_id = ? AND type = 'cancelamento' ORDER BY status = 'registrado' DESC, sequence DESC LIMIT 1",
      [doc.id],
    );
    if (event) {
      const cached = await repos.files.get(doc.id, event.id, 'xml');
      if (cached) return cached.bytes.toString('utf8');
    }
    try {
      const { data } = await (await client())[doc.kind].xmlCancelamento(doc.api_id);
      if (event) await repos.files.put(doc.id, event.id, 'xml', data, 'application/xml');
      return data.toString('utf8');
    } catch (error) {
      throw fromApiError(error, 'do cancelamento');
    }
  }

  async function mdfe(row: QueueRow): Promise<string> {
    const repos = deps.repos();
    const doc = await repos.db.get<{ id: number; api_id: string }>(
      'SELECT id, api_id FROM mdfe_documents WHERE environment = ? AND company = ? AND chave = ? ORDER BY id DESC LIMIT 1',
      [row.environment, row.company, row.chave],
    );
    if (!doc)
      throw new XmlUnavailable('O MDF-e não está mais no banco local: sincronize os documentos.', false);
    if (row.operacao === 'averbar') {
      const cached = await repos.mdfe.xml(doc.id);
      if (cached) return cached.toString('utf8');
      try {
        return (await (await client()).mdfe.xml(doc.api_id)).data.toString('utf8');
      } catch (error) {
        throw fromApiError(error, 'do MDF-e');
      }
    }
    const type = row.operacao === 'cancelar' ? 'cancelamento' : 'encerramento';
    const event = await repos.db.get<{ id: number }>(
      "SELECT id FROM mdfe_events WHERE mdfe_id = ? AND type = ? ORDER BY status = 'registrado' DESC, sequence DESC LIMIT 1",
      [doc.id, type],
    );
    if (event) {
      const cached = await repos.mdfe.xml(doc.id, event.id);
      if (cached) return cached.toString('utf8');
    }
    try {
      const api = (await client()).mdfe;
      const { data } =
        type === 'cancelamento'
          ? await api.xmlCancelamento(doc.api_id)
          : await api.xmlEncerramento(doc.api_id);
      if (event) await repos.mdfe.setEventXml(doc.id, event.id, data);
      return data.toString('utf8');
    } catch (error) {
      throw fromApiError(error, `do ${type} do MDF-e`);
    }
  }

  async function nfe(row: QueueRow): Promise<string> {
    try {
      const [found] = await deps.nfeXml(row.company, [row.chave]);
      if (found) return found.xml;
    } catch (error) {
      throw new XmlUnavailable(
        `O XML da NF-e não está no computador (${error instanceof Error ? error.message : String(error)}). Importe-o na Caixa de entrada e clique em "Tentar de novo".`,
        false,
      );
    }
    throw new XmlUnavailable('O XML da NF-e não está no computador: importe-o na Caixa de entrada.', false);
  }

  return {
    xml(row: QueueRow): Promise<string> {
      if (row.tipo === 'mdfe') return mdfe(row);
      if (row.tipo === 'nfe') return nfe(row);
      return cte(row);
    },
  };
}
export type XmlSource = ReturnType<typeof createXmlSource>;
