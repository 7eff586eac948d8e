// Control API of the MDF-e (same guard as `/_sandbox`): manifests the authority knows from
// "another system" — open ones that block new MDF-e (611/686/462) and show in
// GET /mdfe/nao-encerrados, but that were not issued through this API — and their closing there.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildMdfeKey, findUf, randomNumericCode } from '../../fiscal';
import type { SandboxContext } from '../context';
import { formatDateTimeUtc } from '../dfe/time';
import { badRequest, conflict, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { parseBody } from '../http/validate';
import { mdfeProtocolNumber } from '../mdfe/issue';
import type { MdfeRepository } from '../mdfe/repository';
import { controlGuard } from './control';

const uf = z.string().refine((v) => findUf(v) !== null && v.length === 2, 'UF inválida');
const externalSchema = z.object({
  cpf_cnpj: z.string().regex(/^([A-Z0-9]{12}\d{2}|\d{11})$/, 'CPF ou CNPJ sem máscara'),
  ambiente: z.enum(['homologacao', 'producao']).default('homologacao'),
  placa: z.string().regex(/^[A-Z]{3}\d[A-Z0-9]\d{2}$/, 'placa no formato nacional'),
  uf_inicio: uf,
  uf_fim: uf,
  percurso: z.array(uf).max(25).default([]),
  tp_emit: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  /** How long ago the other system's MDF-e was authorized (default: now). */
  dias_aberto: z.number().min(0).max(3650).default(0),
  serie: z.number().int().min(0).max(999).default(900),
});

export async function mdfeControlRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  repo: () => Promise<MdfeRepository>,
) {
  await app.register(async (control) => {
    control.addHook('onRequest', controlGuard(ctx));

    control.post('/_sandbox/mdfe/nao-encerrados', async (request) => {
      const body = parseBody(externalSchema, request.body);
      const r = await repo();
      const authorizedAt = new Date(ctx.clock.now().getTime() - body.dias_aberto * 86_400_000);
      const dh = formatDateTimeUtc(authorizedAt);
      const numero = await r.nextSequence(`externo-${body.cpf_cnpj}`);
      const chave = buildMdfeKey({
        cUF: body.uf_inicio,
        year: Number(dh.slice(0, 4)),
        month: Number(dh.slice(5, 7)),
        cnpj: body.cpf_cnpj,
        serie: body.serie,
        numero,
        tpEmis: 1,
        codigo: randomNumericCode(8, undefined, numero) ?? '00000001',
      });
      if (!chave) throw badRequest('Não foi possível formar a chave de acesso com esses dados.');
      const nProt = mdfeProtocolNumber(chave.slice(0, 2), authorizedAt, await r.nextSequence('protocolo'));
      await r.insert({
        id: newId('mdfeext'),
        cpf_cnpj: body.cpf_cnpj,
        ambiente: body.ambiente,
        status: 'autorizado',
        referencia: null,
        created_at: authorizedAt.toISOString(),
        data_emissao: dh,
        modelo: 58,
        serie: body.serie,
        numero,
        tipo_emissao: 1,
        valor_total: 0,
        chave,
        codigo_status: 100,
        motivo_status: 'Autorizado o uso do MDF-e',
        numero_protocolo: nProt,
        data_recebimento: dh,
        digest_value: '',
        pending_polls: 0,
        xml_documento: '',
        xml_proc: null,
        tp_emit: body.tp_emit,
        placa: body.placa,
        uf_ini: body.uf_inicio,
        uf_fim: body.uf_fim,
        percurso: body.percurso.join(','),
        external: 1,
        resumo: JSON.stringify({ origem: 'outro sistema' }),
      });
      return { chave, numero_protocolo: nProt, data_autorizacao: authorizedAt.toISOString() };
    });

    control.post('/_sandbox/mdfe/nao-encerrados/:chave/encerramento', async (request) => {
      const chave = (request.params as { chave: string }).chave;
      const r = await repo();
      const doc = await r.byChave(chave);
      if (!doc) throw notFound('MDF-e não encontrado na base da autoridade.');
      // A manifest issued through /mdfe is closed by its own event (rules 615, 609…, a signed
      // procEventoMDFe): closing it here would leave the API's document and events out of step.
      if (doc.external !== 1)
        throw conflict(
          'Este MDF-e foi emitido pela API (/mdfe): encerre-o com POST /mdfe/{id}/encerramento. ' +
            'Esta rota encerra apenas MDF-e de outro sistema (POST /_sandbox/mdfe/nao-encerrados).',
        );
      await r.update(doc.id, {
        status: 'encerrado',
        codigo_status: 132,
        motivo_status: 'Encerramento de MDF-e homologado',
      });
      return { chave, status: 'encerrado' };
    });
  });
}
