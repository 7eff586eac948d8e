import type { ContaCota } from '../../nuvemfiscal';
import { ApiError } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import { tokenRefusalText } from '../api-connection';
import type { Quota } from '../../shared/schemas/account';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';

export function toQuota(cota: ContaCota): Quota {
  return {
    nome: cota.nome,
    consumo: cota.consumo,
    limite: cota.limite,
    uso: cota.limite > 0 ? cota.consumo / cota.limite : 0,
  };
}

/** The token request's failure in words: the server's own answer, or which host did not answer. */
function explainTokenFailure(error: unknown, tokenUrl: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.kind === 'auth') {
    return new AppError(error.code, tokenRefusalText(error), { detail: error.detail, cause: error });
  }
  if (['offline', 'dns', 'timeout', 'tls'].includes(error.kind)) {
    return new AppError(
      error.code,
      `Não foi possível alcançar o servidor de autenticação ${new URL(tokenUrl).host}: ${error.message}`,
      { detail: error.detail, cause: error },
    );
  }
  return error;
}

type AccountChannels =
  'credentials:get' | 'credentials:set' | 'credentials:clear' | 'connection:test' | 'account:quotas';

export function accountCommands(ctx: AppContext): Pick<CommandTable, AccountChannels> {
  return {
    'credentials:get': ({ environment }) => ctx.credentials.status(environment),
    'credentials:set': async (input) => {
      const status = await ctx.credentials.save(input);
      void ctx.connectivity.refresh();
      return status;
    },
    'credentials:clear': async ({ environment }) => {
      const status = await ctx.credentials.clear(environment);
      void ctx.connectivity.refresh();
      return status;
    },
    'connection:test': async ({ environment, ...typed }) => {
      const started = Date.now();
      const { client, target } = await ctx.api.trial(
        environment ?? ctx.host.settings.get().environment,
        typed,
      );
      // "Conexão estabelecida" means a token was obtained, not merely that the host answered.
      try {
        await client.tokens.token();
      } catch (error) {
        throw explainTokenFailure(error, target.tokenUrl);
      }
      const cotas = await client.conta.cotas();
      return {
        environment: target.environment,
        apiUrl: target.apiUrl,
        quotas: cotas.data.map(toQuota),
        elapsedMs: Date.now() - started,
      };
    },
    'account:quotas': async () => {
      const { client } = await ctx.api.client();
      const cotas = await client.conta.cotas();
      return { quotas: cotas.data.map(toQuota) };
    },
  };
}
