import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { issueCte, issueCteSimp } from '../dfe/issue-cte';
import { openDfeRepository } from '../dfe/repository';
import { ctePedidoEmissao } from '../../fiscal/requests/cte';
import { cteSimpPedidoEmissao } from '../../fiscal/requests/cte-simp';
import { emitDocument } from '../dfe/service/emission';
import { registerDfeRoutes } from '../dfe/service/routes';
import { cteKindSpec } from '../dfe/service/spec';

/** /cte: CT-e (modelo 57), road modal; /cte/simp adds the CT-e Simplificado to the same collection. */
export async function dfeCteRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const layout = { kind: 'cte', prefix: '/cte', modelo: 57, label: 'CT-e' } as const;
  registerDfeRoutes(
    app,
    ctx,
    cteKindSpec({
      ...layout,
      schema: ctePedidoEmissao,
      issue: issueCte,
      valorTotal: (b) => b.infCte.vPrest.vTPrest,
      wsAutorizacao: 'https://sandbox.local/ws/CTeRecepcaoSincV4',
    }),
  );

  const simp = cteKindSpec({
    ...layout,
    schema: cteSimpPedidoEmissao,
    issue: issueCteSimp,
    valorTotal: (b) => b.infCte.total.vTPrest,
    wsAutorizacao: 'https://sandbox.local/ws/CTeRecepcaoSimpV4',
  });
  let repo: ReturnType<typeof openDfeRepository> | null = null;
  app.post('/cte/simp', async (request) =>
    emitDocument(ctx, await (repo ??= openDfeRepository(ctx.store)), simp, request.body),
  );
}
