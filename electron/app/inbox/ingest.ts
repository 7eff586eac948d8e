// Writes what one distribution answer brought into the cache: notes (summary or full), events,
// and the NSU the next request starts from — all in one transaction, so a crash never leaves
// documents stored without the NSU advanced (or the NSU advanced past documents not stored).
import { MANIFESTACAO_CONCLUSIVE } from '../../fiscal/nfe-inbox';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';

import type { Database } from '../../cache';
import type { Environment } from '../../shared/schemas/app';
import type { EventFacts, NoteFacts } from './parse';
import { parseEventXml, parseNoteXml, rolesOf } from './parse';

const deflateAsync = promisify(deflateRaw);

export interface InboxScope {
  company: string;
  environment: Environment;
}

/** A distributed document (`DistribuicaoNfeDocumento`) and its XML when it was downloaded. */
export interface DistributedDoc {
  meta: {
    id: string;
    nsu?: number | null;
    schema: string;
    tipo_documento?: 'nota' | 'evento' | null;
    chave_acesso?: string | null;
    resumo?: boolean | null;
    tipo_evento?: string | null;
    numero_sequencial?: number | null;
    data_evento?: string | null;
    data_recebimento?: string | null;
    valor_nfe?: number | null;
    emitente_cpf_cnpj?: string | null;
    emitente_nome_razao_social?: string | null;
    [key: string]: unknown;
  };
  xml: string | null;
}

export interface NsuAdvance {
  ultimoNsu: number;
  maxNsu: number | null;
}

const CONCLUSIVE = MANIFESTACAO_CONCLUSIVE;
export const MANIFESTATION_TYPES = ['210210', ...CONCLUSIVE];

const NOTE_UPSERT = `
INSERT INTO inbox_notes (company, environment, chave, nsu, api_id, emitente_doc, emitente_nome, data_emissao,
  valor, situacao, resumo, api_json, received_at, updated_at, as_dest, as_carrier,
  data_autorizacao, numero, serie)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (company, environment, chave) DO UPDATE SET
  nsu = CASE WHEN excluded.resumo <= inbox_notes.resumo THEN excluded.nsu ELSE inbox_notes.nsu END,
  api_id = CASE WHEN excluded.resumo <= inbox_notes.resumo THEN excluded.api_id ELSE inbox_notes.api_id END,
  emitente_doc = COALESCE(inbox_notes.emitente_doc, excluded.emitente_doc),
  emitente_nome = COALESCE(inbox_notes.emitente_nome, excluded.emitente_nome),
  data_emissao = COALESCE(inbox_notes.data_emissao, excluded.data_emissao),
  valor = COALESCE(inbox_notes.valor, excluded.valor),
  situacao = CASE WHEN inbox_notes.situacao = 'cancelada' THEN 'cancelada' ELSE excluded.situacao END,
  api_json = CASE WHEN excluded.resumo <= inbox_notes.resumo THEN excluded.api_json ELSE inbox_notes.api_json END,
  resumo = MIN(inbox_notes.resumo, excluded.resumo),
  as_dest = MAX(inbox_notes.as_dest, excluded.as_dest),
  as_carrier = MAX(inbox_notes.as_carrier, excluded.as_carrier),
  data_autorizacao = COALESCE(inbox_notes.data_autorizacao, excluded.data_autorizacao),
  numero = COALESCE(excluded.numero, inbox_notes.numero),
  serie = COALESCE(excluded.serie, inbox_notes.serie),
  updated_at = excluded.updated_at
RETURNING id, resumo`;

// The note's XML lives apart from its row: pages of the inbox list read small rows only.
const FILE_PUT = `
INSERT INTO inbox_files (note_id, kind, codec, content, sha256, size, content_type, fetched_at)
VALUES (?, 'xml', 'deflate', ?, ?, ?, 'application/xml', ?)
ON CONFLICT (note_id, kind) DO UPDATE SET codec = excluded.codec, content = excluded.content,
  sha256 = excluded.sha256, size = excluded.size, fetched_at = excluded.fetched_at`;

const EVENT_UPSERT = `
INSERT INTO inbox_events (note_id, company, environment, chave, nsu, tipo_evento, sequence, data_evento,
  xml_codec, xml, api_json, received_at)
VALUES ((SELECT id FROM inbox_notes WHERE company = ? AND environment = ? AND chave = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (company, environment, chave, tipo_evento, sequence) DO UPDATE SET
  nsu = COALESCE(excluded.nsu, inbox_events.nsu), xml = COALESCE(excluded.xml, inbox_events.xml),
  xml_codec = COALESCE(excluded.xml_codec, inbox_events.xml_codec),
  note_id = COALESCE(inbox_events.note_id, excluded.note_id)`;

interface Packed {
  doc: DistributedDoc;
  xml: Buffer | null;
  sha256: string;
  size: number;
  note: NoteFacts | null;
  event: EventFacts | null;
}

function safely<T>(parse: () => T | null): T | null {
  try {
    return parse();
  } catch {
    // A document the parser refuses is still stored with the API's metadata.
    return null;
  }
}

async function pack(doc: DistributedDoc): Promise<Packed> {
  const isEvent = doc.meta.tipo_documento === 'evento';
  const xml = doc.xml;
  return {
    doc,
    xml: xml === null ? null : await deflateAsync(Buffer.from(xml, 'utf8')),
    sha256: xml === null ? '' : createHash('sha256').update(xml, 'utf8').digest('hex'),
    size: xml === null ? 0 : Buffer.byteLength(xml, 'utf8'),
    note: !isEvent && xml ? safely(() => parseNoteXml(xml)) : null,
    event: isEvent && xml ? safely(() => parseEventXml(xml)) : null,
  };
}

const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);

function noteParams(scope: InboxScope, p: Packed, now: string) {
  const m = p.doc.meta;
  const f = p.note;
  const resumo = m.resumo ?? m.schema.startsWith('resNFe');
  // Only the recipient receives summaries; the full note says who the company is on it.
  const roles = resumo || !f ? { dest: true, carrier: false } : rolesOf(f, scope.company);
  return [
    scope.company,
    scope.environment,
    f?.chave || m.chave_acesso || '',
    m.nsu ?? null,
    m.id,
    f?.emitenteDoc ?? m.emitente_cpf_cnpj ?? null,
    f?.emitenteNome ?? m.emitente_nome_razao_social ?? null,
    f?.dataEmissao ?? null,
    cents(f?.valor ?? m.valor_nfe),
    f?.cSitNFe === 3 ? 'cancelada' : 'autorizada',
    resumo ? 1 : 0,
    JSON.stringify(m),
    now,
    now,
    roles.dest ? 1 : 0,
    roles.carrier ? 1 : 0,
    f?.dataAutorizacao ?? m.data_recebimento ?? null,
    f?.numero ?? null,
    f?.serie ?? null,
  ];
}

async function applyEvent(tx: Database, scope: InboxScope, p: Packed, now: string) {
  const m = p.doc.meta;
  const e = p.event;
  const chave = e?.chave || m.chave_acesso || '';
  const tipo = e?.tipoEvento || m.tipo_evento || '';
  if (!chave || !tipo) return;
  const key = [scope.company, scope.environment, chave];
  await tx.run(EVENT_UPSERT, [
    ...key,
    ...key,
    m.nsu ?? null,
    tipo,
    e?.sequencia ?? m.numero_sequencial ?? 1,
    e?.dataEvento ?? m.data_evento ?? null,
    p.xml ? 'deflate' : null,
    p.xml,
    JSON.stringify(m),
    now,
  ]);
  if (tipo === '110111') {
    await tx.run(
      `UPDATE inbox_notes SET situacao = 'cancelada', updated_at = ? WHERE company = ? AND environment = ? AND chave = ?`,
      [now, ...key],
    );
  } else if (MANIFESTATION_TYPES.includes(tipo) && (e?.autorDoc ?? scope.company) === scope.company) {
    await markManifested(tx, scope, chave, tipo, now);
  }
}

/** Records a registered manifestation on the note; a conclusive one is never replaced by a ciência. */
export async function markManifested(
  tx: Database,
  scope: InboxScope,
  chave: string,
  tipo: string,
  now: string,
) {
  await tx.run(
    `UPDATE inbox_notes SET
       manifestacao = CASE WHEN ? = '210210' AND manifestacao IN ('210200', '210220', '210240') THEN manifestacao ELSE ? END,
       ciencia_at = CASE WHEN ? IN ('210210', '210200') THEN COALESCE(ciencia_at, ?) ELSE ciencia_at END,
       updated_at = ?
     WHERE company = ? AND environment = ? AND chave = ?`,
    [tipo, tipo, tipo, now, now, scope.company, scope.environment, chave],
  );
}

/**
 * Ingests one page of distributed documents and advances the stored NSU, in ONE transaction.
 * XML is compressed and parsed before the transaction starts, so the write lock is held briefly.
 */
export async function ingestPage(
  db: Database,
  scope: InboxScope,
  docs: readonly DistributedDoc[],
  advance: NsuAdvance | null,
  now = new Date().toISOString(),
): Promise<{ notes: number; events: number }> {
  const packed = await Promise.all(docs.map(pack));
  let notes = 0;
  let events = 0;
  await db.transaction(async (tx) => {
    const upsert = await tx.prepare(NOTE_UPSERT);
    const putFile = await tx.prepare(FILE_PUT);
    try {
      for (const p of packed) {
        if (p.doc.meta.tipo_documento === 'evento') continue;
        const params = noteParams(scope, p, now);
        if (!params[2]) continue;
        const row = await upsert.get<{ id: number; resumo: number }>(params);
        // A summary never replaces the full note's XML.
        const isSummary = params[10] === 1;
        if (row && p.xml && (!isSummary || row.resumo === 1)) {
          await putFile.run([row.id, p.xml, p.sha256, p.size, now]);
        }
        notes += 1;
      }
    } finally {
      await upsert.finalize();
      await putFile.finalize();
    }
    // Events after notes: an event and its note may arrive in the same page.
    for (const p of packed) {
      if (p.doc.meta.tipo_documento !== 'evento') continue;
      await applyEvent(tx, scope, p, now);
      events += 1;
    }
    if (advance) {
      await tx.run(
        `INSERT INTO inbox_distribution_state (company, environment, ultimo_nsu, max_nsu, last_run_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (company, environment) DO UPDATE SET ultimo_nsu = MAX(inbox_distribution_state.ultimo_nsu, excluded.ultimo_nsu),
           max_nsu = excluded.max_nsu, last_run_at = excluded.last_run_at`,
        [scope.company, scope.environment, advance.ultimoNsu, advance.maxNsu, now],
      );
    }
  });
  return { notes, events };
}
