// Authorizes (or rejects) a validated CT-e request the way the service + authority pair does:
// fill the key, cCT, cDV, QR code; sign; apply the authority rules; wrap with the protocol.
import { buildCteKey, randomNumericCode } from '../../fiscal/access-key';
import { checkHomologacaoNames } from '../../fiscal/homologacao';
import type { CteLayout, CteRuleInput } from '../../fiscal/cte-rules';
import {
  AUTHORIZED_CTE,
  checkCfop,
  checkEmission,
  checkRequestRules,
  checkServiceDocuments,
} from './authority';
import type { AuthorityAnswer } from './authority';
import { cteQrCode } from './authorizers';
import { resolveEmit } from './emit-defaults';
import { answerIssue, type IssueOutcome } from './outcome';
import { cteProtocolNumber } from './protocol';
import type { CtePedidoEmissao, EmitCte } from '../../fiscal/requests/cte';
import type { CteOsPedidoEmissao } from '../../fiscal/requests/cteos';
import type { CteSimpPedidoEmissao } from '../../fiscal/requests/cte-simp';
import { qrSign, signXml, type SigningKey } from './sign';
import { normalizeDateTime, yearMonthOf } from './time';
import { buildCteXml, type CteFill } from './xml/cte';
import { buildCteOSXml } from './xml/cteos';
import { cteOSProcXml, cteProcXml, cteSimpProcXml, type Protocol } from './xml/proc';
import { buildCteSimpXml } from './xml/cte-simp';

export type { IssueOutcome };

export interface IssueEnv {
  now: Date;
  companyCpfCnpj: string;
  emitDefaults: EmitCte | null;
  credentials: SigningKey & { notBefore: Date; notAfter: Date };
  /** Next protocol sequence number (the caller keeps the counter). */
  protocolSequence: number;
  /** Looks up an authorized document with the same model, série and número. */
  findDuplicate(serie: number, numero: number): { chave: string; nProt: string; dhAut: string } | null;
  random?: () => number;
}

interface CteLike {
  ambiente: 'homologacao' | 'producao';
  ide: {
    cUF: number;
    serie: number;
    nCT: number;
    dhEmi: string;
    tpEmis: number;
    CFOP: string;
    UFIni?: string | null;
    UFFim?: string | null;
  };
  emit: EmitCte;
}

interface ModelSpec {
  mod: '57' | '67';
  layout: CteLayout;
  /** The members the request-only rules (fiscal/cte-rules) read, with the emitter resolved. */
  ruleInput: (emit: EmitCte) => CteRuleInput;
  root: 'CTe' | 'CTeOS' | 'CTeSimp';
  build(fill: CteFill): string;
  proc(signed: string, p: Protocol): string;
  /** CT-e OS needs the emitter's IE (TCTeOS emit/IE is required). */
  requireIE: boolean;
  /** The layout's own authority rules, after the common ones. */
  rules?: () => AuthorityAnswer | null;
}

function issueCteLike(doc: CteLike, spec: ModelSpec, env: IssueEnv): IssueOutcome {
  const resolved = resolveEmit(doc.emit, env.emitDefaults);
  if ('missing' in resolved) {
    return {
      kind: 'invalid',
      path: resolved.missing,
      message: 'campo obrigatório (não informado nem cadastrado na empresa)',
    };
  }
  const emit = resolved.emit;
  if (spec.requireIE && (!emit.IE || !emit.CNPJ)) {
    return {
      kind: 'invalid',
      path: emit.CNPJ ? 'infCte.emit.IE' : 'infCte.emit.CNPJ',
      message: 'campo obrigatório no CT-e OS',
    };
  }
  const ide = doc.ide;
  const tpAmb: 1 | 2 = doc.ambiente === 'producao' ? 1 : 2;
  const dh = normalizeDateTime(ide.dhEmi);
  const { year, month } = yearMonthOf(dh.text);
  const emitterDoc = (emit.CNPJ ?? emit.CPF)!;
  const cCT = randomNumericCode(8, env.random, ide.nCT) ?? '00000001';
  const chave = buildCteKey({
    cUF: ide.cUF,
    year,
    month,
    cnpj: emitterDoc.padStart(14, '0'),
    mod: spec.mod,
    serie: ide.serie,
    numero: ide.nCT,
    tpEmis: ide.tpEmis,
    codigo: cCT,
  });
  if (!chave)
    return { kind: 'invalid', path: 'infCte.ide', message: 'não foi possível formar a chave de acesso' };
  const unsigned = spec.build({
    chave,
    cCT,
    cDV: Number(chave[43]),
    tpAmb,
    dhEmi: dh.text,
    emit,
    qrCode: cteQrCode(emit.enderEmit.UF, chave, tpAmb, ide.tpEmis, () => qrSign(chave, env.credentials)),
  });
  const signed = signXml(unsigned, `CTe${chave}`, spec.root, env.credentials);
  const rejection =
    checkEmission({
      companyCpfCnpj: env.companyCpfCnpj,
      emitterCpfCnpj: emitterDoc,
      emittedAt: dh.instant,
      now: env.now,
      certificateNotBefore: env.credentials.notBefore,
      certificateNotAfter: env.credentials.notAfter,
      duplicateOf: env.findDuplicate(ide.serie, ide.nCT),
    }) ??
    checkRequestRules(spec.layout, spec.ruleInput(emit), 'ate-G048') ??
    checkCfop(ide.CFOP, ide.UFIni, ide.UFFim) ??
    checkRequestRules(spec.layout, spec.ruleInput(emit), 'apos-G050') ??
    spec.rules?.() ??
    null;
  return answerIssue({
    now: env.now,
    chave,
    dhEmi: dh.text,
    signed,
    emitterCpfCnpj: emitterDoc,
    tpAmb,
    rejection,
    authorized: AUTHORIZED_CTE,
    protocolNumber: () => cteProtocolNumber(ide.cUF, env.now, env.protocolSequence),
    proc: spec.proc,
  });
}

type CteBody<I> = { ambiente: 'homologacao' | 'producao'; infCte: I };

/** The issue function of one layout: its request body, model, root element and builders. */
function issuer<I extends Omit<CteLike, 'ambiente'> & Omit<CteRuleInput, 'ide' | 'emit'>>(
  spec: Omit<ModelSpec, 'build' | 'rules' | 'ruleInput'> & {
    build(inf: I, fill: CteFill): string;
    rules?(inf: I, ambiente: 'homologacao' | 'producao'): AuthorityAnswer | null;
  },
) {
  return (body: CteBody<I>, env: IssueEnv): IssueOutcome => {
    const inf = body.infCte;
    return issueCteLike(
      { ambiente: body.ambiente, ide: inf.ide, emit: inf.emit },
      {
        ...spec,
        build: (fill) => spec.build(inf, fill),
        ruleInput: (emit) => ({ ...inf, emit }),
        rules: spec.rules && (() => spec.rules!(inf, body.ambiente)),
      },
      env,
    );
  };
}

export const issueCte = issuer<CtePedidoEmissao['infCte']>({
  mod: '57',
  layout: 'cte',
  root: 'CTe',
  build: buildCteXml,
  proc: cteProcXml,
  requireIE: false,
  rules: (inf, ambiente) =>
    // Anexo I G002–G005 (646–649) come first among the general validations.
    checkHomologacaoNames(ambiente, inf.ide.tpEmis, inf) ??
    checkServiceDocuments({
      tpCTe: inf.ide.tpCTe,
      tpServ: inf.ide.tpServ,
      documentosAnteriores: Boolean(inf.infCTeNorm?.docAnt),
      cteMultimodal: (inf.infCTeNorm?.infServVinc?.infCTeMultimodal.length ?? 0) > 0,
    }),
});

export const issueCteOS = issuer<CteOsPedidoEmissao['infCte']>({
  mod: '67',
  layout: 'cteos',
  root: 'CTeOS',
  build: buildCteOSXml,
  proc: cteOSProcXml,
  requireIE: true,
});

export const issueCteSimp = issuer<CteSimpPedidoEmissao['infCte']>({
  mod: '57',
  layout: 'cte-simp',
  root: 'CTeSimp',
  build: buildCteSimpXml,
  proc: cteSimpProcXml,
  requireIE: false,
});
