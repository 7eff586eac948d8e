// E-mail of an MDF-e through the same SMTP path as the CT-e (a real SMTP server on 127.0.0.1): the
// DAMDFE printed here and the mdfeProc attached, the templates filled with the manifest's number
// and key, every attempt logged in the MDF-e's own history (mdfe_mail_log, migration 0015).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import type { MailCompose, MailLogEntry } from '../../../electron/shared/schemas/mail';
import { attachmentName, parseMime } from '../mail/mime';
import type { TestSmtp } from '../mail/support';
import { RecordingPrinter, SMTP_PASSWORD, smtpSettings, startSmtp } from '../mail/support';
import { memoryHost } from '../../support/memory-host';
import { mdfeTrip } from '../../support/mdfe-trip';

let app: CarretaApp;
let smtp: TestSmtp;
const printer = new RecordingPrinter();
async function call<T>(channel: string, input: unknown): Promise<T> {
  const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}

beforeAll(async () => {
  const { host } = memoryHost();
  host.printer = printer;
  app = await createApp(host);
  app.context.sync.stop();
  await app.context.embedded.ensure();
  smtp = await startSmtp();
}, 60_000);
afterAll(async () => {
  await app?.dispose();
  await smtp?.close();
});

describe('e-mail of an MDF-e', () => {
  it('sends the DAMDFE and the mdfeProc and logs the attempt', async () => {
    const issued = await call<{ cacheId: number; status: string }>('mdfe:issue', {
      company: DEMO_CNPJ,
      infMDFe: mdfeTrip(DEMO_CNPJ, 'EML1A23'),
    });
    expect(issued.status).toBe('autorizado');
    const id = issued.cacheId;
    const before = await call<MailCompose>('mdfe:mailCompose', { id });
    expect(before.configured).toBe(false);
    await call('mailSettings:set', { settings: smtpSettings(smtp.port), password: SMTP_PASSWORD });
    const detail = await call<{ mdfe: { chave: string; numero: number } }>('mdfe:get', { id });
    const { chave, numero } = detail.mdfe;
    const draft = await call<MailCompose>('mdfe:mailCompose', { id });
    expect(draft).toMatchObject({
      configured: true,
      label: `MDF-e 1/${numero}`,
      to: [],
      suggestions: [],
      bcc: ['arquivo@carreta.example'],
      attachments: [`${chave}.pdf`, `${chave}-procMDFe.xml`],
    });
    expect(draft.subject).toMatch(new RegExp(`^MDF-e nº ${numero} série 1 — `));
    expect(draft.body).toBe(`Segue o DAMDFE do MDF-e ${numero}. Chave ${chave}. Tomador: .`);

    await call('mdfe:mailSend', {
      id,
      to: ['motorista@transportes.example'],
      bcc: draft.bcc,
      subject: draft.subject,
      body: draft.body,
    });
    expect(smtp.received).toHaveLength(1);
    const mime = parseMime(smtp.received[0]!.raw);
    const files = new Map(mime.parts.map((part) => [attachmentName(part), part]));
    expect(files.get(`${chave}.pdf`)?.body.equals(printer.pdfs.at(-1)!)).toBe(true);
    const xml = (await call<{ base64: string }>('mdfe:xml', { id })).base64;
    expect(files.get(`${chave}-procMDFe.xml`)?.body.toString('utf8')).toBe(
      Buffer.from(xml, 'base64').toString('utf8'),
    );
    const log = await call<{ items: MailLogEntry[] }>('mdfe:mailLog', { id });
    expect(log.items).toEqual([
      expect.objectContaining({ kind: 'mdfe', status: 'enviado', to: ['motorista@transportes.example'] }),
    ]);
    // The MDF-e's history is its own: the documents' mail log of the same id number stays empty.
    expect((await call<{ items: unknown[] }>('mail:log', { id })).items).toEqual([]);
  });
});
