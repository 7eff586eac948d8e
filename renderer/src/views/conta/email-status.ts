// Delivery statuses and events of the API's e-mails, in the user's words. Unknown values are shown as
// they come.

const labels: Record<string, string> = {
  pending: 'Pendente',
  sending: 'Enviando',
  sent: 'Enviado',
  delivered: 'Entregue',
  delivery_delayed: 'Entrega atrasada',
  bounced: 'Devolvido',
  complained: 'Marcado como spam',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
  failed: 'Falhou',
  opened: 'Aberto',
  clicked: 'Link clicado',
};

const severities: Record<string, 'success' | 'info' | 'warn' | 'danger' | 'secondary'> = {
  delivered: 'success',
  opened: 'success',
  clicked: 'success',
  sent: 'info',
  sending: 'info',
  pending: 'secondary',
  cancelled: 'secondary',
  delivery_delayed: 'warn',
  bounced: 'danger',
  complained: 'danger',
  rejected: 'danger',
  failed: 'danger',
};

export function emailStatusLabel(status: string | null | undefined): string {
  if (!status) return '—';
  return labels[status] ?? status;
}

export function emailStatusSeverity(status: string | null | undefined) {
  return (status && severities[status]) || 'secondary';
}

export interface EmailEventView {
  key: string;
  type: string;
  label: string;
  at: string | null;
  message: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** The API's events are loose objects: read the known fields, tolerate the rest. */
export function emailEvents(events: Record<string, unknown>[]): EmailEventView[] {
  return events
    .map((event, index) => {
      const type = text(event.event_type) ?? text(event.type) ?? 'evento';
      return {
        key: text(event.id) ?? String(index),
        type,
        label: emailStatusLabel(type),
        at: text(event.timestamp) ?? text(event.created_at),
        message: text(event.message) ?? text(event.description),
      };
    })
    .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
}
