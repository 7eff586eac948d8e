import { ApiError } from '../../nuvemfiscal';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';

type Channels = 'serviceConfig:get' | 'serviceConfig:set' | 'sefaz:status' | 'emails:list' | 'emails:get';

function recipientsOf(email: Record<string, unknown>): string[] {
  const list = email.recipients;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

export function serviceCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  return {
    'serviceConfig:get': async ({ cpfCnpj, kind }) => {
      const { client } = await ctx.api.client();
      try {
        return { kind, config: await client.empresas.config(cpfCnpj, kind) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind, config: null };
        throw error;
      }
    },
    'serviceConfig:set': async ({ cpfCnpj, kind, config }) => {
      const { client } = await ctx.api.client();
      return { kind, config: await client.empresas.alterarConfig(cpfCnpj, kind, config) };
    },
    'sefaz:status': ({ kind, cpfCnpj, autorizador }) => ctx.authorizers.get(kind, cpfCnpj, autorizador),
    'emails:list': async ({ cpfCnpj, naoEntregues, email, top, skip }) => {
      const { client } = await ctx.api.client();
      const page = await client.emails.listar(
        { cpf_cnpj: cpfCnpj, undelivered: naoEntregues, email },
        { top, skip, inlinecount: true },
      );
      return {
        emails: page.data.map((e) => ({
          id: e.id,
          status: e.status,
          sentAt: e.sent_at,
          // The list answers `EmailResumo`, which names the addresses `recipients`.
          to: e.to ?? recipientsOf(e),
          subject: e.subject,
          events: (e.events ?? []) as Record<string, unknown>[],
        })),
        total: page['@count'] ?? null,
      };
    },
    'emails:get': async ({ id }) => {
      const { client } = await ctx.api.client();
      const e = await client.emails.consultar(id);
      return {
        id: e.id,
        status: e.status,
        sentAt: e.sent_at,
        to: e.to ?? [],
        subject: e.subject,
        events: (e.events ?? []) as Record<string, unknown>[],
      };
    },
  };
}
