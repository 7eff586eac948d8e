// A real SMTP server on 127.0.0.1 (smtp-server, from the nodemailer project) and an app whose cache
// holds one authorized CT-e with e-mails on its parties.
import net from 'node:net';

import { SMTPServer } from 'smtp-server';

import type { PrinterAdapter } from '../../../electron/app/host';
import type { CarretaApp } from '../../../electron/app/index';
import { buildCommandTable, createApp } from '../../../electron/app/index';
import { createMailService, mailCommands } from '../../../electron/app/commands/mail';
import type { MailOverrides } from '../../../electron/app/commands/mail';
import type { Dispatch } from '../../../electron/app/dispatcher';
import { createDispatcher } from '../../../electron/app/dispatcher';
import { silentLogger } from '../../../electron/app/logger';
import { extractFields } from '../../../electron/app/sync/extract';
import { packFile } from '../../../electron/cache/repositories';
import type { HostAdapter } from '../../../electron/app/host';
import { makeCertificate, makeDoc, makeParties } from '../../cache/repositories/fixtures';
import { memoryHost } from '../../support/memory-host';

export const SMTP_USER = 'carreta@transportes.example';
export const SMTP_PASSWORD = 'Senha-Smtp-4e7f1a9c2b';

export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface TestSmtp {
  port: number;
  received: Received[];
  logins: { username: string; ok: boolean }[];
  /** Whether each login happened over TLS. */
  secured: boolean[];
  close(): Promise<void>;
}

/** Plain SMTP with login (the test never leaves 127.0.0.1, so no TLS is needed to accept AUTH). */
export async function startSmtp(
  options: {
    secure?: boolean;
    noStarttls?: boolean;
    refuse?: RegExp;
    /** Own certificate; with it STARTTLS is offered unless noStarttls. */
    tls?: { key: string; cert: string };
  } = {},
): Promise<TestSmtp> {
  const received: Received[] = [];
  const logins: { username: string; ok: boolean }[] = [];
  const secured: boolean[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    allowInsecureAuth: true,
    disabledCommands: options.noStarttls || (!options.secure && !options.tls) ? ['STARTTLS'] : [],
    ...(options.tls ?? {}),
    logger: false,
    onAuth(auth, session, callback) {
      secured.push(Boolean(session.secure));
      const ok = auth.username === SMTP_USER && auth.password === SMTP_PASSWORD;
      logins.push({ username: auth.username ?? '', ok });
      if (!ok) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) {
        const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  // Refused handshakes are the point of some tests; the server reports them as errors.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    logins,
    secured,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on: bound once to learn a free number, then released. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Accepts connections and never says a word: the client's greeting timeout must fire. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** PDFs are a marker plus the HTML's length: enough to check the attachment is what was printed. */
export class RecordingPrinter implements PrinterAdapter {
  readonly canPrint = false;
  readonly pdfs: Buffer[] = [];
  listPrinters = () => Promise.resolve([]);
  print = () => Promise.resolve(false);
  toPdf(html: string) {
    const pdf = Buffer.from(
      `%PDF-1.7 carreta-test ${html.length} ${html.includes('DACTE') ? 'DACTE' : 'outro'}`,
    );
    this.pdfs.push(pdf);
    return Promise.resolve(pdf);
  }
}

export const company = '11222333000181';
export const TOMADOR_EMAIL = 'financeiro@tomador.example';

/** One CT-e with e-mails on the remetente and the destinatário (the tomador is one of them). */
export function mailableDoc(numero = 7) {
  const parties = makeParties(5, 20);
  const doc = makeDoc({
    seed: 9,
    company,
    certificate: makeCertificate(6),
    parties,
    numero,
    dhEmi: '2026-11-02T10:20:00-03:00',
  });
  const tomaIsRem = doc.tomador === doc.remetente;
  const remEmail = tomaIsRem ? TOMADOR_EMAIL : 'expedicao@remetente.example';
  const destEmail = tomaIsRem ? 'recebimento@destino.example' : TOMADOR_EMAIL;
  const xml = doc.xml
    .replace('</enderReme>', `</enderReme><email>${remEmail}</email>`)
    .replace('</enderDest>', `</enderDest><email>${destEmail}</email>`);
  return { ...doc, xml, remEmail, destEmail };
}

export interface MailApp {
  app: CarretaApp;
  host: HostAdapter;
  dispatch: Dispatch;
  docId: number;
  doc: ReturnType<typeof mailableDoc>;
  printer: RecordingPrinter;
}

/** The app with the mail commands built with test overrides (short timeouts, a fixed online state). */
export async function startMailApp(overrides: MailOverrides = {}, host?: HostAdapter): Promise<MailApp> {
  const made = host ?? memoryHost({ settings: { environment: 'sandbox' } }).host;
  const printer = new RecordingPrinter();
  made.printer = printer;
  const app = await createApp(made);
  const repos = app.context.cache.require();
  const doc = mailableDoc();
  const [row] = await repos.documents.upsertBatch([
    {
      company,
      kind: 'cte',
      environment: 'sandbox',
      record: doc.record,
      fields: extractFields(doc.xml).fields,
      files: [{ kind: 'xml', file: await packFile(Buffer.from(doc.xml), 'application/xml') }],
    },
  ]);
  const service = createMailService(app.context, {
    online: () => true,
    timeouts: { connectionMs: 3000, greetingMs: 1500, socketMs: 5000 },
    ...overrides,
  });
  const table = { ...buildCommandTable(app.context), ...mailCommands(app.context, service) };
  return {
    app,
    host: made,
    dispatch: createDispatcher(table, made.logger ?? silentLogger),
    docId: row!.id,
    doc,
    printer,
  };
}

export function smtpSettings(port: number, extra: Record<string, unknown> = {}) {
  return {
    host: '127.0.0.1',
    port,
    security: 'none',
    user: SMTP_USER,
    fromName: 'Transportadora Carreta',
    fromAddress: 'fiscal@carreta.example',
    replyTo: 'atendimento@carreta.example',
    cc: [],
    bcc: ['arquivo@carreta.example'],
    subjectTemplate: '{tipo} nº {numero} série {serie} — {emitente}',
    bodyTemplate: 'Segue o {documento} do {tipo} {numero}. Chave {chave}. Tomador: {tomador}.',
    ...extra,
  };
}
