// POST /mdfe (and each document of a lote) and the MDF-e events: validation, company and
// certificate, quota, the authority's rules, persistence and the debug records. A 4xx creates
// nothing; an authority rejection is a stored `rejeitado` manifest or event.
import type { z } from 'zod';
import type { SandboxContext } from '../context';
import { noCertificateError } from '../dfe/authority';
import { justificativa } from '../dfe/issue-event';
import { ignoredMembersSteps, soapStep } from '../dfe/present';
import { signXml } from '../dfe/sign';
import { formatDateTimeUtc } from '../dfe/time';
import { ApiError, badRequest } from '../http/errors';
import { newId } from '../http/ids';
import { LargeJsonBody, NOT_A_JSON_OBJECT } from '../http/large-json';
import {
  ignoredMembers,
  invalidMember,
  validate,
  validationFailed,
  type ValidationItem,
} from '../http/validate';
import type { AuthorityAnswer } from '../dfe/authority';
import { EVENT_REGISTERED_MDFE, type MdfeState, type OpenManifest } from './authority';
import { eventoMdfeXml, MDFE_EVENTS, procEventoMdfeXml, type MdfeEventDetail } from './events-xml';
import { issueMdfe, mdfeProtocolNumber, type MdfeIssueEnv } from './issue';
import type { MdfeIssuer, PreparedMdfe } from './offload';
import { presentMdfe, presentMdfeEvent } from './present';
import type { MdfeEventRow, MdfeRepository, MdfeRow } from './repository';
import { mdfePedidoEmissao, type MdfePedidoEmissao } from '../../fiscal/requests/mdfe';

export const WS_AUTORIZACAO = 'https://sandbox.local/ws/MDFeRecepcaoSinc';
export const WS_EVENTO = 'https://sandbox.local/ws/MDFeRecepcaoEvento';
export const WS_CONSULTA = 'https://sandbox.local/ws/MDFeConsulta';
const UNIQUE_REFERENCIA = "O campo 'referencia' deve ser único.";

export function parseOrFail<T>(schema: z.ZodType<T>, body: unknown, prefix = ''): T {
  const r = validate(schema, body ?? {});
  if (r.ok) return r.value;
  throw invalidRequest(r.errors, prefix);
}

/** The 400 of a refused body; an event's body is validated as a part, its paths carry `prefix`. */
function invalidRequest(errors: ValidationItem[], prefix = ''): ApiError {
  const at = (path: string | undefined) =>
    path ? `${prefix}${path}` : prefix.replace(/\.$/, '') || undefined;
  return validationFailed(
    errors.map((e) => {
      const path = at(e.path);
      const message =
        prefix && e.path ? e.message.split(`'${e.path}`).join(`'${prefix}${e.path}`) : e.message;
      return path ? { ...e, message, path } : { code: e.code, message };
    }),
  );
}

export const toOpenManifest = (r: MdfeRow): OpenManifest => ({
  chave: r.chave,
  nProt: r.numero_protocolo ?? '',
  placa: r.placa,
  tpEmit: r.tp_emit ?? 1,
  ufFim: r.uf_fim,
  percursoCount: r.percurso ? r.percurso.split(',').length : 0,
  authorizedAt: new Date(r.data_recebimento),
});

/** Checks a parsed request the service refuses with a 400 (nothing sent to the authority). */
async function preflight(ctx: SandboxContext, repo: MdfeRepository, body: MdfePedidoEmissao) {
  const emit = body.infMDFe.emit;
  const cpfCnpj = (emit.CNPJ ?? emit.CPF)!;
  const company = await ctx.companies.get(cpfCnpj);
  if (!company)
    throw badRequest(`Empresa ${cpfCnpj} não cadastrada. Cadastre-a em /empresas antes de emitir.`);
  const referencia = body.referencia ?? null;
  if (referencia !== null && (await repo.referenciaTaken(referencia)))
    throw invalidMember('referencia', 'Unique', UNIQUE_REFERENCIA);
  const credentials = await ctx.getSigningCredentials(cpfCnpj);
  if (!credentials) {
    const e = noCertificateError(cpfCnpj);
    throw new ApiError(400, e.code, e.message);
  }
  return { cpfCnpj, referencia, credentials, company };
}

/**
 * Issues one validated request; `input` is what the client sent (for the debug record). A large
 * one was validated in a worker thread and is signed there (offload.ts): `prepared.body` then has
 * no document lists, which only the signing reads.
 */
export async function emitPrepared(
  ctx: SandboxContext,
  repo: MdfeRepository,
  prepared: PreparedMdfe,
  input: object | string,
): Promise<MdfeRow> {
  const body = prepared.body;
  const inf = body.infMDFe;
  const now = ctx.clock.now();
  let looked: { checked: Awaited<ReturnType<typeof preflight>>; env: MdfeIssueEnv };
  try {
    const checked = await preflight(ctx, repo, body);
    const duplicate = await repo.findAuthorized(checked.cpfCnpj, body.ambiente, inf.ide.serie, inf.ide.nMDF);
    const open = (await repo.openOf(checked.cpfCnpj, body.ambiente)).map(toOpenManifest);
    const env: MdfeIssueEnv = {
      now,
      companyCpfCnpj: checked.cpfCnpj,
      credentials: checked.credentials,
      protocolSequence: await repo.nextSequence('protocolo'),
      duplicateOf: duplicate
        ? {
            chave: duplicate.chave,
            nProt: duplicate.numero_protocolo ?? '',
            dhAut: duplicate.data_recebimento,
          }
        : null,
      open,
      company: checked.company,
    };
    looked = { checked, env };
  } catch (error) {
    // Refused before the authority (company, referencia, certificate): the worker forgets it.
    prepared.release();
    throw error;
  }
  const { cpfCnpj, referencia } = looked.checked;
  const outcome = await prepared.issue(looked.env);
  if (outcome.kind === 'invalid')
    throw invalidMember(outcome.path, 'Invalid', `${outcome.path}: ${outcome.message}`);
  // Each transmission to the authority counts against the monthly `dfe-eventos` quota.
  await ctx.consume('dfe-eventos');
  const injected = ctx.faults.takeAuthorityRejection();
  const answer = injected
    ? { cStat: injected.codigo_status, xMotivo: injected.motivo_status }
    : outcome.answer;
  const status = injected ? 'rejeitado' : outcome.status;
  const rodo = inf.infModal.rodo!;
  const row: MdfeRow = {
    id: newId('mdfe'),
    cpf_cnpj: cpfCnpj,
    ambiente: body.ambiente,
    status,
    referencia,
    created_at: now.toISOString(),
    data_emissao: outcome.dhEmi,
    modelo: 58,
    serie: inf.ide.serie,
    numero: inf.ide.nMDF,
    tipo_emissao: inf.ide.tpEmis,
    valor_total: inf.tot.vCarga,
    chave: outcome.chave,
    codigo_status: answer.cStat,
    motivo_status: answer.xMotivo,
    numero_protocolo: status === 'autorizado' ? outcome.nProt : null,
    data_recebimento: outcome.dhRecbto,
    digest_value: outcome.digestValue,
    pending_polls: ctx.faults.takePendingPolls(),
    xml_documento: outcome.documentXml,
    xml_proc: status === 'autorizado' ? outcome.procXml : null,
    tp_emit: inf.ide.tpEmit,
    placa: rodo.veicTracao.placa,
    uf_ini: inf.ide.UFIni,
    uf_fim: inf.ide.UFFim,
    percurso: (inf.ide.infPercurso ?? []).map((p) => p.UFPer).join(','),
    external: 0,
    resumo: JSON.stringify({ modal: 'rodo' }),
  };
  try {
    await repo.insert(row);
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw invalidMember('referencia', 'Unique', UNIQUE_REFERENCIA);
    throw err;
  }
  const response =
    row.xml_proc ?? `<retMDFe><cStat>${answer.cStat}</cStat><xMotivo>${answer.xMotivo}</xMotivo></retMDFe>`;
  await ctx.debug.record(row.id, {
    tipo: 'mdfe',
    originalPayload: input,
    steps: [
      // Members the description does not name were ignored by the validation: listed here.
      ...ignoredMembersSteps('/mdfe', input, ignoredMembers(mdfePedidoEmissao, input)),
      soapStep('envio', WS_AUTORIZACAO, outcome.documentXml, response, answer),
    ],
  });
  return row;
}

/** Issues one request validated here (POST /mdfe/lotes, tests), signing it through `issuer` if given. */
export function emitParsed(
  ctx: SandboxContext,
  repo: MdfeRepository,
  body: MdfePedidoEmissao,
  input: object,
  issuer?: MdfeIssuer,
): Promise<MdfeRow> {
  const prepared: PreparedMdfe = issuer
    ? issuer.prepared(body)
    : { body, issue: async (env: MdfeIssueEnv) => issueMdfe(body, env), release: () => undefined };
  return emitPrepared(ctx, repo, prepared, input);
}

/**
 * POST /mdfe: through `issuer`, a large body is validated and signed in its worker thread; one the
 * route kept as text (`LargeJsonBody`) is parsed there too.
 */
export async function emitMdfe(
  ctx: SandboxContext,
  repo: MdfeRepository,
  input: unknown,
  issuer?: MdfeIssuer,
) {
  if (!issuer) {
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      throw badRequest(NOT_A_JSON_OBJECT);
    return presentMdfe(await emitParsed(ctx, repo, parseOrFail(mdfePedidoEmissao, input), input));
  }
  const prepared = await issuer.prepare(input);
  if (!prepared.ok)
    throw 'malformed' in prepared ? badRequest(prepared.malformed) : invalidRequest(prepared.errors);
  // The debug record keeps the body as received: the text itself when it was kept as text.
  const original = input instanceof LargeJsonBody ? input.text : (input as object);
  return presentMdfe(await emitPrepared(ctx, repo, prepared.prepared, original));
}

export function stateOf(doc: MdfeRow): MdfeState {
  return {
    status: doc.status,
    authorizedAt: new Date(doc.data_recebimento),
    emittedAt: new Date(doc.data_emissao),
    nProt: doc.numero_protocolo ?? '',
  };
}

/** An event can only be asked for an authorized (or already closed/cancelled) MDF-e. */
export async function eventCredentials(ctx: SandboxContext, doc: MdfeRow) {
  if (doc.pending_polls > 0 || doc.status === 'pendente')
    throw badRequest('O MDF-e ainda está pendente de autorização; consulte-o antes de registrar eventos.');
  if (!['autorizado', 'encerrado', 'cancelado'].includes(doc.status))
    throw badRequest(`Somente um MDF-e autorizado aceita eventos (situação atual: ${doc.status}).`);
  const credentials = await ctx.getSigningCredentials(doc.cpf_cnpj);
  if (!credentials) {
    const e = noCertificateError(doc.cpf_cnpj);
    throw new ApiError(400, e.code, e.message);
  }
  return credentials;
}

/**
 * Signs the event, answers it (registered with a protocol, or `rejection`), stores it and, when
 * registered, applies `onRegistered` to the manifest. `detalhe` holds the API members of the type.
 */
export async function registerEvent(
  ctx: SandboxContext,
  repo: MdfeRepository,
  doc: MdfeRow,
  detail: MdfeEventDetail,
  nSeqEvento: number,
  rejection: AuthorityAnswer | null,
  detalhe: Record<string, unknown>,
  onRegistered?: Partial<MdfeRow>,
) {
  const credentials = await eventCredentials(ctx, doc);
  await ctx.consume('dfe-eventos');
  const now = ctx.clock.now();
  const dhEvento = formatDateTimeUtc(now);
  const tpAmb: 1 | 2 = doc.ambiente === 'producao' ? 1 : 2;
  const built = eventoMdfeXml({ tpAmb, chave: doc.chave, autor: doc.cpf_cnpj, dhEvento, nSeqEvento }, detail);
  const signed = signXml(built.xml, built.id, 'eventoMDFe', credentials);
  const answer = rejection ?? EVENT_REGISTERED_MDFE;
  const nProt = rejection
    ? null
    : mdfeProtocolNumber(doc.chave.slice(0, 2), now, await repo.nextSequence('protocolo'));
  const { tpEvento, xEvento } = MDFE_EVENTS[detail.kind];
  const procXml = procEventoMdfeXml(signed.xml, {
    tpAmb,
    cOrgao: doc.chave.slice(0, 2),
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
    chave: doc.chave,
    tpEvento,
    xEvento,
    nSeqEvento,
    dhRegEvento: dhEvento,
    nProt: nProt ?? undefined,
  });
  const row: MdfeEventRow = {
    id: newId('evt'),
    document_id: doc.id,
    kind: detail.kind,
    tipo_evento: tpEvento,
    ambiente: doc.ambiente,
    status: nProt ? 'registrado' : 'rejeitado',
    autor: doc.cpf_cnpj,
    chave: doc.chave,
    data_evento: dhEvento,
    numero_sequencial: nSeqEvento,
    data_recebimento: dhEvento,
    codigo_status: answer.cStat,
    motivo_status: answer.xMotivo,
    numero_protocolo: nProt,
    detalhe: JSON.stringify(detalhe),
    xml_evento: signed.xml,
    xml_proc: procXml,
  };
  await repo.insertEvent(row);
  if (nProt && onRegistered) await repo.update(doc.id, onRegistered);
  await ctx.debug.record(doc.id, { steps: [soapStep('evento', WS_EVENTO, signed.xml, procXml, answer)] });
  return presentMdfeEvent(row);
}

export { justificativa };
