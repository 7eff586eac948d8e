// The clerk's review of a send a restored backup held ("pendente de revisão"). Whatever the clerk
// chooses, the API is asked first by `referencia`: a document it already has (authorized, in
// processing, rejected) is recognised and settled like any found one, never sent again. Only a
// request the API never received can be sent — when the clerk says so — or discarded.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import { rec } from './stored-payload';
import type { Dfe } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { IssueKind, NumberingScope } from './kinds';
import type { Numbering } from './numbering';
import type { ApiAccess, IssueOutcome, Sender } from './sender';
import { emissionApi } from './sender';

export type ReviewAction = 'conferir' | 'enviar' | 'descartar';

export interface ReviewResult {
  outcome: 'encontrado' | 'nao_encontrado' | 'enviado' | 'descartado';
  /** The document's status at the API when it was found or sent. */
  status: string | null;
  message: string;
}

export interface HeldReviewDeps {
  repos: () => Repositories;
  api: ApiAccess;
  sender: Sender;
  numbering: Numbering;
}

const ENVIRONMENT_NAMES: Record<Environment, string> = {
  demonstracao: 'Demonstração',
  sandbox: 'Sandbox (homologação)',
  producao: 'Produção',
};

const statusWords = (outcome: IssueOutcome) =>
  outcome.status === 'autorizado'
    ? 'autorizado'
    : outcome.status === 'nao_enviado'
      ? 'sem resposta da API; será conferido de novo, nunca em duplicidade'
      : outcome.status;

export async function reviewHeld(
  deps: HeldReviewDeps,
  id: number,
  action: ReviewAction,
): Promise<ReviewResult> {
  const repos = deps.repos();
  const row = await repos.outbox.byId(id);
  if (!row || row.heldAt === null || !['queued', 'sending', 'failed'].includes(row.state))
    throw new AppError('outbox_not_held', 'Este pedido não está mais pendente de revisão. Atualize a lista.');
  const { client, target } = await deps.api();
  if (row.environment !== target.environment) {
    throw new AppError(
      'outbox_other_environment',
      `Este pedido é do ambiente ${ENVIRONMENT_NAMES[row.environment]}. Mude para esse ambiente em ` +
        'Configurações para conferi-lo na Nuvem Fiscal.',
    );
  }
  const kind = (row.variant ?? row.kind) as IssueKind;
  const scope: NumberingScope = {
    company: row.company,
    kind: row.kind,
    serie: row.serie ?? 0,
    environment: row.environment,
  };
  let found: Dfe | null;
  try {
    found = await emissionApi(client, kind).porReferencia(
      { cpf_cnpj: row.company, ambiente: target.ambiente },
      row.referencia,
    );
  } catch (error) {
    throw new AppError(
      'outbox_review_unreachable',
      'Não foi possível consultar a Nuvem Fiscal agora, e sem essa consulta o pedido não é enviado nem ' +
        'descartado. Verifique a conexão e tente de novo.',
      { detail: error instanceof Error ? error.message : String(error), cause: error },
    );
  }
  const settle = () =>
    deps.sender.deliver(
      client,
      target,
      kind,
      scope,
      row.id,
      row.referencia,
      row.numero ?? 0,
      rec(row.payload),
      {
        lookupFirst: true,
      },
    );
  if (found) {
    await repos.outbox.release(row.id);
    const outcome = await settle();
    return {
      outcome: 'encontrado',
      status: outcome.status,
      message: `A Nuvem Fiscal já tinha este documento (${statusWords(outcome)}): ele foi reconhecido e não será enviado de novo.`,
    };
  }
  if (action === 'conferir') {
    return {
      outcome: 'nao_encontrado',
      status: null,
      message:
        'A Nuvem Fiscal não tem este pedido: ele nunca chegou a ser enviado. Escolha “Enviar agora” para ' +
        'emiti-lo ou “Descartar” se ele não deve mais ser emitido.',
    };
  }
  await repos.outbox.release(row.id);
  if (action === 'descartar') {
    await repos.outbox.update(row.referencia, {
      state: 'abandoned',
      lastError: 'Descartado na revisão de uma cópia de segurança restaurada.',
    });
    if (row.numero !== null) await deps.numbering.release(scope, row.numero);
    return { outcome: 'descartado', status: null, message: 'Pedido descartado: ele não será emitido.' };
  }
  const outcome = await settle();
  return { outcome: 'enviado', status: outcome.status, message: `Pedido enviado: ${statusWords(outcome)}.` };
}
