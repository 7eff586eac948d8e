// Authorizes (or rejects) a validated MDF-e request the way the service + SVRS pair does: key with
// cMDF and cDV, the QR code (with `sign` in contingency), signature, authority rules, mdfeProc.
import { buildMdfeKey, randomNumericCode } from '../../fiscal/access-key';
import { MDFE_MAX_MESSAGE_BYTES } from '../../fiscal/mdfe-rules';
import { qrSign, signXml, type SigningKey } from '../dfe/sign';
import { formatDateTimeUtc, normalizeDateTime, yearMonthOf } from '../dfe/time';
import type { AuthorityAnswer } from '../dfe/authority';
import { AUTHORIZED_MDFE, checkMdfeEmission, rej, type OpenManifest } from './authority';
import { mdfeProcXml } from './events-xml';
import type { CompanyData } from '../dfe/emit-defaults';
import { resolveMdfeEmit } from './emit';
import type { InfMDFe, MdfePedidoEmissao } from '../../fiscal/requests/mdfe';
import { buildMdfeXml } from './xml';

/** SVRS authorizes MDF-e for every UF; produção and homologação share the address (DAMDFE-rules §5). */
export const MDFE_QR_URL = 'https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode';

/**
 * The QR code of the DAMDFE. In contingency (tpEmis 2) it carries `sign`: the key signed with the
 * issuer's certificate (RSA-SHA1), in Base64 (MOC 3.00a §9.2 as reconstructed in DAMDFE-rules.md).
 */
export function mdfeQrCode(chave: string, tpAmb: 1 | 2, tpEmis: number, key: SigningKey): string {
  const base = `${MDFE_QR_URL}?chMDFe=${chave}&tpAmb=${tpAmb}`;
  if (tpEmis !== 2) return base;
  return `${base}&sign=${qrSign(chave, key)}`;
}

/** MDF-e protocol: 15 digits (TProt), type 9 + cUF + AA + 10-digit sequence, like SVRS's. */
export function mdfeProtocolNumber(cUF: string | number, now: Date, sequence: number): string {
  const yy = String(now.getUTCFullYear() % 100).padStart(2, '0');
  return `9${String(cUF).padStart(2, '0')}${yy}${String(sequence % 1e10).padStart(10, '0')}`;
}

/** G004 (227) and G006 (253): a sent Id or cDV must agree with the key the fields compose. */
function checkKeyFields(chave: string, cDV: number | null | undefined, id: string | null | undefined) {
  if (id != null && id !== `MDFe${chave}`) return rej(227, ` [chMDFe esperada: ${chave}]`);
  if (cDV != null && cDV !== Number(chave[43])) return rej(253);
  return null;
}

export interface MdfeIssueEnv {
  now: Date;
  companyCpfCnpj: string;
  credentials: SigningKey & { notBefore: Date; notAfter: Date };
  protocolSequence: number;
  duplicateOf: { chave: string; nProt: string; dhAut: string } | null;
  open: readonly OpenManifest[];
  random?: () => number;
  /** The company's registration: the issuer's members the request leaves out come from it. */
  company?: CompanyData | null;
}

export type MdfeIssueOutcome =
  | { kind: 'invalid'; path: string; message: string }
  | {
      kind: 'answered';
      status: 'autorizado' | 'rejeitado';
      answer: AuthorityAnswer;
      chave: string;
      dhEmi: string;
      dhRecbto: string;
      documentXml: string;
      procXml: string | null;
      nProt: string | null;
      digestValue: string;
      emitterCpfCnpj: string;
    };

export function issueMdfe(body: MdfePedidoEmissao, env: MdfeIssueEnv): MdfeIssueOutcome {
  const resolved = resolveMdfeEmit(body.infMDFe.emit, env.company ?? null);
  if ('missing' in resolved)
    return {
      kind: 'invalid',
      path: resolved.missing,
      message: 'não informado na requisição nem no cadastro da empresa',
    };
  const inf: InfMDFe = { ...body.infMDFe, emit: resolved.emit };
  const ide = inf.ide;
  if (ide.modal !== 1 || !inf.infModal.rodo)
    return {
      kind: 'invalid',
      path: 'infMDFe.infModal.rodo',
      message: 'somente o modal rodoviário (modal 1) é atendido',
    };
  const tpAmb: 1 | 2 = body.ambiente === 'producao' ? 1 : 2;
  const dh = normalizeDateTime(ide.dhEmi);
  const { year, month } = yearMonthOf(dh.text);
  const emitter = (inf.emit.CNPJ ?? inf.emit.CPF)!;
  // The client may fix cMDF (and send cDV / Id to be checked); the service draws one otherwise.
  const cMDF = ide.cMDF ?? randomNumericCode(8, env.random, ide.nMDF) ?? '00000001';
  const chave = buildMdfeKey({
    cUF: ide.cUF,
    year,
    month,
    cnpj: emitter,
    serie: ide.serie,
    numero: ide.nMDF,
    tpEmis: ide.tpEmis,
    codigo: cMDF,
  });
  if (!chave)
    return { kind: 'invalid', path: 'infMDFe.ide', message: 'não foi possível formar a chave de acesso' };
  const unsigned = buildMdfeXml(inf, {
    chave,
    cMDF,
    cDV: ide.cDV ?? Number(chave[43]),
    tpAmb,
    dhEmi: dh.text,
    dhIniViagem: ide.dhIniViagem ? normalizeDateTime(ide.dhIniViagem).text : undefined,
    qrCode: mdfeQrCode(chave, tpAmb, ide.tpEmis, env.credentials),
  });
  const signed = signXml(unsigned, `MDFe${chave}`, 'MDFe', env.credentials);
  // B01 (MOC 3.00 §4.5.5): the message is looked at before anything in it.
  const tooLarge = Buffer.byteLength(signed.xml, 'utf8') > MDFE_MAX_MESSAGE_BYTES ? rej(214) : null;
  const rejection =
    tooLarge ??
    checkKeyFields(chave, ide.cDV, inf.Id) ??
    checkMdfeEmission({
      inf,
      companyCpfCnpj: env.companyCpfCnpj,
      emitterCpfCnpj: emitter,
      emittedAt: dh.instant,
      now: env.now,
      certificateNotBefore: env.credentials.notBefore,
      certificateNotAfter: env.credentials.notAfter,
      duplicateOf: env.duplicateOf,
      open: env.open,
    });
  const dhRecbto = formatDateTimeUtc(env.now);
  const base = {
    kind: 'answered' as const,
    chave,
    dhEmi: dh.text,
    dhRecbto,
    documentXml: signed.xml,
    digestValue: signed.digestValue,
    emitterCpfCnpj: emitter,
  };
  if (rejection) return { ...base, status: 'rejeitado', answer: rejection, procXml: null, nProt: null };
  const nProt = mdfeProtocolNumber(ide.cUF, env.now, env.protocolSequence);
  const procXml = mdfeProcXml(signed.xml, {
    tpAmb,
    chave,
    dhRecbto,
    nProt,
    digVal: signed.digestValue,
    cStat: AUTHORIZED_MDFE.cStat,
    xMotivo: AUTHORIZED_MDFE.xMotivo,
  });
  return { ...base, status: 'autorizado', answer: AUTHORIZED_MDFE, procXml, nProt };
}
