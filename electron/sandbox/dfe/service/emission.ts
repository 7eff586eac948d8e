// POST /{cte|cteos|dce}: validation, company and certificate, quota, authority, persistence,
// debug records. A 4xx creates nothing; an authority rejection is a stored `rejeitado` document.
import type { SandboxContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { newId } from '../../http/ids';
import { noCertificateError } from '../authority';
import { emitFromCompany } from '../emit-defaults';
import { ignoredMembersSteps, presentDocument, soapStep } from '../present';
import type { DfeRepository, DocumentRow } from '../repository';
import { fieldLabel, invalidMember, validate, validationFailed } from '../../http/validate';
import type { KindSpec } from './spec';

const UNIQUE_REFERENCIA = "O campo 'referencia' deve ser único.";

export async function emitDocument<T>(
  ctx: SandboxContext,
  repo: DfeRepository,
  spec: KindSpec<T>,
  input: unknown,
) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  }
  const parsed = validate(spec.schema, input);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  const body = parsed.value;
  const cpfCnpj = spec.companyDocument(body);
  if (!cpfCnpj) {
    throw validationFailed([
      { code: 'Required', message: `${fieldLabel(spec.companyPath)} é obrigatório.`, path: spec.companyPath },
    ]);
  }
  const company = await ctx.companies.get(cpfCnpj);
  if (!company)
    throw badRequest(`Empresa ${cpfCnpj} não cadastrada. Cadastre-a em /empresas antes de emitir.`);
  const referencia = spec.referencia(body) ?? null;
  if (referencia !== null && (await repo.referenciaTaken(referencia))) {
    throw invalidMember('referencia', 'Unique', UNIQUE_REFERENCIA);
  }
  const credentials = await ctx.getSigningCredentials(cpfCnpj);
  if (!credentials) {
    const e = noCertificateError(cpfCnpj);
    throw new ApiError(400, e.code, e.message);
  }
  const ambiente = spec.ambiente(body);
  const facts = spec.facts(body);
  const now = ctx.clock.now();
  // Rule G157: an authorized document with the same company/model/série/número in this environment.
  const duplicate = await repo.findAuthorized(spec.kind, cpfCnpj, ambiente, facts.serie, facts.numero);
  const final = spec.issue(body, {
    now,
    companyCpfCnpj: cpfCnpj,
    emitDefaults: emitFromCompany(company),
    credentials,
    protocolSequence: await repo.nextSequence('protocolo'),
    findDuplicate: () =>
      duplicate
        ? {
            chave: duplicate.chave,
            nProt: duplicate.numero_protocolo ?? '',
            dhAut: duplicate.data_recebimento,
          }
        : null,
  });
  if (final.kind === 'invalid') {
    throw validationFailed([
      {
        code: 'Invalid',
        message: `${fieldLabel(final.path)} é inválido: ${final.message}.`,
        path: final.path,
      },
    ]);
  }
  // Each transmission to the authority counts against the monthly `dfe-eventos` quota.
  await ctx.consume('dfe-eventos');
  const injected = ctx.faults.takeAuthorityRejection();
  const rejected = injected ? { cStat: injected.codigo_status, xMotivo: injected.motivo_status } : null;
  const answer = rejected ?? final.answer;
  const status = rejected ? 'rejeitado' : final.status;

  const row: DocumentRow = {
    id: newId(spec.kind),
    kind: spec.kind,
    cpf_cnpj: cpfCnpj,
    ambiente,
    status,
    referencia,
    created_at: now.toISOString(),
    data_emissao: final.dhEmi,
    modelo: spec.modelo,
    serie: facts.serie,
    numero: facts.numero,
    tipo_emissao: facts.tipoEmissao,
    valor_total: facts.valorTotal,
    chave: final.chave,
    codigo_status: answer.cStat,
    motivo_status: answer.xMotivo,
    numero_protocolo: status === 'autorizado' ? final.nProt : null,
    data_recebimento: final.dhRecbto,
    digest_value: final.digestValue,
    pending_polls: ctx.faults.takePendingPolls(),
    xml_documento: final.documentXml,
    xml_proc: status === 'autorizado' ? final.procXml : null,
    tp_emit: facts.tpEmit,
  };
  try {
    await repo.insertDocument(row);
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw invalidMember('referencia', 'Unique', UNIQUE_REFERENCIA);
    throw err;
  }
  const response = row.xml_proc ?? `<ret cStat="${answer.cStat}">${answer.xMotivo}</ret>`;
  await ctx.debug.record(row.id, {
    tipo: spec.kind,
    originalPayload: input,
    steps: [
      ...ignoredMembersSteps(spec.prefix, input, parsed.ignored),
      soapStep('envio', spec.wsAutorizacao, final.documentXml, response, answer),
    ],
  });
  return presentDocument(row);
}
