// The dce:* commands through the app's command table (createApp, demonstração mode: the embedded
// sandbox over HTTP): issue with the shared numbering and outbox, preview, drafts, detail, files,
// list, keys for a CT-e, the DACE from the cache, and cancellation inside its 24-hour window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dceCancelState } from '../../../electron/app/commands/dce';
import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import type { Dfe } from '../../../electron/nuvemfiscal';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import { memoryHost } from '../../support/memory-host';
import { dceForm } from './fixtures';

interface Outcome {
  status: string;
  serie: number;
  numero: number;
  cacheId: number | null;
  document: { id: string; chave?: string } | null;
  rejection: unknown;
}
interface Summary {
  cacheId: number;
  apiId: string | null;
  chave: string | null;
  numero: number | null;
  status: string;
  destinatario: string | null;
  valor: number | null;
}

let app: CarretaApp;
async function call<T>(channel: string, input: unknown): Promise<T> {
  const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}
async function failure(channel: string, input: unknown) {
  const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<unknown>;
  if (envelope.ok) throw new Error(`${channel} should have failed`);
  return envelope.error;
}

beforeAll(async () => {
  app = await createApp(memoryHost().host);
  await app.context.embedded.ensure();
}, 60_000);
afterAll(async () => {
  await app?.dispose();
});

describe('dce commands (demonstração)', () => {
  let first: Outcome;

  it('refuses an invalid form with Portuguese messages and field paths', async () => {
    const error = await failure('dce:issue', { company: DEMO_CNPJ, form: { ...dceForm(), itens: [] } });
    expect(error.code).toBe('invalid_input');
    expect(error.fields).toContain('form.itens');
    expect(error.message).toMatch(/ao menos um item/);
  });

  it('previews the DACE without spending a número', async () => {
    const before = await call<{ next: number }>('numbering:get', { company: DEMO_CNPJ, kind: 'dce' });
    const preview = await call<{ payload: { infDCe: { ide: { nDC: number } } }; html: string }>(
      'dce:preview',
      { company: DEMO_CNPJ, form: dceForm() },
    );
    expect(preview.payload.infDCe.ide.nDC).toBe(before.next);
    expect(preview.html).toContain('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL');
    expect(preview.html).toContain('Livros usados');
    expect(preview.html).toContain('Maria Remetente');
    const after = await call<{ next: number }>('numbering:get', { company: DEMO_CNPJ, kind: 'dce' });
    expect(after.next).toBe(before.next);
  });

  it('issues through the shared numbering: consecutive números, authorized and cached', async () => {
    first = await call<Outcome>('dce:issue', { company: DEMO_CNPJ, form: dceForm() });
    expect(first.status, JSON.stringify(first.rejection)).toBe('autorizado');
    expect(first.cacheId).not.toBeNull();
    const second = await call<Outcome>('dce:issue', { company: DEMO_CNPJ, form: dceForm() });
    expect(second.status).toBe('autorizado');
    expect(second.numero).toBe(first.numero + 1);
    const state = await call<{ next: number; highestSpent: number }>('numbering:get', {
      company: DEMO_CNPJ,
      kind: 'dce',
    });
    expect(state.highestSpent).toBe(second.numero);
    expect(state.next).toBe(second.numero + 1);
    // The outbox row is settled: nothing left to resend.
    const outbox = await call<{ items: { kind: string; state: string }[] }>('outbox:list', {
      company: DEMO_CNPJ,
      openOnly: true,
    });
    expect(outbox.items.filter((i) => i.kind === 'dce')).toEqual([]);
  }, 30_000);

  it('remembers the parties of an authorized DC-e in the address book, in the form shape', async () => {
    type Entry = { cpfCnpj: string; nome: string; uf: string | null; data: Record<string, unknown> };
    const search = async (text: string) =>
      (await call<{ entries: Entry[] }>('addressBook:search', { company: DEMO_CNPJ, text, limit: 5 }))
        .entries;
    const [dest] = await search('Loja Destino');
    expect(dest).toMatchObject({ cpfCnpj: '11444777000161', nome: 'Loja Destino Ltda', uf: 'SP' });
    // The DC-e keeps fone/e-mail inside the address; the entry has them where the form does.
    expect(dest!.data).toMatchObject({
      email: 'compras@destino.example',
      endereco: { xCpl: 'Sala 5', cMun: '3550308', cep: '01310100' },
    });
    const [rem] = await search('Maria Remetente');
    expect(rem).toMatchObject({ cpfCnpj: '12345678909', uf: 'PR' });
    expect(rem!.data).toMatchObject({ fone: '4133332222', endereco: { xMun: 'Curitiba' } });
  });

  it('keeps drafts with kind dce', async () => {
    const saved = await call<{ id: number }>('drafts:save', {
      kind: 'dce',
      company: DEMO_CNPJ,
      title: 'DC-e para São Paulo',
      data: dceForm(),
    });
    const { drafts } = await call<{ drafts: { id: number; kind: string }[] }>('drafts:list', {
      company: DEMO_CNPJ,
      kind: 'dce',
    });
    expect(drafts.map((d) => d.id)).toContain(saved.id);
    expect(drafts.every((d) => d.kind === 'dce')).toBe(true);
  });

  it('reads the detail with its cancellation window and downloads the files', async () => {
    const id = first.document!.id;
    const detail = await call<{ document: Dfe; cancellable: boolean; hoursLeft: number }>('dce:get', { id });
    expect(detail.document.status).toBe('autorizado');
    expect(detail.cancellable).toBe(true);
    expect(detail.hoursLeft).toBeGreaterThan(23);
    expect(detail.hoursLeft).toBeLessThanOrEqual(24);
    const file = async (kind: string) => {
      const f = await call<{ name: string; base64: string }>('dce:files', { id, file: kind });
      return { name: f.name, text: Buffer.from(f.base64, 'base64').toString('latin1') };
    };
    const xml = await file('xml');
    expect(xml.text).toContain('<dceProc');
    const chave = /<chDCe>(\d{44})<\/chDCe>/.exec(xml.text)?.[1];
    expect(chave).toBeDefined();
    expect(xml.name).toBe(`${chave}-dce.xml`);
    expect((await file('pdf')).name).toBe(`${chave}-dace.pdf`);
    expect((await file('xml_enviado')).text).toMatch(/<DCe[ >]/);
    expect((await file('xml_protocolo')).text).toContain('protDCe');
    const pdf = await file('pdf');
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    expect(pdf.name).toMatch(/\.pdf$/);
  }, 60_000);

  it('lists the DC-e from the cache and offers the authorized keys to the CT-e form', async () => {
    const { items } = await call<{ items: Summary[] }>('dce:list', { company: DEMO_CNPJ });
    expect(items.length).toBeGreaterThanOrEqual(2);
    const mine = items.find((i) => i.apiId === first.document!.id)!;
    expect(mine.destinatario).toBe('Loja Destino Ltda');
    expect(mine.valor).toBe(55.83);
    const keys = await call<{ items: Summary[] }>('dce:keysForCte', { company: DEMO_CNPJ });
    expect(keys.items.map((k) => k.chave)).toContain(first.document!.chave);
    expect(keys.items.every((k) => k.status === 'autorizado' && k.chave?.length === 44)).toBe(true);
  });

  it('prints the DACE from the offline cache', async () => {
    const preview = await call<{ html: string; kind: string }>('print:preview', { id: first.cacheId });
    expect(preview.html).toContain('Loja Destino Ltda');
  });

  it('cancels with a justificativa of 15–255 characters, once', async () => {
    const id = first.document!.id;
    const short = await failure('dce:cancel', { id, justificativa: 'curta' });
    expect(short.fields).toContain('justificativa');
    expect(short.message).toMatch(/15 caracteres/);
    const done = await call<{ event: { status: string } }>('dce:cancel', {
      id,
      justificativa: 'Declaração emitida com destinatário errado',
    });
    expect(done.event.status).toBe('registrado');
    const detail = await call<{ document: Dfe; cancellable: boolean; reason: string }>('dce:get', { id });
    expect(detail.document.status).toBe('cancelado');
    expect(detail.cancellable).toBe(false);
    const again = await failure('dce:cancel', {
      id,
      justificativa: 'Declaração emitida com destinatário errado',
    });
    expect(again.message).toMatch(/autorizada/);
    const cancelXml = await call<{ base64: string }>('dce:files', { id, file: 'cancelamento_xml' });
    expect(Buffer.from(cancelXml.base64, 'base64').toString('utf8')).toContain('110111');
    const keys = await call<{ items: Summary[] }>('dce:keysForCte', { company: DEMO_CNPJ });
    expect(keys.items.map((k) => k.apiId)).not.toContain(id);
  }, 30_000);

  it('shows the debug view: the payload as sent and the outbox row', async () => {
    const debug = await call<{ payload: { infDCe: unknown } | null; outbox: { state: string } | null }>(
      'dce:debug',
      { id: first.document!.id },
    );
    expect(debug.payload?.infDCe).toBeTruthy();
    expect(debug.outbox?.state).toBe('sent');
  });
});

describe('DC-e cancellation window', () => {
  const doc = (status: string, at: string) =>
    ({ id: 'x', status, autorizacao: { data_recebimento: at } }) as unknown as Dfe;
  it('closes 24 hours after the authorization (not the CT-e 168)', () => {
    const at = '2026-11-20T10:00:00Z';
    expect(dceCancelState(doc('autorizado', at), new Date('2026-11-21T09:00:00Z'))).toMatchObject({
      cancellable: true,
      hoursLeft: 1,
    });
    const closed = dceCancelState(doc('autorizado', at), new Date('2026-11-21T10:30:00Z'));
    expect(closed.cancellable).toBe(false);
    expect(closed.reason).toMatch(/24 horas/);
    expect(dceCancelState(doc('rejeitado', at), new Date(at)).cancellable).toBe(false);
  });
});
