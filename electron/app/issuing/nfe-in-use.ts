// Which NF-e are already on a CT-e of the company: an NF-e goes on one CT-e, and a second CT-e for
// the same goods is the mistake a repeated or copied CT-e makes silently (issue 26). Asked by the
// form's documents step for the keys typed or pasted there, and by the NF-e import.
//
// Two sources: what this computer sent (the outbox payloads, in flight or authorized) and the
// authorized CT-e in the cache (sent from any computer and synchronized), read from their XML. The
// cache is narrowed first by what the key itself says — the NF-e was issued in its AAMM by the CNPJ
// at positions 7–20, who is the remetente (or the destinatário, for an entry note) — so a long
// history is not read whole.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';

export interface NfeInUse {
  chave: string;
  /** "CT-e 1/15": série and número, as the clerk knows it. */
  documento: string;
  /** autorizado, or the outbox state while it is still being sent. */
  situacao: 'autorizado' | 'em envio';
}

const SETTLED_ELSEWHERE = new Set(['cancelado', 'rejeitado', 'denegado']);

const label = (serie: number | null, numero: number | null) => `CT-e ${serie ?? '?'}/${numero ?? '?'}`;

async function inOutbox(
  repos: Repositories,
  scope: { company: string; environment: Environment },
  chave: string,
): Promise<NfeInUse | null> {
  const rows = await repos.db.all<{
    serie: number | null;
    numero: number | null;
    state: string;
    status: string | null;
  }>(
    `SELECT o.serie, o.numero, o.state, d.status FROM outbox o
       LEFT JOIN documents d ON d.api_id = o.api_id AND d.environment = o.environment
      WHERE o.company = ? AND o.environment = ? AND o.kind = 'cte'
        AND o.state IN ('sent', 'sending', 'queued') AND instr(o.payload_json, ?) > 0
      ORDER BY o.id DESC LIMIT 5`,
    [scope.company, scope.environment, chave],
  );
  for (const row of rows) {
    if (row.status && SETTLED_ELSEWHERE.has(row.status)) continue;
    if (row.state === 'sent' && row.status !== 'autorizado') continue;
    return {
      chave,
      documento: label(row.serie, row.numero),
      situacao: row.status === 'autorizado' ? 'autorizado' : 'em envio',
    };
  }
  return null;
}

async function inCache(
  repos: Repositories,
  scope: { company: string; environment: Environment },
  chave: string,
): Promise<NfeInUse | null> {
  const issuer = chave.slice(6, 20);
  const month = `20${chave.slice(2, 4)}-${chave.slice(4, 6)}`;
  const rows = await repos.db.all<{ id: number; serie: number | null; numero: number | null }>(
    `SELECT id, serie, numero FROM documents
      WHERE company = ? AND environment = ? AND kind = 'cte' AND status = 'autorizado'
        AND xml_state = 'present' AND data_emissao >= ?
        AND (remetente_doc = ? OR destinatario_doc = ?)
      ORDER BY data_emissao DESC LIMIT 200`,
    [scope.company, scope.environment, month, issuer, issuer],
  );
  for (const row of rows) {
    const file = await repos.files.get(row.id, 0, 'xml').catch(() => null);
    if (file && file.bytes.includes(chave)) {
      return { chave, documento: label(row.serie, row.numero), situacao: 'autorizado' };
    }
  }
  return null;
}

/** The keys (44 characters, already checked) found on a CT-e of the company, each with that CT-e. */
export async function nfeKeysInUse(
  repos: Repositories,
  scope: { company: string; environment: Environment },
  chaves: readonly string[],
): Promise<NfeInUse[]> {
  const found: NfeInUse[] = [];
  for (const chave of new Set(chaves)) {
    const use = (await inOutbox(repos, scope, chave)) ?? (await inCache(repos, scope, chave));
    if (use) found.push(use);
  }
  return found;
}
