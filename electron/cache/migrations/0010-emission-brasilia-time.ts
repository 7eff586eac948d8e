import type { Migration } from '../migrations';

/**
 * Rewrites every cached issue time as Brasília wall time with its offset (-03:00), as
 * repositories/types.ts `brasiliaTimestamp` now writes them. Rows cached before held the API's UTC
 * time ('…Z') or the XML's own offset, so sorting by emission as text mixed clocks and the period
 * filter (the first ten characters) put late-evening documents on the next day. SQLite's
 * strftime reads the offset and answers UTC; '-3 hours' turns that into Brasília time.
 */
export const migration: Migration = {
  id: 10,
  name: 'emission-brasilia-time',
  sql: `
UPDATE documents
   SET data_emissao = strftime('%Y-%m-%dT%H:%M:%S', data_emissao, '-3 hours') || '-03:00'
 WHERE data_emissao GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]*'
   AND (data_emissao GLOB '*Z' OR data_emissao GLOB '*[+-][0-9][0-9]:[0-9][0-9]')
   AND strftime('%Y-%m-%dT%H:%M:%S', data_emissao, '-3 hours') IS NOT NULL;
`,
};
