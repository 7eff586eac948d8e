// MDF-e commands: the cached manifests (list, detail, open ones), refresh from the API, issue
// through the outbox, cancel, close (encerramento), include a driver, the cached XML, the DAMDFE
// printed locally (PDF / printer), and the trip registries (vehicles, drivers).
import type { Repositories } from '../../cache/repositories';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { ambienteOf } from '../api-connection';
import { KnownCompanies } from '../known-companies';
import type { Issuing } from '../issuing';
import { MdfeService } from '../mdfe/service';
import { PrintingService } from '../printing/service';
import { mdfeCacheSource } from '../printing/source';
import { withNumbering } from '../../fiscal/payload';
import { brasiliaDateTime } from '../issuing';
import { mdfePreviewHtml } from '../issuing/mdfe-preview';
import { prefillMdfe } from '../mdfe/prefill';
import { createAppIssuing, toEmitter } from './cte';
import { serieFor } from './numbering';

type Channels =
  | 'mdfe:list'
  | 'mdfe:get'
  | 'mdfe:open'
  | 'mdfe:refresh'
  | 'mdfe:issue'
  | 'mdfe:cancel'
  | 'mdfe:close'
  | 'mdfe:includeDriver'
  | 'mdfe:includeDfe'
  | 'mdfe:sync'
  | 'mdfe:xml'
  | 'mdfe:pdf'
  | 'mdfe:print'
  | 'mdfe:prefill'
  | 'mdfe:preview'
  | 'mdfe:issueForm'
  | 'vehicles:list'
  | 'vehicles:save'
  | 'vehicles:delete'
  | 'drivers:list'
  | 'drivers:save'
  | 'drivers:delete'
  | 'payees:list'
  | 'payees:delete';

export function createMdfeService(ctx: AppContext, issuing: Issuing): MdfeService {
  const known = new KnownCompanies(ctx);
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
    previewEmitter: (cpfCnpj) => known.previewEmitter(cpfCnpj),
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
    'mdfe:cancel': async ({ id, justificativa }) => {
      const outcome = await service.cancel(id, justificativa);
      ctx.averbacao?.kick();
      return outcome;
    },
    'mdfe:close': async ({ id, uf, codigoMunicipio, data }) => {
      const outcome = await service.close(id, { uf, codigoMunicipio, data });
      ctx.averbacao?.kick();
      return outcome;
    },
    'mdfe:includeDriver': ({ id, nome, cpf }) => service.includeDriver(id, { nome, cpf }),
    'mdfe:includeDfe': ({ id, carregamento, documentos }) =>
      service.includeDfe(id, { carregamento, documentos }),
    'mdfe:sync': ({ id }) => service.syncOne(id),
    'mdfe:xml': ({ id, eventId }) => service.xml(id, eventId),
    'mdfe:pdf': ({ id, eventId }) => printing.pdf(id, eventId),
    'mdfe:print': ({ id, eventId, printer, remember }) => printing.print(id, eventId, printer, remember),
    'mdfe:prefill': async ({ company, chaves }) =>
      prefillMdfe(
        {
          repos,
          environment: () => ctx.host.settings.get().environment,
          fetchCteXml: async (apiId) => (await (await ctx.api.client()).client.cte.xml(apiId)).data,
          nfeXml: (c, keys) => ctx.inbox.nfeXml(c, keys),
        },
        company,
        chaves,
      ),
    'mdfe:preview': async ({ company, form, serie }) => {
      const environment = ctx.host.settings.get().environment;
      const s = serieFor(ctx, 'mdfe', serie);
      const state = await issuing.numbering.state({
        company,
        kind: 'mdfe',
        serie: s,
        environment,
      });
      const dhEmi = brasiliaDateTime(new Date());
      // Offline too: the emitter as the API last gave it (issueForm asks the API).
      const manifests = await service.manifests(company, form, { preview: true });
      return {
        manifestos: manifests.map((m, i) => {
          const infMDFe = withNumbering(m.infMDFe, {
            serie: s,
            numero: state.next + i,
            dhEmi,
            ambiente: ambienteOf(environment),
          });
          return { ufFim: m.ufFim, numero: state.next + i, infMDFe, html: mdfePreviewHtml(infMDFe) };
        }),
      };
    },
    'mdfe:issueForm': ({ company, form, ufFim, serie, ignorarAbertos }) =>
      service.issueForm({
        company,
        form,
        ufFim,
        serie: serieFor(ctx, 'mdfe', serie),
        ignorarAbertos,
      }),
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
    'payees:list': async ({ company }) => ({ items: await repos().payees.list(company) }),
    'payees:delete': async ({ company, cpfCnpj }) => ({
      ok: await repos().payees.remove(company, cpfCnpj),
    }),
  };
}
