// Seeded random MDF-e (random subsets of the optional groups, random text lengths up to the XSD
// limits, accents and markup characters, random events): each DAMDFE renders without "undefined",
// "NaN" or "null", prints every bundled key once per occurrence and every sheet's FL; a few of them
// also go through Chromium and pass the word-box layout check of damdfe-pdf.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { DOC_DETAILS, docKey, mdfeEventXml, mdfeXml, withDv } from './mdfe-fixtures';
import { htmlText, resultsDir } from './support';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'WMAEIOU ilj.,-/ÃÇÉõç&<>"0123456789';

function escXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface Generated {
  xml: string;
  events: string[];
  keys: string[];
}

function generate(seed: number): Generated {
  const rnd = mulberry32(seed);
  const int = (max: number) => Math.floor(rnd() * (max + 1));
  const text = (min: number, max: number) => {
    const n = min + int(max - min);
    let out = '';
    for (let i = 0; i < n; i++) out += ALPHABET[int(ALPHABET.length - 1)];
    return out.trim() || 'X';
  };
  const key = withDv(
    `352606123456780001995800100${String(seed).padStart(7, '0')}1${String(seed).padStart(8, '0')}`,
  );
  const keys: string[] = [];
  const groups = Array.from({ length: 1 + int(4) }, (_, g) => {
    const tipo = rnd() < 0.5 ? ('CTe' as const) : ('NFe' as const);
    const list = Array.from({ length: int(80) }, (_, i) =>
      docKey(tipo === 'CTe' ? '57' : '55', seed * 1000 + g * 100 + i),
    );
    if (list.length === 0) list.push(docKey('57', seed * 1000 + g * 100));
    keys.push(...list);
    return {
      cMun: String(4100000 + g),
      xMun: escXml(text(2, 60)),
      keys: list,
      tipo,
      extra: tipo === 'CTe' && rnd() < 0.2 ? DOC_DETAILS : '',
    };
  });
  const xml = mdfeXml({
    key,
    tpAmb: rnd() < 0.5 ? '1' : '2',
    tpEmis: rnd() < 0.2 ? '2' : '1',
    cStat: [undefined, '100', '100', '100', '611'][int(4)],
    groups,
    drivers: Array.from({ length: 1 + int(9) }, () => ({ xNome: escXml(text(2, 60)), CPF: '12345678909' })),
    trailers: int(3),
    valePed: int(6),
    infCpl: rnd() < 0.7 ? escXml(text(1, 5000)) : undefined,
    infAdFisco: rnd() < 0.3 ? escXml(text(1, 2000)) : undefined,
    emitName: escXml(text(2, 60)),
    long: rnd() < 0.3,
  });
  const events: string[] = [];
  if (rnd() < 0.3) events.push(mdfeEventXml({ key, tpEvento: '110112', cStat: '135' }));
  if (rnd() < 0.2) events.push(mdfeEventXml({ key, tpEvento: '110111', cStat: rnd() < 0.5 ? '135' : '220' }));
  for (let i = int(3); i > 0; i--)
    events.push(
      mdfeEventXml({
        key,
        tpEvento: '110114',
        cStat: '135',
        nSeq: 10 + i,
        condutor: { xNome: escXml(text(2, 60)), CPF: String(20000000000 + i) },
      }),
    );
  return { xml, events, keys };
}

describe('random MDF-e: the DAMDFE holds together', () => {
  it('200 seeded documents: no undefined/NaN/null, every key once per occurrence, FL on every sheet', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const doc = generate(seed);
      const result = renderDocumentHtml(doc.xml, { events: doc.events });
      const text = htmlText(result.html);
      expect(result.html, `seed ${seed}`).not.toMatch(/undefined|NaN|\[object Object\]|\bnull\b/);
      for (const k of new Set(doc.keys))
        expect(text.split(formatChave(k)).length - 1, `seed ${seed} ${k}`).toBe(
          doc.keys.filter((x) => x === k).length,
        );
      for (let p = 1; p <= result.pages; p++)
        expect(text, `seed ${seed}`).toContain(` ${p}/${result.pages} `);
    }
  });
});

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const tools = existsSync(chromiumPath) && existsSync('/usr/bin/pdftotext');

describe.skipIf(!tools)('random MDF-e through Chromium', () => {
  const engine = new ChromiumPdfEngine({ executablePath: chromiumPath });
  afterAll(async () => {
    await engine.close();
  });

  it('six seeded documents: every word inside the printable area, none on top of another', async () => {
    const dir = path.join(resultsDir, 'damdfe');
    mkdirSync(dir, { recursive: true });
    const margin = (5 * 72) / 25.4 - 0.5;
    for (const seed of [3, 17, 42, 101, 202, 299]) {
      const doc = generate(seed);
      const result = renderDocumentHtml(doc.xml, { events: doc.events });
      const file = path.join(dir, `random-${seed}.pdf`);
      writeFileSync(file, await engine.htmlToPdf(result.html));
      const xml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      const pages = xml.split('<page ').slice(1);
      expect(pages).toHaveLength(result.pages);
      for (const [p, chunk] of pages.entries()) {
        const words = [
          ...chunk.matchAll(
            /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
          ),
        ]
          .map((m) => ({
            t: m[5] ?? '',
            x0: Number(m[1]),
            y0: Number(m[2]),
            x1: Number(m[3]),
            y1: Number(m[4]),
          }))
          .filter((w) => !(w.y1 - w.y0 > 30 && /^[ACDEFILMNORSV]+$/.test(w.t)));
        for (const w of words) {
          expect(
            w.x0 >= margin && w.y0 >= margin && w.x1 <= 595 - margin && w.y1 <= 842 - margin,
            `seed ${seed} p${p + 1} "${w.t}"`,
          ).toBe(true);
        }
        words.sort((a, b) => a.y0 - b.y0);
        for (let i = 0; i < words.length; i++) {
          const a = words[i];
          for (let j = i + 1; a !== undefined && j < words.length; j++) {
            const b = words[j];
            if (b === undefined || b.y0 >= a.y1 - 1) break;
            const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
            const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
            expect(dx > 0.5 && dy > 1, `seed ${seed} p${p + 1}: "${a.t}" over "${b.t}"`).toBe(false);
          }
        }
      }
    }
  }, 180_000);
});
