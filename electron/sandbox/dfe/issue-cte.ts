// Authorizes (or rejects) a validated CT-e request the way the service + authority pair does:
// fill the key, cCT, cDV, QR code; sign; apply the authority rules; wrap with the protocol.
import { buildCteKey, randomNumericCode } from '../../fiscal/access-key';
import { AUTHORIZED_CTE, checkCfop, checkEmission, type AuthorityAnswer } from './authority';
import { cteQrCode } from './authorizers';
import { resolveEmit } from './emit-defaults';
import { cteProtocolNumber } from './protocol';
import type { CtePedidoEmissao, EmitCte } from './schemas/cte';
import { signXml, type SigningKey } from './sign';
import { formatDateTimeUtc, normalizeDateTime, yearMonthOf } from './time';
import { buildCteXml } from './xml/cte';
import { cteProcXml } from './xml/proc';

export interface IssueEnv {
  now: Date;
  companyCpfCnpj: string;
  emitDefaults: EmitCte | null;
  credentials: SigningKey & { notAfter: Date };
  /** Next protocol sequence number (the caller keeps the counter). */
  protocolSequence: number;
  /** Looks up an authorized document with the same model, série and número. */
  findDuplicate(serie: number, numero: number): { chave: string; nProt: string; dhAut: string } | null;
  random?: () => number;
}

export type IssueOutcome =
  | { kind: 'invalid'; path: string; message: string }
  | {
      kind: 'answered';
      status: 'autorizado' | 'rejeitado';
      chave: string;
      answer: AuthorityAnswer;
      dhEmi: string;
      dhRecbto: string;
      /** The signed CTe as sent to the authority. */
      documentXml: string;
      /** cteProc (authorized) — null when rejected. */
      procXml: string | null;
      nProt: string | null;
      digestValue: string;
      emitterCpfCnpj: string;
      tpAmb: 1 | 2;
    };

export function issueCte(body: CtePedidoEmissao, env: IssueEnv): IssueOutcome {
  const inf = body.infCte;
  const resolved = resolveEmit(inf.emit, env.emitDefaults);
  if ('missing' in resolved) {
    return {
      kind: 'invalid',
      path: resolved.missing,
      message: 'campo obrigatório (não informado nem cadastrado na empresa)',
    };
  }
  const emit = resolved.emit;
  const tpAmb: 1 | 2 = body.ambiente === 'producao' ? 1 : 2;
  const dh = normalizeDateTime(inf.ide.dhEmi);
  const { year, month } = yearMonthOf(dh.text);
  const emitterDoc = (emit.CNPJ ?? emit.CPF)!;
  const cCT = randomNumericCode(8, env.random, inf.ide.nCT) ?? '00000001';
  const chave = buildCteKey({
    cUF: inf.ide.cUF,
    year,
    month,
    cnpj: emitterDoc.padStart(14, '0'),
    mod: '57',
    serie: inf.ide.serie,
    numero: inf.ide.nCT,
    tpEmis: inf.ide.tpEmis,
    codigo: cCT,
  });
  if (!chave)
    return { kind: 'invalid', path: 'infCte.ide', message: 'não foi possível formar a chave de acesso' };
  const unsigned = buildCteXml(inf, {
    chave,
    cCT,
    cDV: Number(chave[43]),
    tpAmb,
    dhEmi: dh.text,
    emit,
    qrCode: cteQrCode(emit.enderEmit.UF, chave, tpAmb),
  });
  const signed = signXml(unsigned, `CTe${chave}`, 'CTe', env.credentials);
  const dhRecbto = formatDateTimeUtc(env.now);
  const rejection =
    checkEmission({
      companyCpfCnpj: env.companyCpfCnpj,
      emitterCpfCnpj: emitterDoc,
      emittedAt: dh.instant,
      now: env.now,
      certificateNotAfter: env.credentials.notAfter,
      duplicateOf: env.findDuplicate(inf.ide.serie, inf.ide.nCT),
    }) ?? checkCfop(inf.ide.CFOP, inf.ide.UFIni, inf.ide.UFFim);
  const base = {
    chave,
    dhEmi: dh.text,
    dhRecbto,
    documentXml: signed.xml,
    digestValue: signed.digestValue,
    emitterCpfCnpj: emitterDoc,
    tpAmb,
  };
  if (rejection) {
    return { kind: 'answered', status: 'rejeitado', answer: rejection, procXml: null, nProt: null, ...base };
  }
  const nProt = cteProtocolNumber(inf.ide.cUF, env.now, env.protocolSequence);
  const procXml = cteProcXml(signed.xml, {
    tpAmb,
    chave,
    dhRecbto,
    nProt,
    digVal: signed.digestValue,
    cStat: AUTHORIZED_CTE.cStat,
    xMotivo: AUTHORIZED_CTE.xMotivo,
  });
  return { kind: 'answered', status: 'autorizado', answer: AUTHORIZED_CTE, procXml, nProt, ...base };
}
