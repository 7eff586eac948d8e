// The situation of a CT-e, CT-e OS or DC-e read from the XML itself (and whatever came with it), so a
// printout never claims more than the document does.
//
// Sources (MOC CT-e 4.00, ../shared/reference/fiscal/_derived_text):
// - Visão Geral §4.5.6: the situation of a CT-e is cStat 100 "Autorizado o Uso do CTe" or 101
//   "Cancelamento de CTe homologado"; §6.2.2: a homologated cancellation event (110111) answers
//   cStat 135 and turns the situation into 101.
// - Visão Geral §5.1.7: an event is registered with cStat 135 (linked to the CT-e), 136 (link
//   prejudiced: the CT-e was not in the base yet) or 134 (linked to a CT-e whose situation is not
//   "autorizado"). 155 is the "fora de prazo" homologation of the older layouts.
// - Layouts up to 3.00 (MOC 3.00): cStat 150 "Autorizado o uso, autorização concedida fora de prazo";
//   110 and 301–3xx "Uso Denegado" (the denial was removed in 4.00a, Visão Geral "Histórico": old
//   documents still carry it); cancellation by the cancCTe service, distributed as procCancCTe.
// - Anexo II §2.1: "O número do Protocolo de Autorização de Uso recebido da SEFAZ deverá ser
//   impresso" — only an authorization protocol goes in that field; §2.19.1: campo 2 carries it.
// - Anexo II §2.20: homologação carries "EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL".
// - Visão Geral §11.3.2 / §11.3.4: FS-DA (tpEmis 5) and EPEC (tpEmis 4) print before the
//   authorization under their own contingency rules.
// - DC-e contingency: the XSD (dceTiposBasico_v1.00.xsd, TtpEmis) enumerates 1 and 2, while its
//   annotation, the DC-e manual and the API description call "9 - Contingência off-line" what the
//   schema does not accept. A valid DC-e in contingency carries 2; a 9 from a system that followed
//   the text is read the same way, so its printout never loses the mark.
import type { Attachments, DceView, EventView, Protocol, CteCommon } from './parse/types';

export type Situacao = 'autorizado' | 'cancelado' | 'denegado' | 'sem-autorizacao' | 'contingencia';

export const AUTHORIZED_CSTAT = ['100', '150'] as const;
export const CANCELLED_CSTAT = ['101', '151', '155'] as const;
/** Registration answers of an event that bind it to the document (Visão Geral §5.1.7). */
export const EVENT_REGISTERED_CSTAT = ['135', '136', '155'] as const;

export function isDenied(cStat: string): boolean {
  const n = Number(cStat);
  return cStat === '110' || cStat === '205' || (Number.isInteger(n) && n >= 301 && n <= 399);
}

type Printable = (CteCommon & { kind: 'cte' | 'cteos' }) | DceView;

function tpEmis(view: Printable): string {
  return view.ide.tpEmis;
}

/** tpEmis of a DC-e in contingency: the XSD's 2, and the 9 of the manual's text. */
export const DCE_CONTINGENCY_TPEMIS = ['2', '9'] as const;

export function isDceContingency(tpEmisValue: string): boolean {
  return (DCE_CONTINGENCY_TPEMIS as readonly string[]).includes(tpEmisValue);
}

function contingencyWithoutProtocol(view: Printable): boolean {
  const t = tpEmis(view);
  return view.kind === 'dce' ? isDceContingency(t) : t === '4' || t === '5';
}

function sameKey(protocol: Protocol, chave: string): boolean {
  return protocol.chave === '' || chave === '' || protocol.chave === chave;
}

/**
 * The protocol that may be printed as the authorization of use: cStat 100 or 150, about this key.
 * A cancellation or denial protocol (101, 110, 3xx…) is never one.
 */
export function authorizationProtocol(view: Printable): Protocol | undefined {
  const p = view.protocol;
  if (p === undefined || !(AUTHORIZED_CSTAT as readonly string[]).includes(p.cStat)) return undefined;
  return sameKey(p, view.chave) ? p : undefined;
}

/** An accepted cancellation (110111 registered with 135/136/155) of `chave`. */
export function isCancellationOf(event: EventView, chave: string): boolean {
  if (event.tpEvento !== '110111' || event.chave === '' || event.chave !== chave) return false;
  return (
    event.registro !== undefined &&
    (EVENT_REGISTERED_CSTAT as readonly string[]).includes(event.registro.cStat)
  );
}

export interface StatusEvidence {
  /** The cache knows the document as cancelled (or the user asked for the mark). */
  cancelled?: boolean;
  /** Events and situation answers handed in beside the document. */
  attached?: Attachments;
}

/** The document's situation from its protocol, the events and the situation answers at hand. */
export function documentSituacao(view: Printable, evidence: StatusEvidence = {}): Situacao {
  const events = [...view.attached.events, ...(evidence.attached?.events ?? [])];
  const protocols = [view.protocol, ...view.attached.protocols, ...(evidence.attached?.protocols ?? [])]
    .filter((p): p is Protocol => p !== undefined)
    .filter((p) => sameKey(p, view.chave));
  if (evidence.cancelled === true) return 'cancelado';
  if (events.some((e) => isCancellationOf(e, view.chave))) return 'cancelado';
  if (protocols.some((p) => (CANCELLED_CSTAT as readonly string[]).includes(p.cStat))) return 'cancelado';
  if (protocols.some((p) => isDenied(p.cStat))) return 'denegado';
  if (authorizationProtocol(view) !== undefined) return 'autorizado';
  if (view.protocol === undefined && contingencyWithoutProtocol(view)) return 'contingencia';
  return 'sem-autorizacao';
}

/** Registered events (135, 136, 155, and 134: linked to a CT-e not authorized) print as such. */
export function eventMark(event: EventView): string | undefined {
  if (event.registro === undefined) return 'EVENTO SEM REGISTRO NA SEFAZ – SEM VALOR FISCAL';
  const registered = [...EVENT_REGISTERED_CSTAT, '134'] as readonly string[];
  return registered.includes(event.registro.cStat)
    ? undefined
    : 'EVENTO NÃO REGISTRADO PELA SEFAZ – SEM VALOR FISCAL';
}

export const MARK_TEXT = {
  cancelado: 'CANCELADO – SEM VALOR FISCAL',
  denegado: 'USO DENEGADO – SEM VALOR FISCAL',
  'sem-autorizacao': 'SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL',
  ambienteDesconhecido: 'AMBIENTE DE EMISSÃO NÃO INFORMADO NO XML – SEM VALOR FISCAL',
} as const;

/** The large stamp over every sheet. */
export type Stamp = 'CANCELADO' | 'DENEGADO' | 'SEM VALOR FISCAL' | undefined;

export interface StatusMarks {
  situacao: Situacao;
  /** Banner lines under the header of every sheet (besides homologação and contingency). */
  banners: string[];
  stamp: Stamp;
}

/** What the printout shows for this situation and ambiente. A preview carries its own mark. */
export function statusMarks(
  view: Printable,
  evidence: StatusEvidence & { preview?: boolean } = {},
): StatusMarks {
  const situacao = documentSituacao(view, evidence);
  if (evidence.preview === true) return { situacao, banners: [], stamp: undefined };
  const banners: string[] = [];
  let stamp: Stamp;
  if (situacao === 'cancelado') {
    banners.push(MARK_TEXT.cancelado);
    stamp = 'CANCELADO';
  } else if (situacao === 'denegado') {
    banners.push(MARK_TEXT.denegado);
    stamp = 'DENEGADO';
  } else if (situacao === 'sem-autorizacao') {
    banners.push(MARK_TEXT['sem-autorizacao']);
    stamp = 'SEM VALOR FISCAL';
  }
  if (view.ambiente === 'desconhecido') {
    banners.push(MARK_TEXT.ambienteDesconhecido);
    stamp ??= 'SEM VALOR FISCAL';
  }
  return { situacao, banners, stamp };
}
