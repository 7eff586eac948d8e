import type { Migration } from '../migrations';

/**
 * The cached MDF-e's issue time as Brasília wall time with its offset, as 0010 did for the
 * documents (repositories/types.ts `brasiliaTimestamp`, which mdfe.ts now writes): kept as the API
 * gave it ('…Z'), an MDF-e of 09:58 sorted above a CT-e of 10:08 in Documentos, whose emission
 * order is the text of both, and its day was UTC's.
 */
export const migration: Migration = {
  id: 21,
  name: 'mdfe-brasilia-time',
  sql: `
UPDATE mdfe_documents
   SET data_emissao = strftime('%Y-%m-%dT%H:%M:%S', data_emissao, '-3 hours') || '-03:00'
 WHERE data_emissao GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]*'
   AND (data_emissao GLOB '*Z' OR data_emissao GLOB '*[+-][0-9][0-9]:[0-9][0-9]')
   AND strftime('%Y-%m-%dT%H:%M:%S', data_emissao, '-3 hours') IS NOT NULL;
`,
};
