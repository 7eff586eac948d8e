import type { Migration } from '../migrations';

/**
 * The inbox listed by the real instant of issue. NF-e times carry their issuer's UTC offset
 * (tiposBasico_v4.00.xsd TDateTimeUTC: -03:00, -04:00, -05:00…) and API answers may be in UTC
 * ('Z'), so data_emissao does not sort by time as text. This index holds the instant as a julian
 * day (julianday() reads the offset; a time without one is Brasília wall time) so a page of the
 * list still reads in index order instead of sorting every note. It replaces the text-ordered
 * inbox_notes_browse. The expression is the one app/inbox/store.ts `instantSql` writes in ORDER BY:
 * SQLite uses the index only when they are the same (test/app/inbox/order.test.ts checks the plan).
 */
export const migration: Migration = {
  id: 16,
  name: 'inbox-instant',
  sql: `
CREATE INDEX inbox_notes_instant ON inbox_notes (company, environment,
  (CASE WHEN data_emissao GLOB '*[+-][0-9][0-9]:[0-9][0-9]' OR data_emissao GLOB '*Z'
    THEN julianday(data_emissao) ELSE julianday(data_emissao, '+3 hours') END));
DROP INDEX inbox_notes_browse;
`,
};
