import type { Migration } from '../migrations';

/**
 * MDF-e in the Documentos search: a full-text index of the cached manifests beside documents_fts
 * (its rows are mdfe_documents ids, so the two never mix), over what a clerk types for a trip —
 * chave, número, the plates (tração and reboques) and the places (UFs of start and end, the UFs
 * crossed, the unloading municipalities). Same tokenizer as documents_fts (accent- and
 * case-insensitive). Filled from every cached row; triggers keep it current. And the log of
 * MDF-e sent by e-mail, apart from mail_log whose rows belong to documents.
 */
export const migration: Migration = {
  id: 15,
  name: 'mdfe-search',
  sql: `
CREATE VIRTUAL TABLE mdfe_fts USING fts5 (
  chave, numero, placas, lugares,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO mdfe_fts (rowid, chave, numero, placas, lugares)
SELECT id, chave, numero,
  concat_ws(' ', placa, replace(reboques, ',', ' ')),
  concat_ws(' ', uf_inicio, replace(percurso, ',', ' '), uf_fim, municipios_descarga)
FROM mdfe_documents;

CREATE TRIGGER mdfe_fts_insert AFTER INSERT ON mdfe_documents BEGIN
  INSERT INTO mdfe_fts (rowid, chave, numero, placas, lugares) VALUES (
    new.id, new.chave, new.numero,
    concat_ws(' ', new.placa, replace(new.reboques, ',', ' ')),
    concat_ws(' ', new.uf_inicio, replace(new.percurso, ',', ' '), new.uf_fim, new.municipios_descarga)
  );
END;

CREATE TRIGGER mdfe_fts_update AFTER UPDATE OF
  chave, numero, placa, reboques, uf_inicio, percurso, uf_fim, municipios_descarga ON mdfe_documents BEGIN
  DELETE FROM mdfe_fts WHERE rowid = old.id;
  INSERT INTO mdfe_fts (rowid, chave, numero, placas, lugares) VALUES (
    new.id, new.chave, new.numero,
    concat_ws(' ', new.placa, replace(new.reboques, ',', ' ')),
    concat_ws(' ', new.uf_inicio, replace(new.percurso, ',', ' '), new.uf_fim, new.municipios_descarga)
  );
END;

CREATE TRIGGER mdfe_fts_delete AFTER DELETE ON mdfe_documents BEGIN
  DELETE FROM mdfe_fts WHERE rowid = old.id;
END;

-- E-mails of MDF-e (DAMDFE + XML), logged like those of the documents (mail_log, 0007).
CREATE TABLE mdfe_mail_log (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL REFERENCES mdfe_documents (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind = 'mdfe'),
  recipients TEXT NOT NULL,
  subject TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('enviado', 'falhou')),
  error TEXT,
  message_id TEXT,
  attachments TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  finished_at TEXT
) STRICT;
CREATE INDEX mdfe_mail_log_doc ON mdfe_mail_log (doc_id, id);
`,
};
