// Averbação commands: the company's averbadora (settings, "Testar conexão"), the queue as the
// screens see it (Painel summary, a document's rows, retry), the MDF-e's trip ("Averbar agora",
// ANTT's 99999 with its reason) and where a new MDF-e starts (mdfe:defaults).
import { createInsurerClient, InsurerFailure } from '../../insurers';
import { AppError } from '../../shared/errors';
import type { InsurerTestResult } from '../../shared/schemas/averbacao';
import type { AverbacaoService } from '../averbacao/service';
import type { InsurerSettingsService } from '../averbacao/settings';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { mdfeDefaults } from '../mdfe/last-defaults';

type Channels =
  | 'averbacao:settingsGet'
  | 'averbacao:settingsSave'
  | 'averbacao:settingsRemove'
  | 'averbacao:test'
  | 'averbacao:summary'
  | 'averbacao:list'
  | 'averbacao:doc'
  | 'averbacao:retry'
  | 'averbacao:trip'
  | 'averbacao:sendNow'
  | 'averbacao:contingencia'
  | 'mdfe:defaults';

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new AppError('averbacao_unavailable', `${what} não está disponível neste modo do aplicativo.`);
  return value;
}

export function averbacaoCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const environment = () => ctx.host.settings.get().environment;
  const settings = (): InsurerSettingsService => required(ctx.insurerSettings, 'A averbação');
  const service = (): AverbacaoService => required(ctx.averbacao, 'A averbação');
  return {
    'averbacao:settingsGet': ({ company }) => settings().view(environment(), company),
    'averbacao:settingsSave': async (input) => {
      const view = await settings().save(environment(), input);
      service().kick();
      return view;
    },
    'averbacao:settingsRemove': ({ company }) => settings().remove(environment(), company),
    'averbacao:test': async ({ company, settings: typed, senha }): Promise<InsurerTestResult> => {
      let endpoint;
      try {
        endpoint = await settings().endpointFor(environment(), company, typed, senha);
      } catch (error) {
        if (error instanceof AppError) return { ok: false, message: error.message };
        throw error;
      }
      try {
        const check = await createInsurerClient({ ...endpoint, timeoutMs: 30_000 }).checkLogin();
        return environment() === 'demonstracao' && check.ok
          ? { ...check, message: `${check.message} (simulador local da demonstração)` }
          : check;
      } catch (error) {
        if (error instanceof InsurerFailure)
          return { ok: false, message: error.message, ...(error.detail ? { detail: error.detail } : {}) };
        throw error;
      }
    },
    'averbacao:summary': ({ company }) => service().summary(company),
    'averbacao:list': ({ company, estados, limit, offset }) =>
      service().list(company, estados, limit, offset),
    'averbacao:doc': async ({ company, chave }) => ({
      rows: await service().doc(company, chave),
      contingencia: await service().mdfeContingencia(company, chave),
    }),
    'averbacao:retry': ({ company, id }) => service().retry(company, id),
    'averbacao:trip': ({ company, chaves }) => service().trip(company, chaves),
    'averbacao:sendNow': ({ company, chaves }) => service().sendNow(company, chaves),
    'averbacao:contingencia': ({ company, chaves, motivo }) =>
      service().contingencia(company, chaves, motivo),
    'mdfe:defaults': ({ company }) =>
      mdfeDefaults(ctx.cache.require(), environment(), company, {
        insurer: ctx.insurerSettings?.get(environment(), company) ?? null,
        rntrc: ctx.host.settings.get().companyDefaults?.[company]?.rntrc,
      }),
  };
}
