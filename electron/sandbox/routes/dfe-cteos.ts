import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { issueCteOS } from '../dfe/issue-cte';
import { cteOsPedidoEmissao, type CteOsPedidoEmissao } from '../dfe/schemas/cteos';
import { registerDfeRoutes } from '../dfe/service/routes';

/** /cteos: CT-e OS (modelo 67), road modal. */
export async function dfeCteOsRoutes(app: FastifyInstance, ctx: SandboxContext) {
  registerDfeRoutes<CteOsPedidoEmissao>(app, ctx, {
    kind: 'cteos',
    prefix: '/cteos',
    modelo: 67,
    label: 'CT-e OS',
    documentXmlName: 'conhecimento',
    correctionLetters: true,
    schema: cteOsPedidoEmissao,
    companyDocument: (b) => b.infCte.emit.CNPJ ?? null,
    companyPath: 'infCte.emit.CNPJ',
    issue: issueCteOS,
    facts: (b) => ({
      serie: b.infCte.ide.serie,
      numero: b.infCte.ide.nCT,
      tipoEmissao: b.infCte.ide.tpEmis,
      valorTotal: b.infCte.vPrest.vTPrest,
      tpEmit: null,
    }),
    ambiente: (b) => b.ambiente,
    referencia: (b) => b.referencia,
    wsAutorizacao: 'https://sandbox.local/ws/CTeRecepcaoOSV4',
    wsEvento: 'https://sandbox.local/ws/CTeRecepcaoEventoV4',
    wsConsulta: 'https://sandbox.local/ws/CTeConsultaV4',
  });
}
