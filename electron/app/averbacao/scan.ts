// Finds in the cache what must reach the company's averbadora and is not in the queue yet: every
// authorized CT-e (CT-e OS when the policy covers it) from the day the averbação was set up, the
// MDF-e (when covered) and the own-load NF-e it carries (when covered), and each cancellation and
// MDF-e closing of a document already queued. Reads only the cache: documents authorized here, by
// the outbox resolver or by the sync all arrive the same way. Rows are inserted in number order, so
// the queue's ids follow the sequence too.
import type { Repositories } from '../../cache/repositories';
import { unpackRecord } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import { parseDocument } from '../../documents/parse';
import { parseAccessKey } from '../../fiscal/access-key';
import type { Averbadora, InsurerSettings } from '../../shared/schemas/averbacao';

interface DocRow {
  id: number;
  kind: 'cte' | 'cteos' | 'dce';
  modelo: number | null;
  serie: number | null;
  numero: number | null;
  chave: string;
  status: string;
  data_emissao: string | null;
  api_record: Buffer;
}

interface MdfeRow {
  id: number;
  serie: number | null;
  numero: number | null;
  chave: string;
  status: string;
  data_emissao: string | null;
  data_autorizacao: string | null;
  data_encerramento: string | null;
  qtd_nfe: number | null;
}

/** The instant SEFAZ authorized it: the record's autorizacao, else the emission. */
function authorizedAt(row: DocRow): string | null {
  try {
    const record = unpackRecord(row.api_record) as { autorizacao?: { data_recebimento?: unknown } | null };
    const at = record.autorizacao?.data_recebimento;
    if (typeof at === 'string' && at) return at;
  } catch {
    // an unreadable record: the emission instant stands in
  }
  return row.data_emissao;
}

export interface ScanResult {
  added: number;
}

/** Encerramento reaches only the averbadoras that ask for it (AT&M REST manual §23 [C]). */
const SENDS_CLOSING: Record<Averbadora, boolean> = { 'atm-soap': true, 'atm-rest': true, porto: false };

export async function scanForAverbacao(
  repos: Repositories,
  environment: Environment,
  company: string,
  settings: InsurerSettings,
  now = new Date(),
): Promise<ScanResult> {
  const q = repos.averbacao;
  let added = 0;
  const add = async (item: Parameters<typeof q.enqueue>[0]) => {
    if ((await q.enqueue(item, now)).novo) added += 1;
  };
  const kinds = settings.cobertura.cteos ? ['cte', 'cteos'] : ['cte'];
  const docs = await repos.db.all<DocRow>(
    `SELECT d.id, d.kind, d.modelo, d.serie, d.numero, d.chave, d.status, d.data_emissao, d.api_record
       FROM documents d
      WHERE d.company = ? AND d.environment = ? AND d.kind IN (${kinds.map(() => '?').join(', ')})
        AND d.status IN ('autorizado', 'cancelado') AND d.chave IS NOT NULL AND d.data_emissao >= ?
        AND NOT EXISTS (SELECT 1 FROM averbacao_queue q WHERE q.environment = d.environment
              AND q.company = d.company AND q.chave = d.chave AND q.operacao = 'averbar')
      ORDER BY d.kind, d.serie, d.numero`,
    [company, environment, ...kinds, settings.desde],
  );
  for (const d of docs) {
    const key = parseAccessKey(d.chave);
    await add({
      company,
      environment,
      tipo: d.kind === 'cteos' ? 'cteos' : 'cte',
      operacao: 'averbar',
      chave: d.chave,
      modelo: key?.mod ?? String(d.modelo ?? 57),
      serie: d.serie ?? Number(key?.serie ?? 0),
      numero: d.numero ?? Number(key?.numero ?? 0),
      averbadora: settings.averbadora,
      autorizadoEm: authorizedAt(d),
    });
  }

  // Cancellations of queued CT-e: sent once the averbação is done; none needed when it never was.
  const cancelled = await repos.db.all<{
    chave: string;
    tipo: string;
    modelo: string;
    serie: number;
    numero: number;
    estado: string;
    data_evento: string | null;
  }>(
    `SELECT q.chave, q.tipo, q.modelo, q.serie, q.numero, q.estado,
            (SELECT e.data_evento FROM document_events e WHERE e.doc_id = d.id AND e.type = 'cancelamento'
               ORDER BY e.sequence DESC LIMIT 1) AS data_evento
       FROM averbacao_queue q JOIN documents d ON d.environment = q.environment AND d.company = q.company AND d.chave = q.chave
      WHERE q.environment = ? AND q.company = ? AND q.operacao = 'averbar' AND d.status = 'cancelado'
        AND NOT EXISTS (SELECT 1 FROM averbacao_queue c WHERE c.environment = q.environment AND c.company = q.company
              AND c.chave = q.chave AND c.operacao = 'cancelar')
      ORDER BY q.modelo, q.serie, q.numero`,
    [environment, company],
  );
  for (const c of cancelled) {
    await add({
      company,
      environment,
      tipo: c.tipo as 'cte',
      operacao: 'cancelar',
      chave: c.chave,
      modelo: c.modelo,
      serie: c.serie,
      numero: c.numero,
      averbadora: settings.averbadora,
      autorizadoEm: c.data_evento,
      estado: c.estado === 'recusado' || c.estado === 'dispensado' ? 'dispensado' : 'pendente',
    });
  }

  if (settings.cobertura.mdfe || settings.cobertura.nfeCargaPropria)
    added += await scanMdfe(repos, environment, company, settings, now);
  return { added };
}

async function scanMdfe(
  repos: Repositories,
  environment: Environment,
  company: string,
  settings: InsurerSettings,
  now: Date,
): Promise<number> {
  const q = repos.averbacao;
  let added = 0;
  const add = async (item: Parameters<typeof q.enqueue>[0]) => {
    if ((await q.enqueue(item, now)).novo) added += 1;
  };
  const rows = await repos.db.all<MdfeRow>(
    `SELECT id, serie, numero, chave, status, data_emissao, data_autorizacao, data_encerramento, qtd_nfe
       FROM mdfe_documents WHERE company = ? AND environment = ? AND chave IS NOT NULL
        AND status IN ('autorizado', 'encerrado', 'cancelado') AND data_emissao >= ?
      ORDER BY serie, numero`,
    [company, environment, settings.desde],
  );
  for (const m of rows) {
    const base = {
      company,
      environment,
      tipo: 'mdfe' as const,
      chave: m.chave,
      modelo: '58',
      serie: m.serie ?? 0,
      numero: m.numero ?? 0,
      averbadora: settings.averbadora,
    };
    if (settings.cobertura.nfeCargaPropria && (m.qtd_nfe ?? 0) > 0)
      added += await ownLoadNotes(repos, base, m, now);
    if (!settings.cobertura.mdfe) continue;
    await add({ ...base, operacao: 'averbar', autorizadoEm: m.data_autorizacao ?? m.data_emissao });
    const original = await q.original(environment, company, m.chave);
    const skip = original?.estado === 'recusado' || original?.estado === 'dispensado';
    if (m.status === 'cancelado')
      await add({
        ...base,
        operacao: 'cancelar',
        autorizadoEm: null,
        estado: skip ? 'dispensado' : 'pendente',
      });
    if (m.status === 'encerrado')
      await add({
        ...base,
        operacao: 'encerrar',
        autorizadoEm: m.data_encerramento,
        estado: skip || !SENDS_CLOSING[settings.averbadora] ? 'dispensado' : 'pendente',
      });
  }
  return added;
}

/** The own-load NF-e an MDF-e carries (tpEmit 2), averbadas with the clock of the MDF-e. */
async function ownLoadNotes(
  repos: Repositories,
  base: { company: string; environment: Environment; averbadora: Averbadora },
  m: MdfeRow,
  now: Date,
): Promise<number> {
  const xml = await repos.mdfe.xml(m.id).catch(() => null);
  if (!xml) return 0;
  let keys: string[];
  try {
    const view = parseDocument(xml.toString('utf8'));
    if (view.kind !== 'mdfe' || view.ide.tpEmit !== '2') return 0;
    keys = view.descargas.flatMap((d) => d.docs.filter((doc) => doc.tipo === 'NF-e').map((doc) => doc.chave));
  } catch {
    return 0;
  }
  let added = 0;
  for (const chave of [...new Set(keys)]) {
    const key = parseAccessKey(chave);
    if (!key || key.kind !== 'nfe') continue;
    const result = await repos.averbacao.enqueue(
      {
        ...base,
        tipo: 'nfe',
        operacao: 'averbar',
        chave,
        modelo: '55',
        serie: Number(key.serie),
        numero: Number(key.numero),
        autorizadoEm: m.data_autorizacao ?? m.data_emissao,
      },
      now,
    );
    if (result.novo) added += 1;
  }
  return added;
}
