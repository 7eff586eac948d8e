import type { Migration } from '../migrations';

/**
 * The offline copy of the MDF-e (modelo 58) the company issued, their closing/cancellation events
 * and XML, kept apart from the CT-e/DC-e `documents` so the manifests' own questions — which truck,
 * which route, still open? — have their own columns and index. Money in centavos. XML files are
 * packed like document_files (certificate bodies in file_parts).
 */
export const migration: Migration = {
  id: 9,
  name: 'mdfe',
  sql: `
CREATE TABLE mdfe_documents (
  id INTEGER PRIMARY KEY,
  api_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  ambiente TEXT NOT NULL CHECK (ambiente IN ('homologacao', 'producao')),
  company TEXT NOT NULL,
  serie INTEGER,
  numero INTEGER,
  chave TEXT,
  referencia TEXT,
  status TEXT NOT NULL,
  data_emissao TEXT,
  created_at TEXT,
  protocolo TEXT,
  data_autorizacao TEXT,
  valor_carga INTEGER,
  -- From the processed XML (null until it is fetched): main plate, trailers' plates, route.
  placa TEXT,
  reboques TEXT,
  uf_inicio TEXT,
  uf_fim TEXT,
  percurso TEXT,
  municipios_descarga TEXT,
  condutores TEXT,
  qtd_cte INTEGER,
  qtd_nfe INTEGER,
  data_encerramento TEXT,
  api_json TEXT NOT NULL,
  xml_state TEXT NOT NULL DEFAULT 'missing' CHECK (xml_state IN ('missing', 'present', 'unavailable')),
  synced_at TEXT NOT NULL,
  UNIQUE (environment, api_id)
) STRICT;

CREATE INDEX mdfe_documents_browse ON mdfe_documents (company, environment, data_emissao);
CREATE INDEX mdfe_documents_open ON mdfe_documents (company, environment, status, placa);
CREATE INDEX mdfe_documents_chave ON mdfe_documents (chave) WHERE chave IS NOT NULL;

CREATE TABLE mdfe_events (
  id INTEGER PRIMARY KEY,
  mdfe_id INTEGER NOT NULL REFERENCES mdfe_documents (id) ON DELETE CASCADE,
  api_id TEXT,
  type TEXT NOT NULL CHECK (type IN ('cancelamento', 'encerramento', 'inclusao_condutor', 'inclusao_dfe')),
  sequence INTEGER NOT NULL DEFAULT 1,
  status TEXT,
  protocolo TEXT,
  data_evento TEXT,
  api_json TEXT NOT NULL,
  synced_at TEXT NOT NULL,
  UNIQUE (mdfe_id, type, sequence)
) STRICT;

-- event_id 0: the manifest's own mdfeProc.
CREATE TABLE mdfe_files (
  id INTEGER PRIMARY KEY,
  mdfe_id INTEGER NOT NULL REFERENCES mdfe_documents (id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL CHECK (kind IN ('xml', 'pdf')),
  codec TEXT NOT NULL CHECK (codec IN ('identity', 'deflate', 'deflate-d1', 'brotli')),
  parts INTEGER NOT NULL DEFAULT 0 CHECK (parts IN (0, 1)),
  content BLOB NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  UNIQUE (mdfe_id, event_id, kind)
) STRICT;

CREATE TABLE mdfe_sync_state (
  company TEXT NOT NULL,
  environment TEXT NOT NULL,
  last_sync TEXT,
  last_error TEXT,
  PRIMARY KEY (company, environment)
) STRICT;
`,
};
