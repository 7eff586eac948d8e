// The inbox service shared by the distribution routes and the control API: one per sandbox
// context. Seeds demo notes on a company's first use, injects notes on request, and records the
// emitter's own events (CC-e, cancellation) on some of them.
import type { SandboxContext } from '../context';
import type { Empresa } from '../companies';
import type { Ambiente } from '../http/query';
import type { SigningKey } from '../dfe/sign';
import { isoSeconds, protocolNumber } from './format';
import { generateNote } from './generator';
import type { CompanyParty, GeneratedNote, NoteRole } from './generator';
import { emitterKey, prepareEmitterKeys } from './emitter-keys';
import { createPrng } from './prng';
import { EVENT_DESCRIPTIONS, buildProcEvento, buildResEvento } from './proc-xml';
import type { EventFacts } from './proc-xml';
import { migrateInbox } from './schema';
import { readSettings } from './settings';
import { SCHEMAS, createStream } from './stream';
import type { DocumentBody, NoteRecord, StreamKey } from './stream';

const HOUR = 3_600_000;
export type EmitterEvent = '110110' | '110111';
const DEFAULT_EVENT_TEXT: Record<EmitterEvent, string> = {
  '110110': 'Corrigir o endereco de entrega: doca 3, portao lateral da Rua B.',
  '110111': 'Pedido cancelado pelo cliente antes da saida da mercadoria.',
};
const DAY = 24 * HOUR;

export const tpAmbOf = (ambiente: Ambiente): 1 | 2 => (ambiente === 'producao' ? 1 : 2);

export function companyParty(e: Empresa): CompanyParty {
  return {
    cnpj: e.cpf_cnpj,
    nome: e.nome_razao_social,
    ie: e.inscricao_estadual,
    logradouro: e.endereco.logradouro,
    numero: e.endereco.numero,
    bairro: e.endereco.bairro,
    codigoMunicipio: e.endereco.codigo_municipio,
    cidade: e.endereco.cidade,
    uf: e.endereco.uf,
    cep: e.endereco.cep,
  };
}

/** A signed event and the stream document that carries it (summary or full). */
export function eventDocument(f: EventFacts, key: SigningKey, summary: boolean) {
  const proc = buildProcEvento(f, key);
  const body: DocumentBody = {
    schema: summary ? SCHEMAS.resEvento : SCHEMAS.procEvento,
    tipo_documento: 'evento',
    resumo: summary,
    chave_acesso: f.chave,
    tipo_nfe: null,
    valor_nfe: null,
    emitente_cpf_cnpj: f.authorCnpj,
    emitente_nome_razao_social: null,
    emitente_inscricao_estadual: null,
    digest_value: null,
    numero_protocolo: f.nProt,
    data_recebimento: isoSeconds(f.dhRegEvento),
    data_evento: isoSeconds(f.dhEvento),
    tipo_evento: f.tpEvento,
    numero_sequencial: f.nSeqEvento,
  };
  return { body, procXml: proc.xml, xml: summary ? buildResEvento(f) : proc.xml };
}

export interface InjectRequest {
  role: NoteRole;
  count: number;
  valor?: number;
  emitente?: { cnpj: string; nome?: string };
  dataEmissao?: Date;
}

export async function createInbox(ctx: SandboxContext) {
  await migrateInbox(ctx.store);
  const stream = createStream(ctx.store);
  let protocolSeq = 0;

  async function generate(
    k: StreamKey,
    company: Empresa,
    role: NoteRole,
    dhEmi: Date,
    extra: Partial<InjectRequest> = {},
  ) {
    const index = await stream.countNotes(k);
    const note = generateNote({
      company: companyParty(company),
      role,
      tpAmb: tpAmbOf(k.ambiente),
      seed: `${k.cpfCnpj}|${k.ambiente}|${role}|${index}`,
      dhEmi,
      dhRecbto: new Date(dhEmi.getTime() + 90_000),
      valor: extra.valor,
      emitente: extra.emitente,
    });
    await stream.addNote(k, note, ctx.clock.nowMs());
    return note;
  }

  /** The emitter's CC-e (110110) or cancellation (110111), distributed in summary to a buyer. */
  async function emitterEvent(
    k: StreamKey,
    note: NoteRecord,
    tpEvento: EmitterEvent,
    at: Date,
    text?: string,
  ) {
    const cUF = note.content.cUF;
    const facts: EventFacts = {
      chave: note.chave,
      tpAmb: tpAmbOf(k.ambiente),
      cOrgao: cUF,
      authorCnpj: note.emitCnpj,
      tpEvento,
      nSeqEvento: 1,
      dhEvento: at,
      dhRegEvento: new Date(at.getTime() + 5_000),
      nProt: protocolNumber(cUF, at, 500_000 + ++protocolSeq),
      text: text ?? DEFAULT_EVENT_TEXT[tpEvento],
      nfeProt: note.numeroProtocolo,
      destCnpj: note.destCnpj,
    };
    const key = emitterKey(note.emitCnpj, note.emitNome);
    const doc = eventDocument(facts, key, note.role === 'destinatario');
    await stream.queue(k, doc.body, doc.xml, ctx.clock.nowMs());
    if (tpEvento === '110111') await stream.markCancelled(k, note.chave);
  }

  const recordOf = async (k: StreamKey, chave: string) => (await stream.note(k, chave))!;

  async function seedDemo(k: StreamKey, company: Empresa) {
    const now = ctx.clock.nowMs();
    const buyer: GeneratedNote[] = [];
    for (let i = 0; i < 4; i++) {
      buyer.push(
        await generate(k, company, 'destinatario', new Date(now - (i * 2 + 1) * DAY - (i + 1) * HOUR)),
      );
    }
    const carrier: GeneratedNote[] = [];
    for (let i = 0; i < 2; i++) {
      carrier.push(await generate(k, company, 'transportador', new Date(now - (i + 1) * DAY - 3 * HOUR)));
    }
    const corrected = await recordOf(k, buyer[0]!.chave);
    await emitterEvent(k, corrected, '110110', new Date(corrected.dhRecbto + 2 * HOUR));
    const cancelled = await recordOf(k, carrier[1]!.chave);
    await emitterEvent(k, cancelled, '110111', new Date(cancelled.dhRecbto + HOUR));
  }

  // Seeding takes a while (signing); a request arriving meanwhile must wait for it rather than read
  // an empty stream and answer 137.
  const opening = new Map<string, Promise<void>>();
  async function openOnce(k: StreamKey): Promise<void> {
    const company = await ctx.companies.get(k.cpfCnpj);
    if (company) {
      const { changes } = await ctx.store.run(
        'INSERT OR IGNORE INTO sandbox_nfe_seeded (cpf_cnpj, ambiente) VALUES (?, ?)',
        [k.cpfCnpj, k.ambiente],
      );
      if (changes > 0 && (await readSettings(ctx.store)).notas_demonstracao) {
        await prepareEmitterKeys();
        await seedDemo(k, company);
      }
    }
  }

  return {
    stream,
    eventDescription: (tp: string) => EVENT_DESCRIPTIONS[tp] ?? tp,

    /** Seeds demo notes once per company+ambiente (unless disabled) and releases due documents. */
    async open(k: StreamKey): Promise<void> {
      const key = `${k.cpfCnpj}|${k.ambiente}`;
      const previous = opening.get(key) ?? Promise.resolve();
      const current = previous.catch(() => undefined).then(() => openOnce(k));
      opening.set(key, current);
      try {
        await current;
      } finally {
        if (opening.get(key) === current) opening.delete(key);
      }
      await stream.materialize(k, ctx.clock.nowMs());
    },

    /** The emitter corrects (110110) or cancels (110111) a note of the stream; false when unknown. */
    async emitterEvent(k: StreamKey, chave: string, tpEvento: EmitterEvent, text?: string): Promise<boolean> {
      await this.open(k);
      const note = await stream.note(k, chave);
      if (!note) return false;
      await prepareEmitterKeys();
      await emitterEvent(k, note, tpEvento, ctx.clock.now(), text);
      await stream.materialize(k, ctx.clock.nowMs());
      return true;
    },

    async inject(k: StreamKey, company: Empresa, r: InjectRequest): Promise<string[]> {
      await this.open(k);
      await prepareEmitterKeys();
      const prng = createPrng(`${k.cpfCnpj}|${k.ambiente}|inject|${await stream.countNotes(k)}`);
      const chaves: string[] = [];
      for (let i = 0; i < r.count; i++) {
        const dhEmi = r.dataEmissao ?? new Date(ctx.clock.nowMs() - prng.int(1, 48) * HOUR);
        chaves.push((await generate(k, company, r.role, dhEmi, r)).chave);
      }
      await stream.materialize(k, ctx.clock.nowMs());
      return chaves;
    },
  };
}

export type Inbox = Awaited<ReturnType<typeof createInbox>>;

const inboxes = new WeakMap<SandboxContext, Promise<Inbox>>();

/** The context's inbox, created (and its tables migrated) on first use by any route plugin. */
export function inboxOf(ctx: SandboxContext): Promise<Inbox> {
  let inbox = inboxes.get(ctx);
  if (!inbox) {
    inbox = createInbox(ctx);
    inboxes.set(ctx, inbox);
  }
  return inbox;
}
