// Registers events at the "authority": builds and signs eventoCTe / eventoDCe and wraps it with
// the authority's answer in procEventoCTe / procEventoDCe.
import type { AuthorityAnswer } from './authority';
import { cteProtocolNumber, dceProtocolNumber } from './protocol';
import { signXml, type SigningKey } from './sign';
import { formatDateTimeUtc } from './time';
import { cancelamentoCteXml, cancelamentoDceXml, cartaCorrecaoCteXml, type Correcao } from './xml/events';
import { procEventoCteXml, procEventoDceXml, type EventResult } from './xml/proc';

export const DEFAULT_JUSTIFICATIVA = 'Cancelamento solicitado pelo emitente do documento';

export interface EventEnv {
  now: Date;
  credentials: SigningKey;
  protocolSequence: number;
}

export interface EventOutcome {
  /** Signed event as sent. */
  eventXml: string;
  /** procEvento… with the answer (also for rejections, where nProt is absent). */
  procXml: string;
  nProt: string | null;
  dhEvento: string;
  dhRegEvento: string;
  answer: AuthorityAnswer;
}

const REGISTERED_CTE: AuthorityAnswer = { cStat: 135, xMotivo: 'Evento registrado e vinculado a CT-e' };
const REGISTERED_DCE: AuthorityAnswer = { cStat: 135, xMotivo: 'Evento registrado e vinculado a DC-e' };

/** The API fills an empty justification (the layout's length: fiscal/events.ts). */
export function justificativa(text: string | null | undefined): string {
  const clean = (text ?? '').trim();
  return clean === '' ? DEFAULT_JUSTIFICATIVA : clean;
}

interface CteEventRequest {
  tpAmb: 1 | 2;
  chave: string;
  autor: string;
  nSeqEvento: number;
  rejection: AuthorityAnswer | null;
}

/** What differs between registering a CT-e event and a DC-e event. */
interface EventFamily {
  root: 'eventoCTe' | 'eventoDCe';
  registered: AuthorityAnswer;
  protocolNumber(cUF: string, now: Date, sequence: number): string;
  proc(signedEvento: string, r: EventResult): string;
}
const CTE_EVENTS: EventFamily = {
  root: 'eventoCTe',
  registered: REGISTERED_CTE,
  protocolNumber: cteProtocolNumber,
  proc: procEventoCteXml,
};
const DCE_EVENTS: EventFamily = {
  root: 'eventoDCe',
  registered: REGISTERED_DCE,
  protocolNumber: dceProtocolNumber,
  proc: procEventoDceXml,
};

/** Signs the event and answers it: registered with a protocol, or the rejection. */
function register(
  family: EventFamily,
  req: Pick<CteEventRequest, 'tpAmb' | 'chave' | 'nSeqEvento' | 'rejection'>,
  env: EventEnv,
  built: { xml: string; id: string },
  tpEvento: string,
  xEvento: string,
  dhEvento: string,
): EventOutcome {
  const signed = signXml(built.xml, built.id, family.root, env.credentials);
  const dhRegEvento = formatDateTimeUtc(env.now);
  const answer = req.rejection ?? family.registered;
  const nProt = req.rejection
    ? null
    : family.protocolNumber(req.chave.slice(0, 2), env.now, env.protocolSequence);
  const procXml = family.proc(signed.xml, {
    tpAmb: req.tpAmb,
    cOrgao: req.chave.slice(0, 2),
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
    chave: req.chave,
    tpEvento,
    xEvento,
    nSeqEvento: req.nSeqEvento,
    dhRegEvento,
    nProt: nProt ?? undefined,
  });
  return { eventXml: signed.xml, procXml, nProt, dhEvento, dhRegEvento, answer };
}

export function cancelCte(
  req: CteEventRequest & { nProtDocumento: string; xJust: string },
  env: EventEnv,
): EventOutcome {
  const dhEvento = formatDateTimeUtc(env.now);
  const built = cancelamentoCteXml({ ...req, dhEvento }, req.nProtDocumento, req.xJust);
  return register(CTE_EVENTS, req, env, built, '110111', 'Cancelamento', dhEvento);
}

export function correctCte(
  req: CteEventRequest & { correcoes: readonly Correcao[] },
  env: EventEnv,
): EventOutcome {
  const dhEvento = formatDateTimeUtc(env.now);
  const built = cartaCorrecaoCteXml({ ...req, dhEvento }, req.correcoes);
  return register(CTE_EVENTS, req, env, built, '110110', 'Carta de Correção', dhEvento);
}

export function cancelDce(
  req: {
    tpAmb: 1 | 2;
    chave: string;
    tpEmit: number;
    cnpjAutor: string;
    nProtDocumento: string;
    xJust: string;
    rejection: AuthorityAnswer | null;
  },
  env: EventEnv,
): EventOutcome {
  const dhEvento = formatDateTimeUtc(env.now);
  const built = cancelamentoDceXml({ ...req, dhEvento, nProt: req.nProtDocumento });
  // The DC-e has a single event, always the first of its kind.
  return register(DCE_EVENTS, { ...req, nSeqEvento: 1 }, env, built, '110111', 'Cancelamento', dhEvento);
}
