// MDF-e commands: the cached manifests (list, detail, open ones), refresh from the API, issue
// through the outbox, cancel, close (encerramento), include a driver, the cached XML, the DAMDFE
// printed locally (PDF / printer), and the trip registries (vehicles, drivers).
import type { Repositories } from '../../cache/repositories';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import type { Issuing } from '../issuing';
import { MdfeService } from '../mdfe/service';
import { PrintingService } from '../printing/service';
import { mdfeCacheSource } from '../printing/source';
import { createAppIssuing, toEmitter } from './cte';

type Channels =
  | 'mdfe:list'
  | 'mdfe:get'
  | 'mdfe:open'
  | 'mdfe:refresh'
  | 'mdfe:issue'
  | 'mdfe:cancel'
  | 'mdfe:close'
  | 'mdfe:includeDriver'
  | 'mdfe:xml'
  | 'mdfe:pdf'
  | 'mdfe:print'
  | 'vehicles:list'
  | 'vehicles:save'
  | 'vehicles:delete'
  | 'drivers:list'
  | 'drivers:save'
  | 'drivers:delete';

export function createMdfeService(ctx: AppContext, issuing: Issuing): MdfeService {
  return new MdfeService({
    repos: () => ctx.cache.require(),
    api: () => ctx.api.client(),
    issuing,
    environment: () => ctx.host.settings.get().environment,
    serie: () => ctx.host.settings.get().series?.mdfe,
    emitter: async (cpfCnpj) => {
      const { client } = await ctx.api.client();
      return toEmitter(await client.empresas.consultar(cpfCnpj));
    },
  });
}

export function mdfeCommands(
  ctx: AppContext,
  issuing: Issuing = createAppIssuing(ctx),
  service: MdfeService = createMdfeService(ctx, issuing),
): Pick<CommandTable, Channels> {
  const repos = (): Repositories => ctx.cache.require();
  const printing = new PrintingService({
    source: mdfeCacheSource(repos),
    logos: ctx.logos,
    host: ctx.host,
    progress: (event) => ctx.events.emit('print:progress', event),
  });
  return {
    'mdfe:list': async ({ company, limit, offset }) => ({
      items: await service.list(company, limit, offset),
    }),
    'mdfe:get': ({ id }) => service.get(id),
    'mdfe:open': ({ company }) => service.open(company),
    'mdfe:refresh': ({ company }) => service.refresh(company),
    'mdfe:issue': async (input) => {
      const outcome = await service.issue(input);
      return outcome;
    },
    'mdfe:cancel': ({ id, justificativa }) => service.cancel(id, justificativa),
    'mdfe:close': ({ id, uf, codigoMunicipio, data }) => service.close(id, { uf, codigoMunicipio, data }),
    'mdfe:includeDriver': ({ id, nome, cpf }) => service.includeDriver(id, { nome, cpf }),
    'mdfe:xml': ({ id, eventId }) => service.xml(id, eventId),
    'mdfe:pdf': ({ id, eventId }) => printing.pdf(id, eventId),
    'mdfe:print': ({ id, eventId, printer, remember }) => printing.print(id, eventId, printer, remember),
    'vehicles:list': async ({ company, tipo }) => ({
      items: await repos().registries.vehicles(company, tipo),
    }),
    'vehicles:save': ({ company, vehicle }) => repos().registries.saveVehicle(company, vehicle),
    'vehicles:delete': async ({ company, placa }) => ({
      ok: await repos().registries.removeVehicle(company, placa),
    }),
    'drivers:list': async ({ company }) => ({ items: await repos().registries.drivers(company) }),
    'drivers:save': ({ company, driver }) => repos().registries.saveDriver(company, driver),
    'drivers:delete': async ({ company, cpf }) => ({
      ok: await repos().registries.removeDriver(company, cpf),
    }),
  };
}
