// The issuing services, built once per app (or per test): numbering, the outbox sender, and the
// address book hook. Every kind ('cte' | 'cteos' | 'cte-simp' | 'dce') goes through the same ones.
import type { Repositories } from '../../cache/repositories';
import type { StoredPayload } from './stored-payload';
import type { Logger } from '../logger';
import { rememberParties } from './address-book';
import type { IssueKind } from './kinds';
import { SPENT_STATUSES } from './kinds';
import type { RemoteMax } from './numbering';
import { Numbering } from './numbering';
import type { ApiAccess } from './sender';
import { Sender } from './sender';

export * from './kinds';
export { Numbering } from './numbering';
export { Sender, newReferencia, brasiliaDateTime } from './sender';
export type { IssueOutcome, IssueRequest, Rejection } from './sender';

export interface IssuingDeps {
  repos: () => Repositories;
  api: ApiAccess;
  authorizerStatus?: (
    kind: IssueKind,
    cpfCnpj: string,
  ) => Promise<{ degraded: boolean; motivo?: string | null }>;
  sleep?: (ms: number) => Promise<void>;
  pollDelaysMs?: readonly number[];
  logger?: Logger;
  /** More to do once a document is authorized (the inbox marks the notes a CT-e carries). */
  onAuthorized?: (company: string, payload: StoredPayload) => Promise<void>;
}

export function createIssuing(deps: IssuingDeps) {
  const spent = new Set<string>(SPENT_STATUSES);
  const remoteMax: RemoteMax = async (scope) => {
    const { client, target } = await deps.api();
    if (target.environment !== scope.environment) return null;
    const page = await client[scope.kind].listar(
      { cpf_cnpj: scope.company, ambiente: target.ambiente, serie: scope.serie },
      { top: 10 },
    );
    const numbers = page.data.filter((d) => spent.has(d.status) && d.numero).map((d) => d.numero ?? 0);
    return numbers.length ? Math.max(...numbers) : null;
  };
  const numbering = new Numbering(deps.repos, remoteMax);
  const sender = new Sender({
    repos: deps.repos,
    api: deps.api,
    numbering,
    authorizerStatus: deps.authorizerStatus,
    onAuthorized: async (company, payload, names) => {
      await rememberParties(deps.repos(), company, payload, names);
      await deps.onAuthorized?.(company, payload);
    },
    sleep: deps.sleep,
    pollDelaysMs: deps.pollDelaysMs,
    logger: deps.logger,
  });
  return { numbering, sender };
}
export type Issuing = ReturnType<typeof createIssuing>;
