import type { Migration } from '../migrations';

/**
 * The search box promises município and UF, but documents_fts indexed only chave, número,
 * referência and the parties. FTS5 tables take no new columns, so the index is rebuilt with a
 * `lugares` column (município and UF of start and end) and filled again from every cached row;
 * the triggers are recreated to write it. unicode61 with remove_diacritics 2 keeps the search
 * accent- and case-insensitive ("sao jose" finds "São José").
 */
export const migration: Migration = {
  id: 11,
  name: 'search-places',
  sql: `
DROP TRIGGER documents_fts_insert;
DROP TRIGGER documents_fts_update;
DROP TRIGGER documents_fts_delete;
DROP TABLE documents_fts;

CREATE VIRTUAL TABLE documents_fts USING fts5 (
  chave, numero, referencia, tomador, remetente, destinatario, lugares,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO documents_fts (rowid, chave, numero, referencia, tomador, remetente, destinatario, lugares)
SELECT id, chave, numero, referencia,
  concat_ws(' ', tomador_nome, tomador_doc),
  concat_ws(' ', remetente_nome, remetente_doc),
  concat_ws(' ', destinatario_nome, destinatario_doc),
  concat_ws(' ', municipio_inicio, uf_inicio, municipio_fim, uf_fim)
FROM documents;

CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
  INSERT INTO documents_fts (rowid, chave, numero, referencia, tomador, remetente, destinatario, lugares) VALUES (
    new.id, new.chave, new.numero, new.referencia,
    concat_ws(' ', new.tomador_nome, new.tomador_doc),
    concat_ws(' ', new.remetente_nome, new.remetente_doc),
    concat_ws(' ', new.destinatario_nome, new.destinatario_doc),
    concat_ws(' ', new.municipio_inicio, new.uf_inicio, new.municipio_fim, new.uf_fim)
  );
END;

CREATE TRIGGER documents_fts_update AFTER UPDATE OF
  chave, numero, referencia, tomador_doc, remetente_doc, destinatario_doc,
  tomador_nome, remetente_nome, destinatario_nome,
  municipio_inicio, uf_inicio, municipio_fim, uf_fim ON documents BEGIN
  DELETE FROM documents_fts WHERE rowid = old.id;
  INSERT INTO documents_fts (rowid, chave, numero, referencia, tomador, remetente, destinatario, lugares) VALUES (
    new.id, new.chave, new.numero, new.referencia,
    concat_ws(' ', new.tomador_nome, new.tomador_doc),
    concat_ws(' ', new.remetente_nome, new.remetente_doc),
    concat_ws(' ', new.destinatario_nome, new.destinatario_doc),
    concat_ws(' ', new.municipio_inicio, new.uf_inicio, new.municipio_fim, new.uf_fim)
  );
END;

CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
  DELETE FROM documents_fts WHERE rowid = old.id;
END;
`,
};
