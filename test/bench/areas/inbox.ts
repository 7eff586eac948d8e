// NF-e inbox figures: 10,000 distributed documents (resNFe summaries, signed nfeProc notes where
// the company is the carrier, and resEvento cancellations, from the sandbox's generator) ingested
// as the distribution delivers them — pages of 50, one transaction each with the NSU — then the
// p95 of the inbox page query with the screen's filters. INBOX_BENCH_DOCS overrides the count.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { DistributedDoc } from '../../../electron/app/inbox/ingest';
import { ingestPage } from '../../../electron/app/inbox/ingest';
import { listInbox } from '../../../electron/app/inbox/list';
import { openCache } from '../../../electron/cache';
import { generateNote } from '../../../electron/sandbox/nfe/generator';
import type { GeneratedNote } from '../../../electron/sandbox/nfe/generator';
import { prepareEmitterKeys } from '../../../electron/sandbox/nfe/emitter-keys';
import { inboxListInputSchema } from '../../../electron/shared/schemas/inbox';
import type { Figure } from '../types';
import { note } from '../types';
import { percentile } from '../support/stats';

const total = Number(process.env.INBOX_BENCH_DOCS ?? 10_000);
const company = '11222333000181';
const scope = { company, environment: 'sandbox' as const };
const PAGE = 50;
const TEMPLATES = 40;
const QUERIES = 300;
const DAY = 86_400_000;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
function templates(now: number): GeneratedNote[] {
  const out: GeneratedNote[] = [];
  for (let i = 0; i < TEMPLATES; i++) {
    const dhEmi = new Date(now - ((i * 37) % 170) * DAY - i * 3_600_000);
    out.push(
      generateNote({
        company: {
          cnpj: company,
          nome: 'RODOVIA AZUL TRANSPORTES LTDA',
          logradouro: 'Avenida Brasil',
          numero: '100',
          bairro: 'Centro',
          codigoMunicipio: '3550308',
          cidade: 'Sao Paulo',
          uf: 'SP',
          cep: '01310100',
        },
        role: i % 3 === 0 ? 'transportador' : 'destinatario',
        tpAmb: 2,
        seed: `bench|${i}`,
        dhEmi,
        dhRecbto: new Date(dhEmi.getTime() + 90_000),
      }),
    );
  }
  return out;
}

/** Document `n` of the stream: a template with a unique key (the parser does not check the digit). */
function documentAt(n: number, t: GeneratedNote): DistributedDoc {
  const chave = `${t.chave.slice(0, 25)}${String(n).padStart(9, '0')}${t.chave.slice(34)}`;
  const kind = n % 10 === 9 ? 'evento' : t.role === 'transportador' ? 'completa' : 'resumo';
  const xml =
    kind === 'evento'
      ? `<resEvento versao="1.01" xmlns="http://www.portalfiscal.inf.br/nfe"><cOrgao>35</cOrgao><CNPJ>${t.summary.emitCnpj}</CNPJ><chNFe>${chave}</chNFe><dhEvento>2026-11-20T10:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><xEvento>Cancelamento</xEvento><dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt></resEvento>`
      : (kind === 'completa' ? t.nfeProcXml : t.resNFeXml).split(t.chave).join(chave);
  return {
    meta: {
      id: `dnd_${n}`,
      nsu: n,
      schema:
        kind === 'evento'
          ? 'resEvento_v1.01.xsd'
          : kind === 'completa'
            ? 'procNFe_v4.00.xsd'
            : 'resNFe_v1.01.xsd',
      tipo_documento: kind === 'evento' ? 'evento' : 'nota',
      resumo: kind !== 'completa',
      chave_acesso: chave,
      tipo_evento: kind === 'evento' ? '110111' : null,
    },
    xml,
  };
}

export default async function* inbox(): AsyncGenerator<Figure> {
  const now = Date.now();
  await prepareEmitterKeys();
  const base = templates(now);
  const docs = Array.from({ length: total }, (_, i) => documentAt(i + 1, base[i % TEMPLATES]!));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-inbox-bench-'));
  const db = await openCache(path.join(dir, 'carreta.db'));
  try {
    const started = performance.now();
    for (let i = 0; i < docs.length; i += PAGE) {
      const page = docs.slice(i, i + PAGE);
      await ingestPage(db, scope, page, { ultimoNsu: i + page.length, maxNsu: total });
    }
    const seconds = (performance.now() - started) / 1000;
    const stored = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM inbox_notes');
    note(`ingested ${docs.length} documents (${stored?.n} notes) in ${seconds.toFixed(2)} s`);
    yield { name: 'ingest_docs_per_s', value: round(docs.length / seconds, 0), unit: 'docs/s' };

    const filters = [
      { tab: 'destinatario' },
      { tab: 'transportador' },
      { tab: 'destinatario', manifestacao: 'sem' },
      { tab: 'destinatario', emitente: 'LTDA' },
      { tab: 'destinatario', valorMin: 1000, valorMax: 50_000 },
      { tab: 'transportador', forma: 'completa', de: '2026-06-01' },
      { tab: 'destinatario', tipoDocumento: 'evento' },
    ] as const;
    const times: number[] = [];
    const byFilter = filters.map(() => [] as number[]);
    const cpuTimes: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const input = inboxListInputSchema.parse({
        company,
        ...filters[q % filters.length],
        offset: (q * 25) % 500,
        limit: 25,
      });
      const cpu = process.cpuUsage();
      const start = performance.now();
      await listInbox(db, scope, input, now);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      times.push(performance.now() - start);
      byFilter[q % filters.length]!.push(performance.now() - start);
    }
    // CPU time beside wall time: on a loaded, shared machine it shows the work itself.
    note(`page cpu p95 ${percentile(cpuTimes, 95).toFixed(1)} ms; load ${os.loadavg()[0]?.toFixed(1)}`);
    note(`page p95 by filter (ms): ${byFilter.map((t) => percentile(t, 95).toFixed(1)).join(', ')}`);
    yield { name: 'page_p95_ms', value: round(percentile(times, 95), 2), unit: 'ms' };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
