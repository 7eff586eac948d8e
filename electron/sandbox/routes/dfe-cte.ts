import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { issueCte, issueCteSimp } from '../dfe/issue-cte';
import { openDfeRepository } from '../dfe/repository';
import { ctePedidoEmissao, type CtePedidoEmissao } from '../dfe/schemas/cte';
import { cteSimpPedidoEmissao, type CteSimpPedidoEmissao } from '../dfe/schemas/cte-simp';
import { emitDocument } from '../dfe/service/emission';
import { registerDfeRoutes } from '../dfe/service/routes';
import type { KindSpec } from '../dfe/service/spec';

/** /cte: CT-e (modelo 57), road modal; /cte/simp adds the CT-e Simplificado to the same collection. */
export async function dfeCteRoutes(app: FastifyInstance, ctx: SandboxContext) {
  registerDfeRoutes<CtePedidoEmissao>(app, ctx, {
    kind: 'cte',
    prefix: '/cte',
    modelo: 57,
    label: 'CT-e',
    documentXmlName: 'conhecimento',
    correctionLetters: true,
    schema: ctePedidoEmissao,
    companyDocument: (b) => b.infCte.emit.CNPJ ?? b.infCte.emit.CPF ?? null,
    companyPath: 'infCte.emit.CNPJ',
    issue: issueCte,
    facts: (b) => ({
      serie: b.infCte.ide.serie,
      numero: b.infCte.ide.nCT,
      tipoEmissao: b.infCte.ide.tpEmis,
      valorTotal: b.infCte.vPrest.vTPrest,
      tpEmit: null,
    }),
    ambiente: (b) => b.ambiente,
    referencia: (b) => b.referencia,
    wsAutorizacao: 'https://sandbox.local/ws/CTeRecepcaoSincV4',
    wsEvento: 'https://sandbox.local/ws/CTeRecepcaoEventoV4',
    wsConsulta: 'https://sandbox.local/ws/CTeConsultaV4',
  });

  const simp: KindSpec<CteSimpPedidoEmissao> = {
    kind: 'cte',
    prefix: '/cte',
    modelo: 57,
    label: 'CT-e',
    documentXmlName: 'conhecimento',
    correctionLetters: true,
    schema: cteSimpPedidoEmissao,
    companyDocument: (b) => b.infCte.emit.CNPJ ?? b.infCte.emit.CPF ?? null,
    companyPath: 'infCte.emit.CNPJ',
    issue: issueCteSimp,
    facts: (b) => ({
      serie: b.infCte.ide.serie,
      numero: b.infCte.ide.nCT,
      tipoEmissao: b.infCte.ide.tpEmis,
      valorTotal: b.infCte.total.vTPrest,
      tpEmit: null,
    }),
    ambiente: (b) => b.ambiente,
    referencia: (b) => b.referencia,
    wsAutorizacao: 'https://sandbox.local/ws/CTeRecepcaoSimpV4',
    wsEvento: 'https://sandbox.local/ws/CTeRecepcaoEventoV4',
    wsConsulta: 'https://sandbox.local/ws/CTeConsultaV4',
  };
  let repo: ReturnType<typeof openDfeRepository> | null = null;
  app.post('/cte/simp', async (request) =>
    emitDocument(ctx, await (repo ??= openDfeRepository(ctx.store)), simp, request.body),
  );
}
