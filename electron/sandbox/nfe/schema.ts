import type { SandboxStore } from '../store';

/** Tables of the NF-e inbox; registered with `store.migrate`, so `/_sandbox/reset` recreates them. */
export async function migrateInbox(store: SandboxStore): Promise<void> {
  await store.migrate(
    'nfe-inbox',
    `CREATE TABLE IF NOT EXISTS sandbox_nfe_notes (
       cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, chave TEXT NOT NULL, role TEXT NOT NULL,
       seq INTEGER NOT NULL, dh_recbto INTEGER NOT NULL, cancelled INTEGER NOT NULL DEFAULT 0,
       full_scheduled INTEGER NOT NULL DEFAULT 0, dest_cnpj TEXT NOT NULL, json TEXT NOT NULL,
       proc_xml TEXT NOT NULL, PRIMARY KEY (cpf_cnpj, ambiente, chave));
     CREATE TABLE IF NOT EXISTS sandbox_nfe_docs (
       id TEXT PRIMARY KEY, cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, nsu INTEGER,
       release_at INTEGER NOT NULL, chave TEXT, schema TEXT NOT NULL, tipo_documento TEXT NOT NULL,
       resumo INTEGER NOT NULL, created_at INTEGER, json TEXT NOT NULL, xml TEXT NOT NULL);
     CREATE UNIQUE INDEX IF NOT EXISTS sandbox_nfe_docs_nsu ON sandbox_nfe_docs (cpf_cnpj, ambiente, nsu);
     CREATE TABLE IF NOT EXISTS sandbox_nfe_seeded (
       cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, PRIMARY KEY (cpf_cnpj, ambiente));
     CREATE TABLE IF NOT EXISTS sandbox_nfe_requests (
       id TEXT PRIMARY KEY, cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, seq INTEGER NOT NULL,
       polls_left INTEGER NOT NULL, final_status TEXT NOT NULL, json TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS sandbox_nfe_dist_state (
       cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, last_empty_at INTEGER NOT NULL,
       PRIMARY KEY (cpf_cnpj, ambiente));
     CREATE TABLE IF NOT EXISTS sandbox_nfe_events (
       id TEXT PRIMARY KEY, cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, chave TEXT NOT NULL,
       tipo_evento TEXT NOT NULL, status TEXT NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS sandbox_nfe_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  );
  // What the service has delivered to the company (by a request or its own automatic run): only
  // these are listed under /distribuicao/nfe/documentos, as the real service lists what it fetched.
  await store.migrate(
    'nfe-inbox-distributed',
    `CREATE TABLE IF NOT EXISTS sandbox_nfe_distributed (doc_id TEXT PRIMARY KEY);
     CREATE TABLE IF NOT EXISTS sandbox_nfe_auto_runs (
       cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, last_run_at INTEGER NOT NULL,
       PRIMARY KEY (cpf_cnpj, ambiente));`,
  );
}
