import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { issueDce } from '../dfe/issue-dce';
import { dceIssuerDocument, dcePedidoEmissao, type DcePedidoEmissao } from '../../fiscal/requests/dce';
import { registerDfeRoutes } from '../dfe/service/routes';

/** /dce: DC-e (modelo 99). The only event is the cancellation. */
export async function dfeDceRoutes(app: FastifyInstance, ctx: SandboxContext) {
  registerDfeRoutes<DcePedidoEmissao>(app, ctx, {
    kind: 'dce',
    prefix: '/dce',
    modelo: 99,
    label: 'DC-e',
    documentXmlName: 'declaracao',
    correctionLetters: false,
    schema: dcePedidoEmissao,
    companyDocument: (b) => dceIssuerDocument(b.infDCe),
    companyPath: 'infDCe.emit.CNPJ',
    issue: (b, env) => issueDce(b, env),
    facts: (b) => ({
      serie: b.infDCe.ide.serie,
      numero: b.infDCe.ide.nDC,
      tipoEmissao: b.infDCe.ide.tpEmis,
      valorTotal: b.infDCe.total.vDC,
      tpEmit: b.infDCe.ide.tpEmit,
    }),
    ambiente: (b) => b.ambiente,
    referencia: (b) => b.referencia,
    wsAutorizacao: 'https://sandbox.local/ws/DCeAutorizacao',
    wsEvento: 'https://sandbox.local/ws/DCeRecepcaoEvento',
    wsConsulta: 'https://sandbox.local/ws/DCeConsulta',
  });
}
