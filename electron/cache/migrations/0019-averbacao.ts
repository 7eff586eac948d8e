import type { Migration } from '../migrations';

/**
 * The averbação queue: one row per document and operation (averbar, cancelar, encerrar) that must
 * reach the company's averbadora, committed before anything is sent so nothing is lost offline or
 * on a crash; the insurer's answer (protocol, averbação numbers, insurer and policy, the whole
 * answer as AT&M asks it to be kept) lands on the same row, once. `autorizado_em` keeps when SEFAZ
 * authorized the document (the queue's order and what the clerk reads when it went out late);
 * `averbado_em` is the averbadora's own instant. Each attempt is logged for the document's history.
 * `averbacao_meta` holds the queue's epoch: a file restored from a backup, or copied from another
 * computer, carries another one, and its rows in flight wait for the clerk (see the service).
 */
export const migration: Migration = {
  id: 19,
  name: 'averbacao',
  sql: `
CREATE TABLE averbacao_queue (
  id INTEGER PRIMARY KEY,
  company TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  tipo TEXT NOT NULL CHECK (tipo IN ('cte', 'cteos', 'cte-simp', 'mdfe', 'nfe')),
  operacao TEXT NOT NULL CHECK (operacao IN ('averbar', 'cancelar', 'encerrar')),
  chave TEXT NOT NULL,
  modelo TEXT NOT NULL,
  serie INTEGER NOT NULL,
  numero INTEGER NOT NULL,
  averbadora TEXT NOT NULL,
  estado TEXT NOT NULL CHECK (estado IN ('pendente', 'enviando', 'averbado', 'falha', 'recusado', 'revisar', 'dispensado')),
  autorizado_em TEXT,
  averbado_em TEXT,
  protocolo TEXT,
  numeros_json TEXT NOT NULL DEFAULT '[]',
  seguradora_nome TEXT,
  seguradora_cnpj TEXT,
  apolice TEXT,
  ja_registrado INTEGER NOT NULL DEFAULT 0 CHECK (ja_registrado IN (0, 1)),
  teste INTEGER NOT NULL DEFAULT 0 CHECK (teste IN (0, 1)),
  tentativas INTEGER NOT NULL DEFAULT 0,
  proxima_tentativa TEXT,
  erro_codigo TEXT,
  erro_mensagem TEXT,
  erro_detalhe TEXT,
  resposta TEXT,
  criado_em TEXT NOT NULL,
  atualizado_em TEXT NOT NULL,
  UNIQUE (environment, company, chave, operacao)
) STRICT;
CREATE INDEX averbacao_queue_work ON averbacao_queue (environment, estado, company, modelo, serie, numero);
CREATE INDEX averbacao_queue_chave ON averbacao_queue (chave, environment);

CREATE TABLE averbacao_attempts (
  id INTEGER PRIMARY KEY,
  queue_id INTEGER NOT NULL REFERENCES averbacao_queue (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  resultado TEXT NOT NULL CHECK (resultado IN ('averbado', 'ja_registrado', 'recusado', 'falha', 'revisar')),
  codigo TEXT,
  mensagem TEXT
) STRICT;
CREATE INDEX averbacao_attempts_queue ON averbacao_attempts (queue_id, at);

CREATE TABLE averbacao_meta (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) STRICT;
`,
};
