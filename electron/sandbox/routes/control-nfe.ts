import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isValidCnpj } from '../../fiscal';
import type { SandboxContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { isValidCpfCnpj } from '../http/documents';
import { parseBody } from '../http/validate';
import { controlGuard } from './control';
import { inboxOf } from '../nfe/inbox';
import { writeSettings, readSettings } from '../nfe/settings';
import { JUSTIFICATIVA_MAX, JUSTIFICATIVA_MIN } from '../../fiscal/events';

const injectSchema = z.object({
  cpf_cnpj: z.string().refine(isValidCpfCnpj, 'CPF/CNPJ inválido'),
  ambiente: z.enum(['homologacao', 'producao']),
  role: z.enum(['destinatario', 'transportador']),
  count: z.number().int().min(1).max(200).default(1),
  valor: z.number().min(0.01).max(999_999_999).optional(),
  emitente: z
    .object({
      // resNFe 1.01 (the summary the buyer receives) takes numeric CNPJs only.
      cpf_cnpj: z
        .string()
        .regex(/^\d{14}$/, 'CNPJ numérico de 14 dígitos')
        .refine(isValidCnpj, 'CNPJ inválido'),
      nome_razao_social: z.string().min(2).max(60).optional(),
    })
    .optional(),
  data_emissao: z.iso.datetime({ offset: true }).optional(),
});

const eventSchema = z.object({
  cpf_cnpj: z.string().refine(isValidCpfCnpj, 'CPF/CNPJ inválido'),
  ambiente: z.enum(['homologacao', 'producao']),
  chave_acesso: z.string().length(44),
  tipo_evento: z.enum(['110110', '110111']),
  texto: z.string().trim().min(JUSTIFICATIVA_MIN).max(JUSTIFICATIVA_MAX).optional(),
});

const configSchema = z.object({
  atraso_xml_completo_segundos: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .optional(),
  notas_demonstracao: z.boolean().optional(),
});

const processingSchema = z.object({
  consultas: z.number().int().min(1).max(1000),
  pedidos: z.number().int().min(1).max(1000).default(1),
  resultado: z.enum(['concluido', 'erro']).default('concluido'),
});

/**
 * Control API of the NF-e inbox (same guard as `/_sandbox`): inject notes into a company's
 * stream, make distribution requests asynchronous, and tune the delay of the full XML.
 */
export async function controlNfeRoutes(app: FastifyInstance, ctx: SandboxContext) {
  // The same guard as `/_sandbox` (loopback, secret, failures throttled).
  app.addHook('onRequest', controlGuard(ctx));

  app.post('/_sandbox/nfe/inject', async (request, reply) => {
    const body = parseBody(injectSchema, request.body);
    const company = await ctx.companies.get(body.cpf_cnpj);
    if (!company) throw notFound(`Empresa ${body.cpf_cnpj} não encontrada.`);
    const dataEmissao = body.data_emissao ? new Date(body.data_emissao) : undefined;
    if (dataEmissao && dataEmissao.getTime() > ctx.clock.nowMs()) {
      throw badRequest("O campo 'data_emissao' não pode estar no futuro (relógio do sandbox).");
    }
    const inbox = await inboxOf(ctx);
    const chaves = await inbox.inject({ cpfCnpj: body.cpf_cnpj, ambiente: body.ambiente }, company, {
      role: body.role,
      count: body.count,
      valor: body.valor,
      emitente: body.emitente && { cnpj: body.emitente.cpf_cnpj, nome: body.emitente.nome_razao_social },
      dataEmissao,
    });
    return reply.status(201).send({ chaves });
  });

  app.post('/_sandbox/nfe/eventos', async (request, reply) => {
    const body = parseBody(eventSchema, request.body);
    const inbox = await inboxOf(ctx);
    const key = { cpfCnpj: body.cpf_cnpj, ambiente: body.ambiente };
    if (!(await inbox.emitterEvent(key, body.chave_acesso, body.tipo_evento, body.texto))) {
      throw notFound(`NF-e ${body.chave_acesso} não encontrada na caixa de entrada de ${body.cpf_cnpj}.`);
    }
    return reply.status(201).send({ chave_acesso: body.chave_acesso, tipo_evento: body.tipo_evento });
  });

  app.get('/_sandbox/nfe/config', async () => {
    await inboxOf(ctx);
    return readSettings(ctx.store);
  });
  app.put('/_sandbox/nfe/config', async (request) => {
    await inboxOf(ctx);
    return writeSettings(ctx.store, parseBody(configSchema, request.body));
  });

  app.post('/_sandbox/nfe/processando', async (request) => {
    const body = parseBody(processingSchema, request.body);
    await inboxOf(ctx);
    return writeSettings(ctx.store, {
      processando_consultas: body.consultas,
      processando_pedidos: body.pedidos,
      processando_resultado: body.resultado,
    });
  });
}
