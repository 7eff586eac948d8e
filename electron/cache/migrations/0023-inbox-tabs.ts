import type { Migration } from '../migrations';

/**
 * The inbox page within 5 ms at 10,000 notes (issue 27). Every page is one of two tabs
 * (recipient: as_dest = 1; carrier: as_carrier = 1) and runs two statements: the count of the
 * filtered notes and the page in order of the real instant of issue. With inbox_notes_instant
 * (company, environment, instant) the count read every row of the company from the table (about
 * 13 ms at 9,000 notes) and the page sorted the last term (id) again.
 *
 * One index per tab, keyed by the tab's flag, the instant and the id (the page's ORDER BY), and
 * carrying every column a filter reads (manifestation, value, form, issuer, key): the count reads
 * the index alone, and the page walks the index in order and reads the table only for the rows it
 * returns. The instant's expression is the one app/inbox/store.ts `instantSql` writes
 * (test/app/inbox/order.test.ts checks the plans). They replace inbox_notes_instant.
 */
const INSTANT = `(CASE WHEN data_emissao GLOB '*[+-][0-9][0-9]:[0-9][0-9]' OR data_emissao GLOB '*Z'
    THEN julianday(data_emissao) ELSE julianday(data_emissao, '+3 hours') END)`;
const FILTERED = 'manifestacao, valor, resumo, emitente_doc, emitente_nome, chave';

export const migration: Migration = {
  id: 23,
  name: 'inbox-tabs',
  sql: `
CREATE INDEX inbox_notes_dest ON inbox_notes (company, environment, as_dest, ${INSTANT}, id, ${FILTERED});
CREATE INDEX inbox_notes_carrier ON inbox_notes (company, environment, as_carrier, ${INSTANT}, id, ${FILTERED});
DROP INDEX inbox_notes_instant;
`,
};
