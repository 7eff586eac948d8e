import { parseDocument } from '../../documents/parse/index';
import { AppError } from '../../shared/errors';
import { brasiliaMonth } from '../../shared/format';
import type { Environment } from '../../shared/schemas/app';
import type { DocFileKind } from '../../shared/schemas/documents';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { buildAccountingExport } from '../export/accounting';
import type { MdfeSource } from '../sync/mdfe-sync';
import type { HostAdapter, SaveFileOptions } from '../host';
import { OfflineError } from '../sync/service';
import type { SyncSource } from '../sync/source';
import { clientSource } from '../sync/source';
import { documentXmlName, eventFileBase, fileBase, printoutName } from '../../shared/file-names';

type Channels =
  | 'documents:search'
  | 'documents:get'
  | 'documents:file'
  | 'documents:sync'
  | 'documents:export'
  | 'documents:dashboard';

const notFound = () =>
  new AppError('document_not_found', 'Documento não encontrado no banco local. Sincronize e tente de novo.');

/** Hands a produced file to the host's save dialog, or back to the renderer for a browser download. */
export async function deliver(host: HostAdapter, bytes: Buffer, options: SaveFileOptions) {
  if (host.saveFile) {
    const savedTo = await host.saveFile(options, bytes);
    return {
      fileName: options.defaultName,
      savedTo,
      base64: null,
      size: bytes.length,
      cancelled: savedTo === null,
    };
  }
  return {
    fileName: options.defaultName,
    savedTo: null,
    base64: bytes.toString('base64'),
    size: bytes.length,
    cancelled: false,
  };
}

/** The Painel's default month is Brasília's, not the host's (a server or CI machine may run in UTC). */
function currentMonth(): string {
  return brasiliaMonth();
}

function extension(kind: DocFileKind, contentType: string): string {
  return kind === 'pdf' || contentType.includes('pdf') ? 'pdf' : 'xml';
}

export function documentCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const environmentOf = (value: string | undefined) =>
    (value ?? ctx.host.settings.get().environment) as ReturnType<typeof ctx.host.settings.get>['environment'];

  /** The API of the export's environment, to fetch the XML not cached yet; null when it cannot be set up. */
  async function exportSource(
    environment: Environment,
  ): Promise<{ source: SyncSource; mdfe: MdfeSource } | null> {
    try {
      const { client } = await ctx.api.client(environment);
      return { source: clientSource(client), mdfe: client.mdfe };
    } catch (error) {
      ctx.host.logger.warn('exportação sem acesso à API', error);
      return null;
    }
  }

  return {
    'documents:search': async ({ filter, sort, offset, limit }) => {
      const repos = ctx.cache.require();
      const environment = environmentOf(filter.environment);
      const result = await repos.browser.search({ filter: { ...filter, environment }, sort, offset, limit });
      // The averbação beside each row (Documentos' column), from the queue in one read.
      const chaves = result.rows.flatMap((r) => (r.chave ? [r.chave] : []));
      const queued = chaves.length ? await repos.averbacao.byChaves(environment, filter.company, chaves) : [];
      const badges = new Map(
        queued.map((q) => [q.chave, { estado: q.estado, protocolo: q.protocolo, teste: q.teste === 1 }]),
      );
      const rows = result.rows.map((r) => ({ ...r, averbacao: (r.chave && badges.get(r.chave)) || null }));
      return { ...result, rows, offset, limit };
    },
    'documents:get': async ({ id }) => {
      const repos = ctx.cache.require();
      const row = await repos.documents.byId(id);
      if (!row) throw notFound();
      const [document] = await repos.browser.page({
        filter: { company: row.company, environment: row.environment },
        sort: { field: 'dataEmissao', dir: 'desc' },
        offset: 0,
        limit: 1,
        ids: [id],
      });
      const files = await repos.files.list(id);
      const events = (await repos.events.list(id)).map((event) => ({
        id: event.id,
        apiId: event.api_id,
        type: event.type,
        sequence: event.sequence,
        status: event.status,
        protocolo: event.protocolo,
        dataEvento: event.data_evento,
        files: files.filter((f) => f.eventId === event.id).map((f) => f.kind),
      }));
      let view: ReturnType<typeof parseDocument> | null = null;
      const xml = await repos.files.get(id, 0, 'xml');
      if (xml) {
        try {
          view = parseDocument(xml.bytes.toString('utf8'));
        } catch {
          view = null;
        }
      }
      return {
        document,
        // Spread: the view crosses as a plain object (the contract keeps its groups as they are).
        view: view && { ...view },
        events,
        files: files.map((f) => ({
          kind: f.kind,
          eventId: f.eventId,
          size: f.size,
          contentType: f.contentType,
        })),
      };
    },
    'documents:file': async ({ id, kind, eventId }) => {
      const repos = ctx.cache.require();
      const row = await repos.documents.byId(id);
      if (!row) throw notFound();
      const file = await repos.files.get(id, eventId, kind);
      if (!file) {
        throw new AppError(
          'file_not_cached',
          'Este arquivo ainda não foi baixado para o computador. Conecte-se à internet e sincronize os documentos.',
        );
      }
      const event = eventId ? (await repos.events.list(id)).find((e) => e.id === eventId) : undefined;
      const base = fileBase(row.chave, { kind: row.kind, serie: row.serie, numero: row.numero });
      const ext = extension(kind, file.contentType);
      const fileName = event
        ? `${eventFileBase(base, event.type, event.sequence)}${kind === 'xml' ? '' : `-${kind}`}.${ext}`
        : kind === 'xml'
          ? documentXmlName(base, row.kind)
          : kind === 'pdf'
            ? printoutName(base, row.kind)
            : `${base}-${row.kind}-${kind.replace(/^xml_/, '').replace(/_/g, '-')}.${ext}`;
      return {
        fileName,
        contentType: file.contentType,
        base64: file.bytes.toString('base64'),
      };
    },
    'documents:sync': async ({ company, kinds, full }) => {
      ctx.cache.require();
      try {
        return { runs: await ctx.sync.sync({ company, kinds, full }) };
      } catch (error) {
        if (!(error instanceof OfflineError)) throw error;
        throw new AppError(
          'sync_offline',
          'Sem conexão com a API fiscal. Os documentos já baixados continuam disponíveis; a sincronização continua sozinha quando a conexão voltar.',
          { detail: error.cause instanceof Error ? error.cause.message : undefined },
        );
      }
    },
    'documents:export': async ({ company, environment, from, to }) => {
      const repos = ctx.cache.require();
      const env = environmentOf(environment);
      const api = await exportSource(env);
      const built = await buildAccountingExport(
        repos,
        { company, environment: env, from, to },
        api?.source ?? null,
        api?.mdfe ?? null,
      );
      const saved = await deliver(ctx.host, built.zip, {
        title: 'Salvar arquivos para a contabilidade',
        defaultName: `contabilidade-${company}-${from}-a-${to}.zip`,
        filters: [{ name: 'Arquivo ZIP', extensions: ['zip'] }],
      });
      return { ...saved, documents: built.documents, events: built.events, missing: built.missing };
    },
    'documents:dashboard': async ({ company, environment, month }) => {
      const repos = ctx.cache.require();
      const env = environmentOf(environment);
      const dashboard = await repos.browser.dashboard(company, env, month ?? currentMonth());
      return { ...dashboard, lastSync: await repos.syncState.lastSync(company, env) };
    },
  };
}
