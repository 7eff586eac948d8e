import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { badRequest, notFound, payloadTooLarge } from '../http/errors';
import { acceptMultipart, isMultipart } from '../http/multipart';
import { requireCompany } from './empresas';
import { NO_BODY } from '../http/bodyless';

export const LOGO_MAX_BYTES = 200 * 1024;

/** The image type by its first bytes; the declared content type is not trusted. */
export function imageType(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

export async function empresaLogoRoutes(app: FastifyInstance, ctx: SandboxContext) {
  acceptMultipart(app);
  // Clients also send the image itself as the body (image/png, image/jpeg or octet-stream).
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );

  app.put('/empresas/:cpf_cnpj/logotipo', async (request, reply) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    let data: Buffer | undefined;
    if (isMultipart(request.body)) {
      data = request.body.parts.find((p) => p.name === 'file' || p.name === 'Input' || p.filename)?.data;
    } else if (Buffer.isBuffer(request.body)) {
      data = request.body;
    }
    if (!data || data.length === 0) {
      throw badRequest(
        'Envie o logotipo como multipart/form-data no campo "file" (PNG ou JPEG, até 200 KB).',
      );
    }
    if (data.length > LOGO_MAX_BYTES) {
      throw payloadTooLarge(`O logotipo tem ${Math.ceil(data.length / 1024)} KB; o tamanho máximo é 200 KB.`);
    }
    const type = imageType(data);
    if (!type) throw badRequest('O logotipo deve ser uma imagem PNG ou JPEG.');
    await ctx.companies.setLogo(cpfCnpj, type, Buffer.from(data));
    return reply.status(204).send();
  });

  app.get('/empresas/:cpf_cnpj/logotipo', async (request, reply) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    const logo = await ctx.companies.getLogo(cpfCnpj);
    if (!logo) throw notFound(`A empresa ${cpfCnpj} não tem logotipo cadastrado.`);
    return reply.type(logo.contentType).send(logo.data);
  });

  app.delete('/empresas/:cpf_cnpj/logotipo', NO_BODY, async (request, reply) => {
    const cpfCnpj = await requireCompany(ctx, request.params);
    if (!(await ctx.companies.removeLogo(cpfCnpj)))
      throw notFound(`A empresa ${cpfCnpj} não tem logotipo cadastrado.`);
    return reply.status(204).send();
  });
}
