import type { ContaCota } from '../../nuvemfiscal';
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
    'credentials:clear': ({ environment }) => ctx.credentials.clear(environment),
    'connection:test': async ({ environment }) => {
      const started = Date.now();
      const { client, target } = await ctx.api.client(environment);
      await client.tokens.token();
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
