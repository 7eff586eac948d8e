import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PfxError, readPfx } from '../../documents/certificate/read-pfx';
import type { PfxContents } from '../../documents/certificate/read-pfx';
import type { EmpresaCertificado } from '../companies';
import type { SandboxContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { isMultipart, acceptMultipart } from '../http/multipart';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery, parseBooleanQuery, parseIntegerQuery } from '../http/query';
import { invalidMember, parseBody } from '../http/validate';
import { requireCompany } from './empresas';
import { NO_BODY } from '../http/bodyless';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const pedidoSchema = z.object({ certificado: z.string().min(1), password: z.string() });

const PROBLEMS: Record<PfxError['problem'], string> = {
  'not-pkcs12': 'O arquivo enviado não é um certificado digital PKCS#12 (.pfx ou .p12) válido.',
  'wrong-password': 'Senha do certificado incorreta.',
  corrupt: 'O arquivo do certificado está danificado (PKCS#12 incompleto ou alterado).',
  'no-key': 'O arquivo .pfx não contém a chave privada do certificado.',
  'no-certificate': 'O arquivo .pfx não contém o certificado correspondente à chave privada.',
};

/**
 * A certificate as the 2.58 description's `EmpresaCertificado` has it: without `id` and
 * `created_at`, which only the later certificate list (`GET /empresas/certificados`) carries.
 */
function described(info: EmpresaCertificado): Omit<EmpresaCertificado, 'id' | 'created_at'> {
  const { id: _id, created_at: _createdAt, ...rest } = info;
  return rest;
}

const brDate = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

/** Same company, or a branch of it: SEFAZ accepts a certificate of the same CNPJ root (8 first characters). */
function sameHolder(certificate: string, company: string): boolean {
  if (certificate.length !== company.length) return false;
  return company.length === 14 ? certificate.slice(0, 8) === company.slice(0, 8) : certificate === company;
}

function checkCertificate(ctx: SandboxContext, contents: PfxContents, cpfCnpj: string) {
  const now = ctx.clock.nowMs();
  if (contents.notAfter.getTime() <= now) {
    throw badRequest(
      `Certificado vencido em ${brDate(contents.notAfter)}. Envie um certificado dentro da validade.`,
    );
  }
  if (contents.notBefore.getTime() > now) {
    throw badRequest(`Certificado ainda não é válido: a validade começa em ${brDate(contents.notBefore)}.`);
  }
  if (!contents.cpfCnpj) {
    throw badRequest(
      'Não foi possível identificar o CPF/CNPJ do titular no certificado (não segue o padrão ICP-Brasil).',
    );
  }
  if (!sameHolder(contents.cpfCnpj, cpfCnpj)) {
    // The hosted service's wording, which clients match on (reference README).
    throw badRequest(
      `O certificado possui um CPF/CNPJ diferente do da empresa: o certificado é do ${contents.cpfCnpj.length === 11 ? 'CPF' : 'CNPJ'} ${contents.cpfCnpj} e a empresa é ${cpfCnpj}.`,
    );
  }
}

async function install(ctx: SandboxContext, cpfCnpj: string, pfx: Buffer, password: string) {
  let contents: PfxContents;
  try {
    contents = readPfx(pfx, password);
  } catch (err) {
    if (err instanceof PfxError) throw badRequest(PROBLEMS[err.problem]);
    throw badRequest(PROBLEMS['not-pkcs12']);
  }
  checkCertificate(ctx, contents, cpfCnpj);
  const info: EmpresaCertificado = {
    id: newId('cert'),
    created_at: ctx.clock.now().toISOString(),
    serial_number: contents.serialNumber,
    issuer_name: contents.issuerName,
    not_valid_before: contents.notBefore.toISOString(),
    not_valid_after: contents.notAfter.toISOString(),
    thumbprint: contents.thumbprint,
    subject_name: contents.subjectName,
    cpf_cnpj: contents.cpfCnpj ?? cpfCnpj,
    nome_razao_social: contents.nomeRazaoSocial,
  };
  await ctx.companies.setCertificate(cpfCnpj, info, {
    privateKeyPem: contents.privateKeyPem,
    certificatePem: contents.certificatePem,
    notBefore: contents.notBefore,
    notAfter: contents.notAfter,
  });
  return info;
}

export async function empresaCertificadoRoutes(app: FastifyInstance, ctx: SandboxContext) {
  acceptMultipart(app);

  app.get('/empresas/certificados', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const expiresInDays = parseIntegerQuery(query, 'expires_in', 0, 36_500);
    const includeExpired = parseBooleanQuery(query, 'include_expired') ?? false;
    const all = await ctx.companies.listCertificates({ expiresInDays, includeExpired });
    return listEnvelope(all.slice(list.skip, list.skip + list.top), all.length, list);
  });

  app.put('/empresas/:cpf_cnpj/certificado', async (request) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    const body = parseBody(pedidoSchema, request.body);
    const base64 = body.certificado.replace(/\s+/g, '');
    if (!BASE64.test(base64)) {
      throw invalidMember(
        'certificado',
        'InvalidFormat',
        "O campo 'certificado' deve conter o arquivo .pfx codificado em base64.",
      );
    }
    return described(await install(ctx, cpfCnpj, Buffer.from(base64, 'base64'), body.password));
  });

  app.put('/empresas/:cpf_cnpj/certificado/upload', async (request) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    if (!isMultipart(request.body)) {
      throw badRequest('Envie o certificado como multipart/form-data, com os campos "file" e "password".');
    }
    const file = request.body.parts.find((p) => p.name === 'file' || p.name === 'Input');
    const password = request.body.parts.find((p) => p.name === 'password');
    if (!file || file.data.length === 0)
      throw invalidMember('file', 'Required', "O campo 'file' (arquivo .pfx ou .p12) é obrigatório.");
    if (!password)
      throw invalidMember('password', 'Required', "O campo 'password' (senha do certificado) é obrigatório.");
    return described(await install(ctx, cpfCnpj, file.data, password.data.toString('utf8')));
  });

  app.get('/empresas/:cpf_cnpj/certificado', async (request) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    const certificate = await ctx.companies.getCertificate(cpfCnpj);
    if (!certificate)
      throw notFound(`Certificado não encontrado: a empresa ${cpfCnpj} não tem certificado cadastrado.`);
    return described(certificate);
  });

  app.delete('/empresas/:cpf_cnpj/certificado', NO_BODY, async (request, reply) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    if (!(await ctx.companies.removeCertificate(cpfCnpj))) {
      throw notFound(`Certificado não encontrado: a empresa ${cpfCnpj} não tem certificado cadastrado.`);
    }
    return reply.status(204).send();
  });
}
