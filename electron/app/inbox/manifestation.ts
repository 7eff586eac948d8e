// Recipient manifestation (MD-e), single or batch. The app refuses what the authority would:
// notes received only as carrier, conclusive events after the 180-day window, 210240 without a
// justificativa of the layout's length (fiscal/events.ts). A 573 (same event already registered) counts as done.
import { MANIFESTACAO_CONCLUSIVE, MANIFESTACAO_DEADLINE_DAYS } from '../../fiscal/nfe-inbox';
import type { NuvemFiscalClient } from '../../nuvemfiscal';
import { ApiError } from '../../nuvemfiscal';
import type { InboxManifestResult, TipoManifestacao } from '../../shared/schemas/inbox';
import type { InboxScope } from './ingest';
import { markManifested } from './ingest';
import type { InboxStore, NoteRow } from './store';
import { msLeft } from './store';

export type ManifestApi = Pick<NuvemFiscalClient['distribuicao'], 'manifestar'>;

type Result = InboxManifestResult['results'][number];

const CONCLUSIVE = MANIFESTACAO_CONCLUSIVE;

/** Why the app will not send this manifestation; null when it may. */
export function refusal(note: NoteRow | null, tipo: TipoManifestacao, now: number): string | null {
  if (!note) return 'Nota não encontrada na caixa de entrada. Busque novas notas e tente de novo.';
  if (note.as_dest !== 1) {
    return 'Esta nota foi recebida como transportador: só o destinatário pode manifestar-se sobre ela.';
  }
  if (note.situacao === 'cancelada') return 'A NF-e foi cancelada pelo emitente; não cabe manifestação.';
  if (note.manifestacao && CONCLUSIVE.includes(note.manifestacao)) {
    if (tipo === '210210') return 'A nota já tem manifestação conclusiva; a ciência não é mais aceita.';
  }
  const left = msLeft(note.data_autorizacao, now);
  if (CONCLUSIVE.includes(tipo) && left !== null && left <= 0) {
    return `O prazo de ${MANIFESTACAO_DEADLINE_DAYS} dias desde a autorização da NF-e terminou; a SEFAZ não aceita mais esta manifestação.`;
  }
  return null;
}

export async function manifestOne(
  deps: { store: InboxStore; api: ManifestApi; ambiente: 'homologacao' | 'producao'; now: () => number },
  scope: InboxScope,
  chave: string,
  tipo: TipoManifestacao,
  justificativa: string | null,
): Promise<Result> {
  const note = await deps.store.note(scope, chave);
  const refused = refusal(note, tipo, deps.now());
  if (refused || !note)
    return { chave, ok: false, jaRegistrada: false, codigoStatus: null, message: refused ?? '' };
  const now = () => new Date(deps.now()).toISOString();
  try {
    const event = await deps.api.manifestar({
      cpf_cnpj: scope.company,
      ambiente: deps.ambiente,
      chave_acesso: chave,
      tipo_evento: tipo,
      ...(justificativa ? { justificativa } : {}),
    });
    const codigo = event.codigo_status ?? null;
    const done = event.status === 'registrado' || codigo === 573;
    await deps.store.addManifestation(
      note.id,
      {
        tipo,
        justificativa,
        state: done ? 'registered' : event.status === 'pendente' ? 'sending' : 'rejected',
        apiId: event.id ?? null,
        protocolo: event.numero_protocolo ?? null,
        error: done ? null : (event.motivo_status ?? null),
        json: event,
      },
      now(),
    );
    if (done) await markManifested(deps.store.db, scope, chave, tipo, now());
    return {
      chave,
      ok: done,
      jaRegistrada: codigo === 573,
      codigoStatus: codigo,
      message: done
        ? codigo === 573
          ? 'Manifestação já estava registrada na SEFAZ.'
          : 'Manifestação registrada.'
        : `A SEFAZ rejeitou a manifestação: ${codigo ?? ''} ${event.motivo_status ?? ''}`.trim(),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.store.addManifestation(
      note.id,
      { tipo, justificativa, state: 'failed', apiId: null, protocolo: null, error: message, json: null },
      now(),
    );
    if (error instanceof ApiError && error.kind === 'offline') throw error;
    return { chave, ok: false, jaRegistrada: false, codigoStatus: null, message };
  }
}
