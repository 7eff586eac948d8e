// The authority's answer to a signed CT-e (any layout) or DC-e: rejected as sent, or authorized
// with a protocol wrapped around the document.
import type { AuthorityAnswer } from './authority';
import { formatDateTimeUtc } from './time';
import type { Protocol } from './xml/proc';

export type IssueOutcome =
  | { kind: 'invalid'; path: string; message: string }
  | {
      kind: 'answered';
      status: 'autorizado' | 'rejeitado';
      chave: string;
      answer: AuthorityAnswer;
      dhEmi: string;
      dhRecbto: string;
      /** The signed document as sent to the authority. */
      documentXml: string;
      /** The document with its protocol (cteProc, dceProc…) — null when rejected. */
      procXml: string | null;
      nProt: string | null;
      digestValue: string;
      emitterCpfCnpj: string;
      tpAmb: 1 | 2;
    };

export interface Answering {
  now: Date;
  chave: string;
  dhEmi: string;
  signed: { xml: string; digestValue: string };
  emitterCpfCnpj: string;
  tpAmb: 1 | 2;
  /** The first authority rule the document breaks, if any. */
  rejection: AuthorityAnswer | null;
  authorized: AuthorityAnswer;
  protocolNumber(): string;
  proc(signedXml: string, protocol: Protocol): string;
}

export function answerIssue(a: Answering): IssueOutcome {
  const dhRecbto = formatDateTimeUtc(a.now);
  const base = {
    chave: a.chave,
    dhEmi: a.dhEmi,
    dhRecbto,
    documentXml: a.signed.xml,
    digestValue: a.signed.digestValue,
    emitterCpfCnpj: a.emitterCpfCnpj,
    tpAmb: a.tpAmb,
  };
  if (a.rejection) {
    return {
      kind: 'answered',
      status: 'rejeitado',
      answer: a.rejection,
      procXml: null,
      nProt: null,
      ...base,
    };
  }
  const nProt = a.protocolNumber();
  const procXml = a.proc(a.signed.xml, {
    tpAmb: a.tpAmb,
    chave: a.chave,
    dhRecbto,
    nProt,
    digVal: a.signed.digestValue,
    cStat: a.authorized.cStat,
    xMotivo: a.authorized.xMotivo,
  });
  return { kind: 'answered', status: 'autorizado', answer: a.authorized, procXml, nProt, ...base };
}
