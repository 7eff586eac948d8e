// The inbox page: notes (or their events) of one company, filtered, from the cache only.
import { BRASILIA_TO_UTC_SQL } from '../../fiscal/brasilia';
import { MANIFESTACAO_CONCLUSIVE } from '../../fiscal/nfe-inbox';
import type { Database, SqlValue } from '../../cache';
import type { InboxEvent, InboxList, InboxNote, inboxListInputSchema } from '../../shared/schemas/inbox';
import { TIPO_MANIFESTACAO_LABEL } from '../../shared/schemas/inbox';
import type { z } from 'zod';
import type { InboxScope } from './ingest';
import type { NoteRow } from './store';
import { NOTE_FROM, STATE_SQL, daysLeft, instantSql, msLeft } from './store';

type ListInput = z.output<typeof inboxListInputSchema>;

const MANIFESTATION_SQL: Record<string, string> = {
  sem: 'n.manifestacao IS NULL',
  ciencia: "n.manifestacao = '210210'",
  confirmada: "n.manifestacao = '210200'",
  desconhecida: "n.manifestacao = '210220'",
  nao_realizada: "n.manifestacao = '210240'",
};
const CONCLUSIVE = MANIFESTACAO_CONCLUSIVE;

export function toNote(row: NoteRow, now: number): InboxNote {
  const cancelada = row.situacao === 'cancelada';
  const dest = row.as_dest === 1;
  const concluded = row.manifestacao !== null && CONCLUSIVE.includes(row.manifestacao);
  const dias = dest && !concluded && !cancelada ? daysLeft(row.data_autorizacao, now) : null;
  return {
    chave: row.chave,
    numero: row.numero,
    serie: row.serie,
    emitenteDoc: row.emitente_doc,
    emitenteNome: row.emitente_nome,
    dataEmissao: row.data_emissao,
    dataAutorizacao: row.data_autorizacao,
    valor: row.valor === null ? null : row.valor / 100,
    cancelada,
    estado: row.estado,
    manifestacao: row.manifestacao,
    comoDestinatario: dest,
    comoTransportador: row.as_carrier === 1,
    diasRestantes: dias,
    // A note received only as carrier is not the company's to manifest (rejection 575).
    podeManifestar: dest && !cancelada && (msLeft(row.data_autorizacao, now) ?? 1) > 0 && !concluded,
  };
}

function whereOf(scope: InboxScope, f: ListInput) {
  const where = ['n.company = ?', 'n.environment = ?'];
  const params: SqlValue[] = [scope.company, scope.environment];
  const add = (sql: string, ...values: SqlValue[]) => {
    where.push(sql);
    params.push(...values);
  };
  add(f.tab === 'transportador' ? 'n.as_carrier = 1' : 'n.as_dest = 1');
  // The period is in Brasília days: a note from Manaus issued at 23:30 -04:00 on the 20th is 00:30
  // of the 21st in Brasília. The instant of issue (instantSql: a time with an offset or Z as it
  // says, text without one as Brasília wall time) is compared with the day's start at 00:00 -03:00
  // (03:00 UTC; Brasília has no DST since 2019), so the period is a range of the list's index.
  const instant = instantSql('n.data_emissao');
  if (f.de) add(`${instant} >= julianday(?, '${BRASILIA_TO_UTC_SQL}')`, f.de);
  if (f.ate) add(`${instant} < julianday(?, '+1 day', '${BRASILIA_TO_UTC_SQL}')`, f.ate);
  if (f.emitente) {
    // A CNPJ typed with its mask (numeric or alphanumeric) matches the start of the document; any
    // text matches part of the name. Both are tried, so neither needs guessing which was meant.
    const doc = f.emitente.toUpperCase().replace(/[.\-/\s]/g, '');
    add('(n.emitente_doc LIKE ? OR n.emitente_nome LIKE ?)', `${doc}%`, `%${f.emitente}%`);
  }
  if (f.valorMin !== undefined) add('n.valor >= ?', Math.round(f.valorMin * 100));
  if (f.valorMax !== undefined) add('n.valor <= ?', Math.round(f.valorMax * 100));
  if (f.manifestacao) add(MANIFESTATION_SQL[f.manifestacao]!);
  if (f.forma) add('n.resumo = ?', f.forma === 'resumida' ? 1 : 0);
  // Keys carry the emitter's CNPJ as is, letters included (alphanumeric CNPJ).
  const chave = f.chave?.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (chave) add('n.chave LIKE ?', `%${chave}%`);
  return { clause: where.join(' AND '), params };
}

async function listEvents(db: Database, clause: string, params: SqlValue[], f: ListInput) {
  const from = `inbox_events e
    JOIN inbox_notes n ON n.company = e.company AND n.environment = e.environment AND n.chave = e.chave
    LEFT JOIN inbox_distribution_state s ON s.company = n.company AND s.environment = n.environment`;
  const total =
    (await db.get<{ c: number }>(`SELECT COUNT(*) AS c FROM ${from} WHERE ${clause}`, params))?.c ?? 0;
  const rows = await db.all<{
    chave: string;
    tipo_evento: string;
    sequence: number;
    data_evento: string | null;
    emitente_nome: string | null;
  }>(
    `SELECT e.chave, e.tipo_evento, e.sequence, e.data_evento, n.emitente_nome FROM ${from} WHERE ${clause}
     ORDER BY ${instantSql('e.data_evento')} DESC, e.id DESC LIMIT ? OFFSET ?`,
    [...params, f.limit, f.offset],
  );
  const events: InboxEvent[] = rows.map((r) => ({
    chave: r.chave,
    tipoEvento: r.tipo_evento,
    descricao: TIPO_MANIFESTACAO_LABEL[r.tipo_evento] ?? `Evento ${r.tipo_evento}`,
    sequencia: r.sequence,
    dataEvento: r.data_evento,
    emitenteNome: r.emitente_nome,
  }));
  return { notes: [], events, total };
}

export async function listInbox(
  db: Database,
  scope: InboxScope,
  input: ListInput,
  now: number,
): Promise<InboxList> {
  const { clause, params } = whereOf(scope, input);
  if (input.tipoDocumento === 'evento') return listEvents(db, clause, params, input);
  // The filters read the note only: counting needs no join with the distribution state.
  const total =
    (await db.get<{ c: number }>(`SELECT COUNT(*) AS c FROM inbox_notes n WHERE ${clause}`, params))?.c ?? 0;
  const rows = await db.all<NoteRow>(
    `SELECT n.id, n.chave, n.nsu, n.api_id, n.emitente_doc, n.emitente_nome, n.data_emissao, n.data_autorizacao,
       n.valor, n.situacao, n.resumo, n.manifestacao, n.as_dest, n.as_carrier, n.numero, n.serie, n.ciencia_at,
       ${STATE_SQL} AS estado
     FROM ${NOTE_FROM} WHERE ${clause} ORDER BY ${instantSql('n.data_emissao')} DESC, n.id DESC
     LIMIT ? OFFSET ?`,
    [...params, input.limit, input.offset],
  );
  return { notes: rows.map((row) => toNote(row, now)), events: [], total };
}
