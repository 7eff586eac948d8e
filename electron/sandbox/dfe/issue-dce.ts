// Authorizes (or rejects) a validated DC-e request: key with tpEmit/nSiteAutoriz/cDC, QR code
// and urlChave, signature, authority rules, dceProc.
import { buildDceKey, randomNumericCode } from '../../fiscal/access-key';
import { AUTHORIZED_DCE, checkEmission, dceWording } from './authority';
import { DCE_URL_CHAVE, dceQrCode } from './authorizers';
import type { IssueEnv } from './issue-cte';
import { answerIssue, type IssueOutcome } from './outcome';
import { dceProtocolNumber } from './protocol';
import { dceIssuerDocument, type DcePedidoEmissao } from '../../fiscal/requests/dce';
import { qrSign, signXml } from './sign';
import { normalizeDateTime, yearMonthOf } from './time';
import { buildDceXml } from './xml/dce';
import { dceProcXml } from './xml/proc';

export type DceIssueEnv = Omit<IssueEnv, 'emitDefaults'>;

export type DceOutcome = IssueOutcome;

export function issueDce(body: DcePedidoEmissao, env: DceIssueEnv): DceOutcome {
  const inf = body.infDCe;
  const tpAmb: 1 | 2 = body.ambiente === 'producao' ? 1 : 2;
  const dh = normalizeDateTime(inf.ide.dhEmi);
  const { year, month } = yearMonthOf(dh.text);
  const issuer = dceIssuerDocument(inf);
  if (!/^\d+$/.test(issuer)) {
    // The DC-e 1.00 key (Id pattern DCe[0-9]{44}) has no room for an alphanumeric CNPJ yet.
    return { kind: 'invalid', path: 'infDCe.emit.CNPJ', message: 'a DC-e 1.00 não aceita CNPJ alfanumérico' };
  }
  const cDC = randomNumericCode(6, env.random, inf.ide.nDC) ?? '000001';
  const chave = buildDceKey({
    cUF: inf.ide.cUF,
    year,
    month,
    cnpjCpf: issuer.padStart(14, '0'),
    serie: inf.ide.serie,
    numero: inf.ide.nDC,
    tpEmis: inf.ide.tpEmis,
    tpEmit: inf.ide.tpEmit,
    nSiteAutoriz: inf.ide.nSiteAutoriz,
    codigo: cDC,
  });
  if (!chave)
    return { kind: 'invalid', path: 'infDCe.ide', message: 'não foi possível formar a chave de acesso' };
  const unsigned = buildDceXml(
    inf,
    {
      chave,
      cDC,
      cDV: Number(chave[43]),
      tpAmb,
      dhEmi: dh.text,
      qrCode: dceQrCode(chave, tpAmb, inf.ide.tpEmis, () => qrSign(chave, env.credentials)),
      urlChave: DCE_URL_CHAVE,
    },
    body.infSolicDCe?.xSolic,
  );
  const signed = signXml(unsigned, `DCe${chave}`, 'DCe', env.credentials);
  const found = checkEmission({
    companyCpfCnpj: env.companyCpfCnpj,
    emitterCpfCnpj: issuer,
    emittedAt: dh.instant,
    now: env.now,
    certificateNotBefore: env.credentials.notBefore,
    certificateNotAfter: env.credentials.notAfter,
    duplicateOf: env.findDuplicate(inf.ide.serie, inf.ide.nDC),
  });
  return answerIssue({
    now: env.now,
    chave,
    dhEmi: dh.text,
    signed,
    emitterCpfCnpj: issuer,
    tpAmb,
    rejection: found && { ...found, xMotivo: dceWording(found.xMotivo) },
    authorized: AUTHORIZED_DCE,
    protocolNumber: () => dceProtocolNumber(inf.ide.cUF, env.now, env.protocolSequence),
    proc: dceProcXml,
  });
}
