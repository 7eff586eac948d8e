// An in-memory fiscal API for sync tests: lists newest first like the real one, answers 404 for
// files it does not have, and can be switched offline. Counts the requests it serves.
import { ApiError } from '../../../electron/nuvemfiscal';
import type { ApiRecord, DocKind } from '../../../electron/cache/repositories/types';
import type { EventRecord, SourceFile, SyncSource } from '../../../electron/app/sync/source';
import type { FakeDoc } from '../../cache/repositories/fixtures';
import { issueTime, makeCertificate, makeDoc, makeParties } from '../../cache/repositories/fixtures';

const notFound = () =>
  new ApiError({ kind: 'http', status: 404, message: 'O registro não foi encontrado na API fiscal.' });

export class FakeSource implements SyncSource {
  /** Newest last; listed newest first. */
  readonly docs: FakeDoc[] = [];
  readonly cancellations = new Map<string, EventRecord>();
  offline = false;
  requests = { list: 0, get: 0, xml: 0, events: 0 };
  private readonly parties = makeParties(11, 50);
  private readonly certificate = makeCertificate(12);

  constructor(readonly company = '12345678000190') {}

  /** Lazily made documents for huge lists (the kill test): only the records, XML on demand. */
  issue(count: number, options: { status?: string; from?: number; total?: number } = {}): FakeDoc[] {
    const made: FakeDoc[] = [];
    const start = options.from ?? this.docs.length;
    for (let i = 0; i < count; i++) {
      const numero = start + i + 1;
      const doc = makeDoc({
        seed: 11,
        company: this.company,
        certificate: this.certificate,
        parties: this.parties,
        numero,
        dhEmi: issueTime(numero, options.total ?? 100_000, 12),
        status: options.status ?? 'autorizado',
      });
      this.docs.push(doc);
      made.push(doc);
    }
    return made;
  }

  cancel(doc: FakeDoc): void {
    doc.record = { ...doc.record, status: 'cancelado' };
    this.cancellations.set(doc.record.id, {
      id: `canc_${doc.record.id}`,
      status: 'registrado',
      numero_sequencial: 1,
      numero_protocolo: '135000000000001',
      data_evento: '2026-10-01T10:00:00-03:00',
      tipo_evento: '110111',
    });
  }

  private check() {
    if (this.offline) throw new ApiError({ kind: 'offline', message: 'Sem conexão com a internet.' });
  }

  private find(id: string): FakeDoc {
    const doc = this.docs.find((d) => d.record.id === id);
    if (!doc) throw notFound();
    return doc;
  }

  async empresas() {
    this.check();
    return [this.company];
  }

  async listar(kind: DocKind, filter: { cpf_cnpj: string }, page: { top: number; skip: number }) {
    this.check();
    this.requests.list++;
    if (kind !== 'cte' || filter.cpf_cnpj !== this.company) return { data: [] };
    const newestFirst: ApiRecord[] = [];
    for (let i = this.docs.length - 1 - page.skip; i >= 0 && newestFirst.length < page.top; i--) {
      newestFirst.push(this.docs[i].record);
    }
    return { data: newestFirst };
  }

  async consultar(_kind: DocKind, id: string) {
    this.check();
    this.requests.get++;
    return this.find(id).record;
  }

  async xml(_kind: DocKind, id: string): Promise<SourceFile> {
    this.check();
    this.requests.xml++;
    const doc = this.find(id);
    if (!['autorizado', 'cancelado', 'encerrado'].includes(doc.record.status)) throw notFound();
    return { data: Buffer.from(doc.xml, 'utf8'), contentType: 'application/xml' };
  }

  async cancelamento(_kind: DocKind, id: string) {
    this.check();
    this.requests.events++;
    const event = this.cancellations.get(id);
    if (!event) throw notFound();
    return event;
  }

  async xmlCancelamento(_kind: DocKind, id: string): Promise<SourceFile> {
    this.check();
    const event = this.cancellations.get(id);
    if (!event) throw notFound();
    const xml = `<procEventoCTe versao="4.00"><eventoCTe><infEvento Id="ID110111${id}"><tpEvento>110111</tpEvento></infEvento></eventoCTe></procEventoCTe>`;
    return { data: Buffer.from(xml), contentType: 'application/xml' };
  }

  async cartaCorrecao(): Promise<EventRecord> {
    this.check();
    this.requests.events++;
    throw notFound();
  }

  async xmlCartaCorrecao(): Promise<SourceFile> {
    throw notFound();
  }
}
