// E-mailing issued documents through the user's own SMTP server: the API does not e-mail CT-e, so
// the app sends the locally printed DACTE/DACE and the processed XML itself, and logs each attempt.
import type { Repositories } from '../../cache/repositories';
import { parseDocument } from '../../documents/parse/index';
import { AppError } from '../../shared/errors';
import { formatDate } from '../../shared/format';
import { mdfeFieldsOfXml } from '../sync/mdfe-sync';
import type {
  MailCompose,
  MailLogEntry,
  MailSendInput,
  MailSendResult,
  MailTestResult,
  SmtpSettings,
} from '../../shared/schemas/mail';
import type { Logger } from '../logger';
import { describeSmtpError, scrub } from './errors';
import { MailLogStore } from './log-store';
import type { MailableView } from './message';
import { documentLabel, fillTemplate, placeholderValues, recipientSuggestions } from './message';
import type { MailSettingsService, SmtpConfig } from './settings';
import type { SmtpTimeouts, SmtpTlsOverrides } from './transport';
import { createTransport, DEFAULT_TIMEOUTS } from './transport';
import { documentXmlName, fileBase, printoutName } from '../../shared/file-names';

type Kind = MailLogEntry['kind'];

export interface MailDeps {
  settings: MailSettingsService;
  repos: () => Repositories;
  /** The DACTE/DACE rendered locally from the cached XML (the printing service's HTML). */
  pdf: (id: number) => Promise<Buffer>;
  /** The processed XML from the API, for a document whose XML the cache does not hold yet. */
  fetchXml: (kind: Kind, apiId: string) => Promise<Buffer>;
  /** The DAMDFE rendered locally from the cached MDF-e XML and events. */
  mdfePdf?: (id: number) => Promise<Buffer>;
  /** The mdfeProc from the API, for an MDF-e whose XML the cache does not hold yet. */
  fetchMdfeXml?: (apiId: string) => Promise<Buffer>;
  /** false when the connectivity monitor knows the computer is offline. */
  online: () => boolean | null;
  logger: Logger;
  timeouts?: SmtpTimeouts;
  tls?: SmtpTlsOverrides;
}

const notConfigured = () =>
  new AppError(
    'mail_not_configured',
    'O envio de e-mail ainda não foi configurado. Informe o servidor SMTP em Configurações › E-mail (SMTP).',
  );

const notFound = () =>
  new AppError('document_not_found', 'Documento não encontrado no banco local. Sincronize e tente de novo.');

const NETWORK_CODES = new Set(['mail_unknown_host', 'mail_refused', 'mail_timeout', 'mail_connection']);

export class MailService {
  constructor(private readonly deps: MailDeps) {}

  private store(table: 'mail_log' | 'mdfe_mail_log' = 'mail_log'): MailLogStore {
    return new MailLogStore(this.deps.repos().db, undefined, table);
  }

  private async row(id: number) {
    const row = await this.deps.repos().documents.byId(id);
    if (!row) throw notFound();
    return row;
  }

  /** The cached processed XML, fetched from the API (and cached) when the cache lacks it. */
  private async xml(id: number): Promise<string> {
    const repos = this.deps.repos();
    const cached = await repos.files.get(id, 0, 'xml');
    if (cached) return cached.bytes.toString('utf8');
    const row = await this.row(id);
    const bytes = await this.deps.fetchXml(row.kind, row.api_id);
    await repos.files.put(id, 0, 'xml', bytes, 'application/xml');
    return bytes.toString('utf8');
  }

  private async view(id: number): Promise<MailableView> {
    const view = parseDocument(await this.xml(id));
    if (view.kind !== 'cte' && view.kind !== 'cteos' && view.kind !== 'dce') {
      throw new AppError('mail_not_document', 'Só é possível enviar por e-mail um CT-e, CT-e OS ou DC-e.');
    }
    return view;
  }

  async compose(id: number): Promise<MailCompose> {
    const row = await this.row(id);
    const view = await this.view(id);
    const smtp = (await this.deps.settings.view()).settings;
    const values = placeholderValues(view);
    const suggestions = recipientSuggestions(view);
    const tomadorRole = view.kind === 'dce' ? 'Destinatário' : 'Tomador';
    const base = fileBase(row.chave, { kind: row.kind, serie: row.serie, numero: row.numero });
    return {
      configured: smtp !== null,
      label: documentLabel(view),
      to: suggestions.filter((s) => s.role === tomadorRole).map((s) => s.email),
      cc: smtp?.cc ?? [],
      bcc: smtp?.bcc ?? [],
      suggestions,
      subject: smtp ? fillTemplate(smtp.subjectTemplate, values) : '',
      body: smtp ? fillTemplate(smtp.bodyTemplate, values) : '',
      attachments: [printoutName(base, row.kind), documentXmlName(base, row.kind)],
    };
  }

  /** Opens a connection and logs in (nodemailer verify), without sending anything. */
  async test(settings: SmtpSettings | undefined, password: string | undefined): Promise<MailTestResult> {
    const config = settings
      ? await this.deps.settings.resolveWith(settings, password)
      : await this.deps.settings.resolve();
    if (!config) throw notConfigured();
    const started = Date.now();
    const transport = createTransport(config, this.deps.timeouts ?? DEFAULT_TIMEOUTS, this.deps.tls);
    try {
      await transport.verify();
    } catch (error) {
      throw this.explain(error, config);
    } finally {
      transport.close();
    }
    return {
      server: `${config.host}:${config.port}`,
      security: config.security,
      elapsedMs: Date.now() - started,
    };
  }

  async send(input: MailSendInput): Promise<MailSendResult> {
    const row = await this.row(input.id);
    const startedAt = new Date();
    const base = fileBase(row.chave, { kind: row.kind, serie: row.serie, numero: row.numero });
    const attachments = [printoutName(base, row.kind), documentXmlName(base, row.kind)];
    const entry = { docId: row.id, kind: row.kind, ...input, attachments };
    let config: SmtpConfig | null = null;
    try {
      config = await this.deps.settings.resolve();
      if (!config) throw notConfigured();
      const printed = await this.printed(row.id);
      const info = await this.deliver(config, input, [
        { filename: attachments[0]!, content: printed.bytes, contentType: 'application/pdf' },
        {
          filename: attachments[1]!,
          content: Buffer.from(printed.xml, 'utf8'),
          contentType: 'application/xml',
        },
      ]);
      const logId = await this.store().record(entry, {
        status: 'enviado',
        error: null,
        messageId: info.messageId,
        startedAt,
      });
      return { logId, ...info };
    } catch (error) {
      const explained = this.explain(error, config);
      const text = explained.detail ? `${explained.message} (${explained.detail})` : explained.message;
      await this.store()
        .record(entry, { status: 'falhou', error: text.slice(0, 2000), messageId: null, startedAt })
        .catch((logError: unknown) => this.deps.logger.error('registro de e-mail falhou', logError));
      throw explained;
    }
  }

  // MDF-e ------------------------------------------------------------------------------------
  // The API has no e-mail for MDF-e either: the DAMDFE printed here and the mdfeProc go through the
  // same SMTP path, logged in mdfe_mail_log. A manifest names no party with an e-mail address, so
  // the recipients start empty (the company's Cc/Bcc still apply).

  private async mdfeRow(id: number) {
    const row = await this.deps.repos().mdfe.byId(id);
    if (!row)
      throw new AppError(
        'mdfe_not_found',
        'MDF-e não encontrado no banco local. Sincronize e tente de novo.',
      );
    return row;
  }

  private async mdfeXml(id: number): Promise<string> {
    const repo = this.deps.repos().mdfe;
    const cached = await repo.xml(id);
    if (cached) return cached.toString('utf8');
    const row = await this.mdfeRow(id);
    if (!this.deps.fetchMdfeXml)
      throw new AppError('mail_xml_unavailable', 'O XML deste MDF-e ainda não está no computador.');
    const bytes = await this.deps.fetchMdfeXml(row.api_id);
    await repo.setXml(id, bytes, mdfeFieldsOfXml(bytes.toString('utf8')));
    return bytes.toString('utf8');
  }

  async composeMdfe(id: number): Promise<MailCompose> {
    const row = await this.mdfeRow(id);
    const view = parseDocument(await this.mdfeXml(id));
    if (view.kind !== 'mdfe') throw new AppError('mail_not_document', 'O XML guardado não é de um MDF-e.');
    const smtp = (await this.deps.settings.view()).settings;
    const values: Record<string, string> = {
      tipo: 'MDF-e',
      documento: 'DAMDFE',
      numero: view.ide.nMDF,
      serie: view.ide.serie,
      chave: view.chave,
      emitente: view.emit.xNome,
      tomador: '',
      data_emissao: view.ide.dhEmi ? formatDate(view.ide.dhEmi) : '',
    };
    const base = row.chave ?? row.api_id;
    return {
      configured: smtp !== null,
      label: `MDF-e ${view.ide.serie}/${view.ide.nMDF}`,
      to: [],
      cc: smtp?.cc ?? [],
      bcc: smtp?.bcc ?? [],
      suggestions: [],
      subject: smtp ? fillTemplate(smtp.subjectTemplate, values) : '',
      body: smtp ? fillTemplate(smtp.bodyTemplate, values) : '',
      attachments: [`${base}.pdf`, `${base}-procMDFe.xml`],
    };
  }

  async sendMdfe(input: MailSendInput): Promise<MailSendResult> {
    const row = await this.mdfeRow(input.id);
    const startedAt = new Date();
    const base = row.chave ?? row.api_id;
    const attachments = [`${base}.pdf`, `${base}-procMDFe.xml`];
    const entry = { docId: row.id, kind: 'mdfe' as const, ...input, attachments };
    let config: SmtpConfig | null = null;
    try {
      config = await this.deps.settings.resolve();
      if (!config) throw notConfigured();
      const xml = await this.mdfeXml(row.id).catch((error: unknown) => {
        throw wrap(error, 'mail_xml_unavailable', 'Não foi possível obter o XML do MDF-e para anexar.');
      });
      const pdf = this.deps.mdfePdf;
      if (!pdf)
        throw new AppError('printing_unavailable', 'A geração de PDF não está disponível neste modo.');
      const bytes = await pdf(row.id).catch((error: unknown) => {
        throw wrap(error, 'mail_pdf_failed', 'Não foi possível gerar o DAMDFE para anexar.');
      });
      const info = await this.deliver(config, input, [
        { filename: attachments[0]!, content: bytes, contentType: 'application/pdf' },
        { filename: attachments[1]!, content: Buffer.from(xml, 'utf8'), contentType: 'application/xml' },
      ]);
      const logId = await this.store('mdfe_mail_log').record(entry, {
        status: 'enviado',
        error: null,
        messageId: info.messageId,
        startedAt,
      });
      return { logId, ...info };
    } catch (error) {
      const explained = this.explain(error, config);
      const text = explained.detail ? `${explained.message} (${explained.detail})` : explained.message;
      await this.store('mdfe_mail_log')
        .record(entry, { status: 'falhou', error: text.slice(0, 2000), messageId: null, startedAt })
        .catch((logError: unknown) => this.deps.logger.error('registro de e-mail falhou', logError));
      throw explained;
    }
  }

  async logMdfe(id: number): Promise<MailLogEntry[]> {
    return this.store('mdfe_mail_log').list(id);
  }

  /** The attachments are made before connecting, so a broken printout never half-sends a message. */
  private async printed(id: number): Promise<{ xml: string; bytes: Buffer }> {
    const xml = await this.xml(id).catch((error: unknown) => {
      throw wrap(error, 'mail_xml_unavailable', 'Não foi possível obter o XML do documento para anexar.');
    });
    const bytes = await this.deps.pdf(id).catch((error: unknown) => {
      throw wrap(error, 'mail_pdf_failed', 'Não foi possível gerar o PDF do documento para anexar.');
    });
    return { xml, bytes };
  }

  async log(id: number): Promise<MailLogEntry[]> {
    return this.store().list(id);
  }

  private async deliver(
    config: SmtpConfig,
    input: MailSendInput,
    attachments: { filename: string; content: Buffer; contentType: string }[],
  ) {
    const transport = createTransport(config, this.deps.timeouts ?? DEFAULT_TIMEOUTS, this.deps.tls);
    try {
      const info = await transport.sendMail({
        from: { name: config.fromName, address: config.fromAddress },
        ...(config.replyTo ? { replyTo: config.replyTo } : {}),
        to: input.to,
        cc: input.cc.length ? input.cc : undefined,
        bcc: input.bcc.length ? input.bcc : undefined,
        subject: input.subject,
        text: input.body,
        attachments,
      });
      const accepted = info.accepted.map(String);
      const rejected = info.rejected.map(String);
      if (accepted.length === 0) {
        throw new AppError('mail_rejected', 'O servidor de e-mail recusou todos os destinatários.', {
          detail: info.response,
        });
      }
      return { messageId: info.messageId ?? null, accepted, rejected };
    } finally {
      transport.close();
    }
  }

  /** A Portuguese error without the password; network failures while offline say so plainly. */
  private explain(error: unknown, config: SmtpConfig | null): AppError {
    const server = config ?? { host: '', port: 0 };
    const explained = describeSmtpError(error, server, config?.password ?? null);
    if (NETWORK_CODES.has(explained.code) && this.deps.online() === false) {
      return new AppError(
        'mail_offline',
        'Sem conexão com a internet: o e-mail não foi enviado. Conecte-se e tente de novo; a tentativa ficou registrada no histórico.',
        { detail: explained.detail },
      );
    }
    if (explained.code === 'internal' || !(error instanceof AppError)) {
      this.deps.logger.warn(
        `e-mail: ${explained.code} ${scrub(explained.detail ?? '', config?.password ?? null)}`,
      );
    }
    return explained;
  }
}

function wrap(error: unknown, code: string, message: string): AppError {
  if (error instanceof AppError) return error;
  return new AppError(code, message, { detail: error instanceof Error ? error.message : String(error) });
}
