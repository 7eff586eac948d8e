// Cache figures on 100,000 CT-e with realistic ~7-8 KB cteProc XML: ingest rate through the
// repository (compression, FTS triggers, indexes; one transaction per page of 100, as a sync
// writes them), database size against the raw XML, browse and full-text query latencies, open
// time and memory. CACHE_BENCH_DOCS overrides the count for a quick run.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { openCache } from '../../../electron/cache';
import type { BrowseQuery, BrowseFields, DocumentUpsert } from '../../../electron/cache/repositories';
import { createRepositories, packFile } from '../../../electron/cache/repositories';
import { extractFields } from '../../../electron/app/sync/extract';
import type { FakeDoc } from '../../cache/repositories/fixtures';
import { issueTime, makeCertificate, makeDoc, makeParties, rng } from '../../cache/repositories/fixtures';
import type { Figure } from '../types';
import { note } from '../types';
import { percentile } from '../support/stats';

const total = Number(process.env.CACHE_BENCH_DOCS ?? 100_000);
const company = '11222333000181';
const BATCH = 100;
// Generated documents are held a chunk at a time: 500 (five pages) keeps the sync's overlap of
// compressing the next page while writing this one. 5,000 held ~36 MB of two-byte XML strings
// plus their Buffers alive at once, and the heap and malloc arenas they grew stayed in rss_mb,
// counted against the cache (issue 27).
const CHUNK = 500;
const QUERIES = 300;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The fields the sync reads from the XML, known here from the generator (parsing is timed apart). */
function fieldsOf(doc: FakeDoc, xmlFields: BrowseFields | null): BrowseFields {
  return (
    xmlFields ?? {
      tomadorNome: doc.tomador.nome,
      tomadorDoc: doc.tomador.cnpj,
      remetenteNome: doc.remetente.nome,
      remetenteDoc: doc.remetente.cnpj,
      destinatarioNome: doc.destinatario.nome,
      destinatarioDoc: doc.destinatario.cnpj,
      ufInicio: doc.remetente.place[0],
      municipioInicio: doc.remetente.place[2],
      ufFim: doc.destinatario.place[0],
      municipioFim: doc.destinatario.place[2],
      valorPrestacao: Math.round(doc.valor * 100),
      valorIcms: Math.round(doc.icms * 100),
      dataEmissao: doc.record.data_emissao ?? null,
      serie: doc.record.serie ?? null,
      numero: doc.record.numero ?? null,
      chave: doc.record.chave ?? null,
    }
  );
}

export default async function* cache(): AsyncGenerator<Figure> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-bench-cache-'));
  const file = path.join(dir, 'carreta.db');
  try {
    let db = await openCache(file);
    let repos = createRepositories(db);
    const parties = makeParties(21, 2_000);
    const certificate = makeCertificate(22);
    const random = rng(23);
    const statuses = [
      'autorizado',
      'autorizado',
      'autorizado',
      'autorizado',
      'autorizado',
      'autorizado',
      'autorizado',
      'autorizado',
      'cancelado',
      'rejeitado',
    ];
    let raw = 0;
    let ingestMs = 0;
    const sample: FakeDoc[] = [];
    const pack = (docs: FakeDoc[]): Promise<DocumentUpsert[]> =>
      Promise.all(
        docs.map(async (doc) => ({
          company,
          kind: 'cte' as const,
          environment: 'producao' as const,
          record: doc.record,
          fields: fieldsOf(doc, null),
          files: [
            { kind: 'xml' as const, file: await packFile(Buffer.from(doc.xml, 'utf8'), 'application/xml') },
          ],
        })),
      );
    // Documents are generated a chunk at a time, untimed; within a chunk the next page is compressed
    // (libuv pool) while the current one is written, as a sync overlaps fetching and writing.
    for (let chunkStart = 0; chunkStart < total; chunkStart += CHUNK) {
      const pages: FakeDoc[][] = [];
      for (let start = chunkStart; start < Math.min(total, chunkStart + CHUNK); start += BATCH) {
        pages.push(
          Array.from({ length: Math.min(BATCH, total - start) }, (_, i) =>
            makeDoc({
              seed: 21,
              company,
              certificate,
              parties,
              numero: start + i + 1,
              dhEmi: issueTime(start + i, total, 12),
              status: statuses[Math.floor(random() * statuses.length)],
            }),
          ),
        );
      }
      sample.push(pages[0][0]);
      for (const page of pages) for (const doc of page) raw += Buffer.byteLength(doc.xml);
      const began = performance.now();
      let next = pack(pages[0]);
      for (let i = 0; i < pages.length; i++) {
        const items = await next;
        if (i + 1 < pages.length) next = pack(pages[i + 1]);
        await repos.documents.upsertBatch(items);
      }
      ingestMs += performance.now() - began;
      if ((chunkStart + CHUNK) % 20_000 === 0) note(`cache: ${chunkStart + CHUNK} documents ingested`);
    }
    yield { name: 'ingest_docs_per_s', value: Math.round(total / (ingestMs / 1000)), unit: 'docs/s' };

    const parseStarted = performance.now();
    for (const doc of sample) extractFields(doc.xml);
    note(
      `cache: XML field extraction (documents/ parser) ${round((performance.now() - parseStarted) / sample.length)} ms/doc, not in the ingest figure`,
    );

    await db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    await db.close();
    const size = (await stat(file)).size;
    note(
      `cache: raw XML ${round(raw / 1024 / 1024, 1)} MB (${Math.round(raw / total)} B/doc), database ${round(size / 1024 / 1024, 1)} MB`,
    );
    yield { name: 'db_to_raw_ratio', value: round(size / raw, 3), unit: 'ratio' };

    const opened = performance.now();
    db = await openCache(file);
    const openMs = performance.now() - opened;
    repos = createRepositories(db);

    const pageTimes: number[] = [];
    const totalsTimes: number[] = [];
    const sorts = ['dataEmissao', 'numero', 'valorPrestacao', 'tomadorNome'] as const;
    for (let i = 0; i < QUERIES; i++) {
      const month = issueTime(Math.floor(random() * total), total, 12).slice(0, 7);
      const query: BrowseQuery = {
        filter: {
          company,
          environment: 'producao',
          kinds: ['cte'],
          statuses: ['autorizado', 'cancelado'],
          from: `${month}-01`,
          to: `${month}-28`,
          ...(i % 3 === 0 ? { ufInicio: parties[i].place[0] } : {}),
        },
        sort: { field: sorts[i % sorts.length], dir: i % 2 ? 'asc' : 'desc' },
        offset: Math.floor(random() * 10) * 50,
        limit: 50,
      };
      let t = performance.now();
      await repos.browser.page(query);
      pageTimes.push(performance.now() - t);
      t = performance.now();
      await repos.browser.totals(query.filter);
      totalsTimes.push(performance.now() - t);
    }
    yield { name: 'page_p50_ms', value: round(percentile(pageTimes, 50)), unit: 'ms' };
    yield { name: 'page_p95_ms', value: round(percentile(pageTimes, 95)), unit: 'ms' };
    note(
      `cache: totals of the filtered month p50 ${round(percentile(totalsTimes, 50))} ms, p95 ${round(percentile(totalsTimes, 95))} ms`,
    );

    const searchTimes: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const party = parties[Math.floor(random() * parties.length)];
      const numero = 1 + Math.floor(random() * total);
      const texts = [
        party.nome.split(' ')[1],
        party.cnpj,
        String(numero),
        `${party.nome.split(' ')[0].slice(0, 5)} ${party.nome.split(' ')[1]}`,
      ];
      const t = performance.now();
      await repos.browser.page({
        filter: { company, environment: 'producao', text: texts[i % texts.length] },
        sort: { field: 'dataEmissao', dir: 'desc' },
        offset: 0,
        limit: 50,
      });
      searchTimes.push(performance.now() - t);
    }
    yield { name: 'search_p50_ms', value: round(percentile(searchTimes, 50)), unit: 'ms' };
    yield { name: 'search_p95_ms', value: round(percentile(searchTimes, 95)), unit: 'ms' };
    yield { name: 'open_ms', value: Math.round(openMs), unit: 'ms' };
    yield { name: 'rss_mb', value: Math.round(process.memoryUsage().rss / 1024 / 1024), unit: 'MB' };
    await db.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
