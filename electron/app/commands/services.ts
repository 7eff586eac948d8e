import { ApiError } from '../../nuvemfiscal';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';

type Channels = 'serviceConfig:get' | 'serviceConfig:set' | 'sefaz:status' | 'emails:list' | 'emails:get';

function recipientsOf(email: Record<string, unknown>): string[] {
  const list = email.recipients;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** The service caches the authorizer status for 5 minutes; asking more often only spends requests. */
const SEFAZ_TTL_MS = 5 * 60_000;

export function serviceCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const sefazCache = new Map<
    string,
    { at: number; value: Awaited<ReturnType<CommandTable['sefaz:status']>> }
  >();
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
    'sefaz:status': async ({ kind, cpfCnpj, autorizador }) => {
      const { client, target } = await ctx.api.client();
      const key = JSON.stringify([target.apiUrl, kind, cpfCnpj, autorizador ?? '']);
      const cached = sefazCache.get(key);
      if (cached && Date.now() - cached.at < SEFAZ_TTL_MS) return cached.value;
      const status = await client[kind].statusSefaz(cpfCnpj, autorizador);
      const value = {
        kind,
        autorizador: status.autorizador,
        codigoStatus: status.codigo_status,
        motivoStatus: status.motivo_status,
        tempoMedioResposta: status.tempo_medio_resposta,
        consultadoEm: status.data_hora_consulta,
        degraded: status.codigo_status !== 107,
      };
      sefazCache.set(key, { at: Date.now(), value });
      return value;
    },
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
