// The cached MDF-e as the screens see it, and the cancellation window read from the cache.
import type { CachedMdfe, CachedMdfeEvent } from '../../cache/repositories/mdfe';
import { MDFE_CANCEL_WINDOW_HOURS, mdfeCancelTimeLeft } from '../../fiscal/mdfe-rules';
import type { MdfeDetail, MdfeSummary } from '../../shared/schemas/mdfe';

const DAY_MS = 86_400_000;
const list = (value: string | null) => (value ? value.split(',').filter((v) => v !== '') : []);

export function toMdfeSummary(row: CachedMdfe, now: Date): MdfeSummary {
  const authorizedAt = row.data_autorizacao ? new Date(row.data_autorizacao).getTime() : NaN;
  return {
    cacheId: row.id,
    apiId: row.api_id,
    company: row.company,
    chave: row.chave,
    serie: row.serie,
    numero: row.numero,
    status: row.status,
    emitidoEm: row.data_emissao,
    autorizadoEm: row.data_autorizacao,
    encerradoEm: row.data_encerramento,
    placa: row.placa,
    reboques: list(row.reboques),
    ufInicio: row.uf_inicio,
    ufFim: row.uf_fim,
    percurso: list(row.percurso),
    municipiosDescarga: row.municipios_descarga,
    condutores: row.condutores,
    qtdCte: row.qtd_cte,
    qtdNfe: row.qtd_nfe,
    valorCarga: row.valor_carga === null ? null : row.valor_carga / 100,
    xmlCached: row.xml_state === 'present',
    diasEmAberto:
      row.status === 'autorizado' && Number.isFinite(authorizedAt)
        ? Math.floor((now.getTime() - authorizedAt) / DAY_MS)
        : null,
  };
}

/** Cancelamento: the authorized MDF-e, within 24 h of the authorization, not closed (MOC MDF-e 3.00). */
export function mdfeCancelState(row: CachedMdfe, events: CachedMdfeEvent[], now: Date): MdfeDetail['cancel'] {
  if (row.status !== 'autorizado')
    return {
      cancellable: false,
      msLeft: null,
      reason: `Só é possível cancelar um MDF-e autorizado; este está "${row.status}".`,
    };
  if (events.some((e) => e.type === 'encerramento' && e.status === 'registrado'))
    return {
      cancellable: false,
      msLeft: null,
      reason: 'Este MDF-e já foi encerrado: não pode mais ser cancelado.',
    };
  if (!row.data_autorizacao) return { cancellable: true, msLeft: null, reason: null };
  const msLeft = mdfeCancelTimeLeft(new Date(row.data_autorizacao), now);
  if (msLeft <= 0)
    return {
      cancellable: false,
      msLeft: 0,
      reason: `O prazo de cancelamento do MDF-e (${MDFE_CANCEL_WINDOW_HOURS} horas após a autorização) terminou. Encerre o MDF-e em vez de cancelá-lo.`,
    };
  return { cancellable: true, msLeft, reason: null };
}
