import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { issueCteOS } from '../dfe/issue-cte';
import { cteOsPedidoEmissao } from '../../fiscal/requests/cteos';
import { registerDfeRoutes } from '../dfe/service/routes';
import { cteKindSpec } from '../dfe/service/spec';

/** /cteos: CT-e OS (modelo 67), road modal. */
export async function dfeCteOsRoutes(app: FastifyInstance, ctx: SandboxContext) {
  registerDfeRoutes(
    app,
    ctx,
    cteKindSpec({
      kind: 'cteos',
      prefix: '/cteos',
      modelo: 67,
      label: 'CT-e OS',
      schema: cteOsPedidoEmissao,
      // The company is the emitter's CNPJ only.
      companyDocument: (b) => b.infCte.emit.CNPJ ?? null,
      issue: issueCteOS,
      valorTotal: (b) => b.infCte.vPrest.vTPrest,
      wsAutorizacao: 'https://sandbox.local/ws/CTeRecepcaoOSV4',
    }),
  );
}
