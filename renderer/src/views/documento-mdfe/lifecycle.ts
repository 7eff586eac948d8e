// Pure helpers of the MDF-e lifecycle screen: the status timeline from the cached events, the
// closing's defaults (last unloading municipality, today in Brasília) and the cancellation countdown.
import type { MdfeDetail } from '@shared/schemas/mdfe';
import type { TimelineEntry } from '../../components/documents/timeline';

const EVENT_LABEL: Record<MdfeDetail['events'][number]['type'], string> = {
  inclusao_condutor: 'Inclusão de condutor',
  inclusao_dfe: 'Inclusão de NF-e (DF-e)',
  encerramento: 'Encerramento',
  cancelamento: 'Cancelamento',
};

const refused = (status: string | null) => status === 'rejeitado' || status === 'erro';

/** Emissão, autorização, each event in time order, with SEFAZ's answer on a refusal. */
export function mdfeTimeline(detail: MdfeDetail | null): TimelineEntry[] {
  if (!detail) return [];
  const m = detail.mdfe;
  const out: TimelineEntry[] = [];
  if (m.emitidoEm) out.push({ when: m.emitidoEm, text: 'Emitido e enviado à SEFAZ', tone: 'info' });
  if (m.status === 'pendente') out.push({ when: null, text: 'Pendente: aguardando a SEFAZ', tone: 'warn' });
  else if (m.status === 'rejeitado' || m.status === 'denegado' || m.status === 'erro')
    out.push({ when: null, text: m.status === 'denegado' ? 'Denegado' : 'Rejeitado', tone: 'danger' });
  else if (m.autorizadoEm || ['autorizado', 'encerrado', 'cancelado'].includes(m.status)) {
    const protocolo = detail.viagem?.protocolo;
    out.push({
      when: m.autorizadoEm,
      text: `Autorizado${protocolo ? ` (protocolo ${protocolo})` : ''}`,
      tone: 'success',
    });
  }
  const events = [...detail.events].sort((a, b) =>
    (a.dataEvento ?? '9999').localeCompare(b.dataEvento ?? '9999'),
  );
  for (const e of events) {
    const label = EVENT_LABEL[e.type];
    if (refused(e.status)) {
      out.push({
        when: e.dataEvento,
        text: `${label} recusado pela SEFAZ${e.motivo ? `: ${e.motivo}` : ''}`,
        tone: 'warn',
      });
      continue;
    }
    const head = e.type === 'encerramento' ? 'Encerrado' : e.type === 'cancelamento' ? 'Cancelado' : label;
    const detailText = e.descricao ? ` ${e.type.startsWith('inclusao') ? '— ' : ''}${e.descricao}` : '';
    const protocolo = e.protocolo ? ` (protocolo ${e.protocolo})` : '';
    out.push({
      when: e.dataEvento,
      text: `${head}${detailText}${protocolo}`,
      tone: e.type === 'cancelamento' ? 'danger' : e.type === 'encerramento' ? 'success' : 'info',
    });
  }
  const has = (type: string) => detail.events.some((e) => e.type === type && !refused(e.status));
  if (m.status === 'encerrado' && !has('encerramento'))
    out.push({ when: m.encerradoEm, text: 'Encerrado', tone: 'success' });
  if (m.status === 'cancelado' && !has('cancelamento'))
    out.push({ when: null, text: 'Cancelado', tone: 'danger' });
  return out;
}

/** Today's date (aaaa-mm-dd) in Brasília: the closing date the authority compares. */
export function brasiliaDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The closing's default place: the last unloading municipality of the trip. */
export function closingPlace(detail: MdfeDetail | null): { uf: string; codigo: string; nome: string } | null {
  const last = detail?.viagem?.descargas.at(-1);
  const uf = detail?.mdfe.ufFim;
  if (!last || !uf) return null;
  return { uf, codigo: last.codigo, nome: last.nome };
}

/** "23 horas e 5 minutos" left of the 24 h cancellation window. */
export function formatMsLeft(ms: number): string {
  if (ms <= 0) return 'prazo encerrado';
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${plural(h, 'hora', 'horas')} e ${plural(min, 'minuto', 'minutos')}`;
}

export const STATUS_LABEL: Record<string, string> = {
  pendente: 'Pendente',
  autorizado: 'Autorizado (em aberto)',
  encerrado: 'Encerrado',
  cancelado: 'Cancelado',
  rejeitado: 'Rejeitado',
  denegado: 'Denegado',
  erro: 'Com erro',
};
