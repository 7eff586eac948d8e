// The AT&M double's rules, shared by its SOAP and REST doors (02-atm.md §5, §6, §10): documents are
// keyed by emitter, model, série and number; the first send gets a protocol and an averbação number,
// a resend the same ones plus Info 001; tpAmb 2 is registered as a test ("TESTE", TpDoc 6);
// a cancellation of a document never registered is 908 (911 for NF-e); an MDF-e is declared, its
// events need a declaration, and a cancelled one cannot be closed (nor a closed one cancelled).
import type { Clock } from '../clock';
import type { DoubleFaults } from './faults';
import type { ReceivedDoc, ReceivedFamily } from './fiscal-doc';
import { readReceivedDoc } from './fiscal-doc';
import type { InsurerRegistry, RegisteredDoc } from './registry';
import { averbacaoNumber, brasiliaWallClock, newProtocol } from './registry';

export type AtmOperation = 'averbaCTe' | 'averbaNFe' | 'declaraMDFe';
export const FAMILY_OF: Record<AtmOperation, ReceivedFamily> = {
  averbaCTe: 'cte',
  averbaNFe: 'nfe',
  declaraMDFe: 'mdfe',
};

export interface AtmUser {
  usuario: string;
  senha: string;
  codatm: string;
}

/** The policy the double registers under (DadosSeguro). */
export interface DoublePolicy {
  /** NomeSeguradora: a short name, up to 15 characters (REST manual §12). */
  nome: string;
  cnpj: string;
  apolice: string;
  ramo: string;
}

export interface AtmDoubleContext {
  clock: Clock;
  registry: InsurerRegistry;
  faults: DoubleFaults;
  users: readonly AtmUser[];
  policy: DoublePolicy;
  /** Prefix of the averbação numbers (5 digits). */
  prefix: string;
  /** Refuses values above it with 004 (ValorEsperado = the limit). */
  limit?: number;
  /** When set, other emitters are refused with 033. */
  emitters?: readonly string[];
}

type Json = Record<string, unknown>;

/** `Retorno` / `RetornoMDFe` in the WSDL's element order, plus the HTTP status the REST door uses. */
export interface AtmResult {
  status: number;
  body: Json;
  /** The MDF-e shape (`Declarado`). */
  mdfe: boolean;
}

const DESCRICOES: Record<string, string> = {
  '000': 'Erro de sistema',
  '001': 'Documento já Cadastrado',
  '004': 'Valor da IS maior que o limite permitido.',
  '033': 'CNPJ emissor não autorizado para averbar.',
  '034': 'Documento com data de Emissão inferior a 60 dias.',
  '900': 'Usuário do Webserver não informado',
  '901': 'Senha do Webserver não informado',
  '902': 'CodATM do Webserver não encontrado',
  '903': 'xmlDOC do Webserver não informado',
  '904': 'Acesso do Webserver não autorizado',
  '907': 'Erro ao registrar cancelamento do CTe',
  '908': 'CTe não localizado na base de dados',
  '910': 'Erro ao registrar canelamento da NFe',
  '911': 'NFe não localizada na base de dados',
  '912': 'XML inválido para utilizacao neste webserver',
  '919': 'Terminal Desativado',
  '920': 'Terminal Bloqueado',
};

const SIXTY_DAYS_MS = 60 * 86_400_000;

function erro(codigo: string, descricao?: string, esperado?: string, informado?: string): Json {
  return {
    Codigo: codigo,
    Descricao: descricao ?? DESCRICOES[codigo] ?? 'Erro',
    ...(esperado !== undefined ? { ValorEsperado: esperado } : {}),
    ...(informado !== undefined ? { ValorInformado: informado } : {}),
  };
}

const filialOf = (cnpj: string) => (cnpj.length === 14 ? cnpj.slice(8, 12) : '');

function header(doc: ReceivedDoc | null, mdfe: boolean, tpDoc?: number): Json {
  const base: Json = {
    Numero: doc ? String(doc.numero) : '',
    Serie: doc ? String(doc.serie) : '',
    Filial: doc ? filialOf(doc.cnpj) : '',
  };
  if (mdfe) return base;
  return { ...base, ...(doc ? { CNPJCli: doc.cnpj } : {}), ...(tpDoc !== undefined ? { TpDoc: tpDoc } : {}) };
}

function refusal(status: number, doc: ReceivedDoc | null, mdfe: boolean, erros: Json[]): AtmResult {
  return {
    status,
    mdfe,
    body: { ...header(doc, mdfe, doc ? tpDocOf(doc) : undefined), Erros: { Erro: erros } },
  };
}

function tpDocOf(doc: ReceivedDoc): number {
  if (doc.tpAmb === 2) return 6;
  return doc.family === 'mdfe' ? 1 : doc.family === 'cte' ? 2 : 3;
}

function success(
  ctx: AtmDoubleContext,
  doc: ReceivedDoc,
  stored: RegisteredDoc,
  infos: Json[],
  cancel = false,
): AtmResult {
  const mdfe = doc.family === 'mdfe';
  const protocolo = stored.tpAmb === 2 ? 'TESTE' : stored.protocolo;
  const info = infos.length ? { Infos: { Info: infos } } : {};
  if (mdfe)
    return {
      status: 200,
      mdfe,
      body: {
        ...header(doc, true),
        Declarado: { dhChancela: stored.registradoEm, Protocolo: protocolo },
        ...info,
      },
    };
  const dados = cancel
    ? {}
    : {
        DadosSeguro: [
          {
            NumeroAverbacao: stored.numeroAverbacao,
            CNPJSeguradora: ctx.policy.cnpj,
            NomeSeguradora: ctx.policy.nome,
            NumApolice: ctx.policy.apolice,
            TpMov: '1',
            ValorAverbado: stored.valor.toFixed(2),
            RamoAverbado: ctx.policy.ramo,
          },
        ],
      };
  return {
    status: 200,
    mdfe,
    body: {
      ...header(doc, false, tpDocOf(doc)),
      Averbado: { dhAverbacao: stored.registradoEm, Protocolo: protocolo, ...dados },
      ...info,
    },
  };
}

/** The login of a SOAP call (REST checks it once, at /rest/Auth). */
export function checkAtmLogin(ctx: AtmDoubleContext, credentials: Partial<AtmUser>): string | null {
  if (!credentials.usuario) return '900';
  if (!credentials.senha) return '901';
  if (!credentials.codatm) return '902';
  const ok = ctx.users.some(
    (u) =>
      u.usuario === credentials.usuario && u.senha === credentials.senha && u.codatm === credentials.codatm,
  );
  return ok ? null : '904';
}

/** The answer to one document or event sent to `operation`. */
export async function atmProcess(
  ctx: AtmDoubleContext,
  operation: AtmOperation,
  xml: string,
): Promise<AtmResult> {
  const family = FAMILY_OF[operation];
  const mdfe = family === 'mdfe';
  const terminal = ctx.faults.terminal();
  if (terminal) return refusal(403, null, mdfe, [erro(terminal)]);
  if (!xml.trim()) return refusal(400, null, mdfe, [erro('903')]);
  const injected = ctx.faults.takeError();
  if (injected)
    return refusal(injected.codigo === '000' ? 500 : 400, null, mdfe, [
      erro(injected.codigo, injected.descricao),
    ]);
  const doc = readReceivedDoc(xml);
  if (!doc || doc.family !== family || !doc.autorizado)
    return refusal(400, doc, mdfe, [
      erro('912', doc && !doc.autorizado ? 'XML sem a autorização da SEFAZ (protocolo).' : undefined),
    ]);
  return doc.event ? atmEvent(ctx, doc) : atmDocument(ctx, doc);
}

async function atmEvent(ctx: AtmDoubleContext, doc: ReceivedDoc): Promise<AtmResult> {
  const mdfe = doc.family === 'mdfe';
  const stored = await ctx.registry.find('atm', doc);
  const notFound = doc.family === 'nfe' ? '911' : '908';
  if (!stored)
    return refusal(400, doc, mdfe, [
      erro(notFound, mdfe ? 'MDFe não localizado na base de dados' : undefined),
    ]);
  const now = brasiliaWallClock(ctx.clock.nowMs());
  switch (doc.event) {
    case 'cancelamento':
      if (stored.encerradoEm)
        return refusal(400, doc, mdfe, [erro('912', 'MDF-e encerrado não pode ser cancelado.')]);
      await ctx.registry.markCancelled(stored.id, now);
      return success(ctx, doc, stored, [], true);
    case 'encerramento':
      if (stored.canceladoEm)
        return refusal(400, doc, mdfe, [erro('912', 'MDF-e cancelado não pode ser encerrado.')]);
      await ctx.registry.markClosed(stored.id, now);
      return success(ctx, doc, stored, [], true);
    case 'condutor':
      if (!mdfe) return refusal(400, doc, mdfe, [erro('912')]);
      return success(ctx, doc, stored, [], true);
    default:
      return refusal(400, doc, mdfe, [erro('912')]);
  }
}

async function atmDocument(ctx: AtmDoubleContext, doc: ReceivedDoc): Promise<AtmResult> {
  const mdfe = doc.family === 'mdfe';
  const refused = ctx.faults.takeRefusal('atm', doc.chave);
  if (refused)
    return refusal(400, doc, mdfe, [
      erro(refused.codigo.padStart(3, '0'), refused.descricao, refused.esperado, refused.informado),
    ]);
  const existing = await ctx.registry.find('atm', doc);
  if (!existing) {
    if (ctx.emitters && !ctx.emitters.includes(doc.cnpj))
      return refusal(400, doc, mdfe, [erro('033', undefined, undefined, doc.cnpj.padStart(15, '0'))]);
    if (!mdfe && ctx.limit !== undefined && doc.valor > ctx.limit)
      return refusal(400, doc, mdfe, [erro('004', undefined, ctx.limit.toFixed(2), doc.valor.toFixed(2))]);
    const emitted = Date.parse(doc.dhEmi);
    if (Number.isFinite(emitted) && ctx.clock.nowMs() - emitted > SIXTY_DAYS_MS)
      return refusal(400, doc, mdfe, [erro('034')]);
  }
  // "Already registered" on a first send: another station of the company sent it a moment ago.
  const earlier = !existing && ctx.faults.take('ja-registrado', 'atm');
  const { doc: stored, novo } = await ctx.registry.register('atm', doc, {
    protocolo: newProtocol(),
    numeroAverbacao: mdfe ? '' : averbacaoNumber(ctx.prefix, doc),
    registradoEm: brasiliaWallClock(ctx.clock.nowMs()),
  });
  const duplicate = !novo || earlier;
  return success(ctx, doc, stored, duplicate ? [{ Codigo: '001', Descricao: DESCRICOES['001'] }] : []);
}
