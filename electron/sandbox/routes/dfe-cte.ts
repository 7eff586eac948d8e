import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { issueCte } from '../dfe/issue-cte';
import { ctePedidoEmissao, type CtePedidoEmissao } from '../dfe/schemas/cte';
import { registerDfeRoutes } from '../dfe/service/routes';

/** /cte: CT-e (modelo 57), road modal. */
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
  });
}
