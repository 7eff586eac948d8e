// E-mail of issued documents (CT-e, CT-e OS, DC-e) through the user's SMTP server.
import { AppError } from '../../shared/errors';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import type { MailDeps } from '../mail/service';
import { MailService } from '../mail/service';
import { MailSettingsService } from '../mail/settings';
import { PrintingService } from '../printing/service';
import { mdfeCacheSource } from '../printing/source';

type Channels =
  | 'mailSettings:get'
  | 'mailSettings:set'
  | 'mail:test'
  | 'mail:compose'
  | 'mail:send'
  | 'mail:log'
  | 'mdfe:mailCompose'
  | 'mdfe:mailSend'
  | 'mdfe:mailLog';

/** Test seams: shorter timeouts, a test server's own certificate. */
export type MailOverrides = Partial<Pick<MailDeps, 'timeouts' | 'tls' | 'online'>>;

export function createMailService(ctx: AppContext, overrides: MailOverrides = {}): MailService {
  return new MailService({
    settings: new MailSettingsService(ctx.host.settings, ctx.host.secrets),
    repos: () => ctx.cache.require(),
    // The same HTML the print preview shows (logo, CANCELADO mark), made into a PDF by the host.
    pdf: async (id) => {
      const printer = ctx.host.printer;
      if (!printer) {
        throw new AppError(
          'printing_unavailable',
          'A geração de PDF não está disponível neste modo do aplicativo.',
        );
      }
      return printer.toPdf((await ctx.printing.preview(id)).html);
    },
    // The DAMDFE the MDF-e screen prints (logo, ENCERRADO/CANCELADO from the cached events).
    mdfePdf: async (id) => {
      const printer = ctx.host.printer;
      if (!printer) {
        throw new AppError(
          'printing_unavailable',
          'A geração de PDF não está disponível neste modo do aplicativo.',
        );
      }
      const damdfe = new PrintingService({
        source: mdfeCacheSource(() => ctx.cache.require()),
        logos: ctx.logos,
        host: ctx.host,
        progress: () => undefined,
      });
      return printer.toPdf((await damdfe.preview(id)).html);
    },
    fetchMdfeXml: async (apiId) => {
      const { client } = await ctx.api.client();
      return (await client.mdfe.xml(apiId)).data;
    },
    fetchXml: async (kind, apiId) => {
      const { client } = await ctx.api.client();
      return (await client[kind].xml(apiId)).data;
    },
    online: () => ctx.connectivity.current()?.online ?? null,
    logger: ctx.host.logger,
    ...overrides,
  });
}

export function mailCommands(
  ctx: AppContext,
  service = createMailService(ctx),
): Pick<CommandTable, Channels> {
  const settings = new MailSettingsService(ctx.host.settings, ctx.host.secrets);
  return {
    'mailSettings:get': () => settings.view(),
    'mailSettings:set': (input) => settings.save(input),
    'mail:test': ({ settings: unsaved, password }) => service.test(unsaved, password),
    'mail:compose': ({ id }) => service.compose(id),
    'mail:send': (input) => service.send(input),
    'mail:log': async ({ id }) => ({ items: await service.log(id) }),
    'mdfe:mailCompose': ({ id }) => service.composeMdfe(id),
    'mdfe:mailSend': (input) => service.sendMdfe(input),
    'mdfe:mailLog': async ({ id }) => ({ items: await service.logMdfe(id) }),
  };
}
