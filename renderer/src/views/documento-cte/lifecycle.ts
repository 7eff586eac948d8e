// Pure helpers of the CT-e lifecycle screen.
import { CORRECTABLE } from '@shared/fiscal';
import type { Dfe } from '@shared/schemas/dfe';
import type { DocEvent } from '@shared/schemas/doc-events';
import type { TimelineEntry } from '../../components/documents/timeline';

/** "3 dias e 4 horas" / "5 horas e 20 minutos". */
export function formatHoursLeft(hours: number): string {
  if (hours <= 0) return 'prazo encerrado';
  const totalMinutes = Math.floor(hours * 60);
  const days = Math.floor(totalMinutes / 1440);
  const h = Math.floor((totalMinutes % 1440) / 60);
  const m = totalMinutes % 60;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (days > 0) return `${plural(days, 'dia', 'dias')} e ${plural(h, 'hora', 'horas')}`;
  return `${plural(h, 'hora', 'horas')} e ${plural(m, 'minuto', 'minutos')}`;
}

/** "Observações gerais" for compl/xObs; the raw group/field when the list does not name it. */
export function correctionLabel(grupo: string, campo: string): string {
  return CORRECTABLE.find((c) => c.grupo === grupo && c.campo === campo)?.label ?? `${grupo}/${campo}`;
}

/** Observações gerais: “Entrega pela doca 3” (with the item for a cargo quantity). */
export function correctionLine(c: DocEvent['correcoes'][number]): string {
  const item = c.numero_item_alterado ? ` (item ${c.numero_item_alterado})` : '';
  return `${correctionLabel(c.grupo_alterado, c.campo_alterado)}${item}: “${c.valor_alterado}”`;
}

/** Letters the SEFAZ registered (a rejected one changes nothing), by sequence. */
export function registeredLetters(events: readonly DocEvent[]): DocEvent[] {
  return events
    .filter((e) => e.type === 'carta_correcao' && e.status !== 'rejeitado' && e.status !== 'erro')
    .sort((a, b) => a.sequence - b.sequence);
}

const text = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '' : String(v);

function letterText(e: DocEvent): string {
  const fields = e.correcoes.map((c) => correctionLabel(c.grupo_alterado, c.campo_alterado)).join(', ');
  const head = `Carta de correção nº ${e.sequence}${fields ? `: ${fields}` : ''}`;
  if (e.status === 'rejeitado' || e.status === 'erro')
    return `${head} — rejeitada${e.motivo ? `: ${e.motivo}` : ''}`;
  return e.protocolo ? `${head} (protocolo ${e.protocolo})` : head;
}

/** Criado, pendente, autorizado or rejeitado, the correction letters and the cancellation, with times. */
export function statusTimeline(doc: Dfe | null, events: readonly DocEvent[]): TimelineEntry[] {
  if (!doc) return [];
  const status = doc.status;
  const auth = doc.autorizacao ?? {};
  const out: TimelineEntry[] = [];
  const created = text(doc.created_at) || text(doc.data_emissao);
  if (created) out.push({ when: created, text: 'Criado e enviado à SEFAZ', tone: 'info' });
  const answer = [text(auth.codigo_status), text(auth.motivo_status)].filter(Boolean).join(' — ');
  const answeredAt = text(auth.data_recebimento) || text(auth.data_evento) || null;
  if (status === 'pendente') {
    out.push({ when: null, text: 'Pendente: aguardando a resposta da SEFAZ', tone: 'warn' });
  } else if (status === 'autorizado' || status === 'cancelado') {
    const protocolo = text(auth.numero_protocolo);
    out.push({
      when: answeredAt,
      text: `Autorizado${answer ? ` — ${answer}` : ''}${protocolo ? ` (protocolo ${protocolo})` : ''}`,
      tone: 'success',
    });
  } else if (status === 'rejeitado' || status === 'denegado' || status === 'erro') {
    const label = status === 'denegado' ? 'Denegado' : status === 'erro' ? 'Com erro' : 'Rejeitado';
    out.push({ when: answeredAt, text: `${label}${answer ? ` — ${answer}` : ''}`, tone: 'danger' });
  }
  for (const e of events) {
    if (e.type === 'carta_correcao') out.push({ when: e.dataEvento, text: letterText(e), tone: 'info' });
    if (e.type !== 'cancelamento') continue;
    if (e.status === 'rejeitado' || e.status === 'erro') {
      const why = e.motivo ? `: ${e.motivo}` : '';
      out.push({ when: e.dataEvento, text: `Pedido de cancelamento rejeitado${why}`, tone: 'warn' });
    } else {
      const why = e.justificativa ? `: ${e.justificativa}` : '';
      out.push({ when: e.dataEvento, text: `Cancelado${why}`, tone: 'danger' });
    }
  }
  if (status === 'cancelado' && !out.some((t) => t.text.startsWith('Cancelado'))) {
    out.push({ when: null, text: 'Cancelado', tone: 'danger' });
  }
  return out;
}
