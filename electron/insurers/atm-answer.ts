// AT&M's answer (`Retorno` / `RetornoMDFe`, 02-atm.md §5): the same fields in the SOAP `Response`
// and the REST JSON body. Every group may come as one object or as a list (Q-ATM-3 [C]: the manual's
// own JSON example has `Declarado` as an array and `Info` as an object), so both are read.
import {
  ATM_ALREADY_REGISTERED,
  ATM_NOT_FOUND_CODES,
  ATM_TEST_PROTOCOL,
  atmCode,
  isRetryableAtmCode,
} from '../fiscal/averbacao';
import type { DadosSeguro, InsurerAnswer, InsurerMessage } from './types';
import { InsurerFailure } from './types';
import { BRASILIA_OFFSET } from '../fiscal/brasilia';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const listOf = (v: unknown): unknown[] =>
  v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v];
const objects = (v: unknown): Json[] => listOf(v).filter(isObject);
const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
};

/** Login refused (900–904) or terminal off (919/920): nothing to resend until the clerk acts. */
const LOGIN_CODES = new Set(['900', '901', '902', '904', '919', '920']);

/**
 * AT&M's date-times are Brasília wall-clock without an offset (REST manual §27.7 [C]); an offset or
 * Z that does come is kept. Anything else: null.
 */
export function brasiliaInstant(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(raw);
  if (!match) return null;
  const zone = match[4]
    ? match[4] === 'Z'
      ? 'Z'
      : match[4].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
    : BRASILIA_OFFSET;
  return `${match[1]}T${match[2]}${zone}`;
}

function messages(value: unknown, kind: 'Erro' | 'Info'): InsurerMessage[] {
  return objects(isObject(value) ? value[kind] : undefined).map((m) => {
    const out: InsurerMessage = {
      codigo: atmCode(m.Codigo) || (text(m.Codigo) ?? ''),
      descricao: text(m.Descricao) ?? '',
    };
    const esperado = text(m.ValorEsperado);
    const informado = text(m.ValorInformado);
    if (esperado) out.esperado = esperado;
    if (informado) out.informado = informado;
    return out;
  });
}

function dadosSeguro(value: unknown): DadosSeguro[] {
  return objects(value).map((d) => ({
    numeroAverbacao: text(d.NumeroAverbacao) ?? '',
    cnpjSeguradora: text(d.CNPJSeguradora),
    nomeSeguradora: text(d.NomeSeguradora),
    numApolice: text(d.NumApolice),
    tpMov: text(d.TpMov),
    tpDdr: text(d.TpDDR),
    valorAverbado: text(d.ValorAverbado),
    ramo: text(d.RamoAverbado),
  }));
}

/** One line with the averbadora's own words, for the screens' "detalhe". */
export function describeMessages(list: readonly InsurerMessage[]): string {
  return list
    .map((m) =>
      [
        `${m.codigo} ${m.descricao}`.trim(),
        m.esperado ? `esperado ${m.esperado}` : '',
        m.informado ? `informado ${m.informado}` : '',
      ]
        .filter(Boolean)
        .join(' — '),
    )
    .join('; ');
}

/**
 * Reads one `Response` (SOAP) or body (REST). Success ⇔ `Averbado`/`Declarado` present and no `Erros`
 * (ACBr, NFePHP, the REST manual [C]); a resend is the success shape plus Info 001 (keyed on the
 * code, not the text: "já Cadastrado" in the manual, "ja averbado" in real answers, Q-ATM-4).
 */
export function readAtmRetorno(response: unknown, raw: string): InsurerAnswer {
  if (!isObject(response))
    throw new InsurerFailure('servidor', 'A AT&M respondeu sem conteúdo; o envio será repetido.', {
      detail: raw.slice(0, 2000),
    });
  const erros = messages(response.Erros, 'Erro');
  const login = erros.find((e) => LOGIN_CODES.has(e.codigo));
  if (login)
    throw new InsurerFailure(
      'credenciais',
      login.codigo === '919' || login.codigo === '920'
        ? 'A AT&M desativou ou bloqueou este terminal: fale com a AT&M ou com o corretor.'
        : 'A AT&M não aceitou o usuário, a senha ou o código AT&M: confira em Empresas › Averbação.',
      { codigo: login.codigo, detail: describeMessages(erros) },
    );
  const success = objects(response.Averbado)[0] ?? objects(response.Declarado)[0];
  if (erros.length > 0)
    return {
      outcome: 'recusado',
      erros,
      retryable: erros.every((e) => isRetryableAtmCode(e.codigo)),
      naoEncontrado: erros.some((e) => ATM_NOT_FOUND_CODES.includes(e.codigo)),
      raw,
    };
  const protocolo = success ? text(success.Protocolo) : null;
  if (!success || !protocolo)
    // An answer without protocol and without errors is AT&M's "empty answer": resent (§8).
    throw new InsurerFailure(
      'servidor',
      'A AT&M respondeu sem protocolo e sem erro; o envio será repetido.',
      {
        detail: raw.slice(0, 2000),
      },
    );
  const dados = dadosSeguro(success.DadosSeguro);
  const infos = messages(response.Infos, 'Info');
  return {
    outcome: 'registrado',
    protocolo,
    registradoEm: brasiliaInstant(success.dhAverbacao ?? success.dhChancela),
    dadosSeguro: dados,
    numeros: [...new Set(dados.map((d) => d.numeroAverbacao).filter((n) => n !== ''))],
    jaRegistrado: infos.some((i) => i.codigo === ATM_ALREADY_REGISTERED),
    teste: protocolo.toUpperCase() === ATM_TEST_PROTOCOL || text(response.TpDoc) === '6',
    infos,
    raw,
  };
}
