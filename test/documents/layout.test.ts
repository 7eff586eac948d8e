// Nothing is clipped and nothing comes closer than the printable margin to an edge (Anexo II §2.3,
// §2.12): checked on the real layout (text boxes against every box that hides its overflow) and on
// the real PDF (pdftotext -bbox-layout word boxes), for every sample under ../shared, for stress
// documents of each printout kind (maximum lengths and counts) and for seeded random documents.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../../electron/documents/render';
import { cteXml, DEFAULT_CTE_KEY, dceXml, fixtureXml, nfeKey, procEvento } from './fixtures';
import { LayoutProbe } from './layout-check';
import { htmlText, printableSamples, sharedAvailable } from './support';

const chromium = process.env.CARRETA_CHROMIUM ?? '/usr/bin/chromium';
const tools = existsSync(chromium) && existsSync('/usr/bin/pdftotext');
if (!tools && process.env.CI === 'true')
  throw new Error('Chromium and poppler-utils are required under CI=true');

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['CARGA', 'FRÁGIL', 'ENTREGA', 'PORTÃO', 'DOCA', 'AGENDADA', 'MANHÃ', 'WMW', 'ÍNDIO', 'Ç'];
/** Text of exactly `n` characters built from words (the widest letters included). */
function textOf(n: number, next: () => number, tag = ''): string {
  let out = tag;
  while (out.length < n) out += `${out ? ' ' : ''}${WORDS[Math.floor(next() * WORDS.length)]}`;
  return out.slice(0, n).trim() || 'X';
}

interface StressOptions {
  keys: number;
  obsChars: number;
  obsCont: number;
  obsFisco: number;
  comps: number;
  names: number;
  street: number;
  exped: boolean;
  receb: boolean;
}

function party(tag: string, ender: string, doc: string, o: StressOptions, next: () => number): string {
  return `<${tag}><CNPJ>${doc}</CNPJ><IE>ISENTO</IE><xNome>${textOf(o.names, next)}</xNome><fone>11987654321</fone><${ender}><xLgr>${textOf(o.street, next)}</xLgr><nro>${textOf(60, next)}</nro><xCpl>${textOf(60, next)}</xCpl><xBairro>${textOf(60, next)}</xBairro><cMun>3550308</cMun><xMun>${textOf(60, next)}</xMun><CEP>01001000</CEP><UF>SP</UF><xPais>BRASIL</xPais></${ender}><email>${textOf(60, next).replace(/\W/g, 'x')}@x.com</email></${tag}>`;
}

/** A CT-e with the lengths and counts of `o` (maximum values of the layout by default). */
function stressCte(o: StressOptions, seed: number): string {
  const next = rng(seed);
  const obsCont = Array.from(
    { length: o.obsCont },
    (_, i) =>
      `<ObsCont xCampo="${textOf(20, next)}"><xTexto>${textOf(160, next, `EMISSOR${i}`)}</xTexto></ObsCont>`,
  ).join('');
  const obsFisco = Array.from(
    { length: o.obsFisco },
    (_, i) =>
      `<ObsFisco xCampo="${textOf(20, next)}"><xTexto>${textOf(60, next, `FISCO${i}`)}</xTexto></ObsFisco>`,
  ).join('');
  const comps = Array.from(
    { length: o.comps },
    (_, i) => `<Comp><xNome>${textOf(15, next)}</xNome><vComp>${(i + 1) * 1111.11}</vComp></Comp>`,
  ).join('');
  let xml = cteXml(o.keys, 0)
    .replace(
      /<xObs>[^<]*<\/xObs>/,
      `<xObs>${textOf(o.obsChars, next, 'OBSINICIO')}</xObs>${obsCont}${obsFisco}`,
    )
    .replace(/<rem>[\s\S]*?<\/rem>/, party('rem', 'enderReme', '11222333000181', o, next))
    .replace(/<dest>[\s\S]*?<\/dest>/, party('dest', 'enderDest', '44555666000172', o, next))
    .replace('<vRec>1234.56</vRec>', `<vRec>1234.56</vRec>${comps}`)
    .replace('TRANSPORTADORA CARRETA LTDA', textOf(o.names, next));
  const extra =
    (o.exped ? party('exped', 'enderExped', '11444777000161', o, next) : '') +
    (o.receb ? party('receb', 'enderReceb', '04252011000110', o, next) : '');
  xml = xml.replace('<vPrest>', `${extra}<vPrest>`);
  return xml;
}

const MAX: StressOptions = {
  keys: 400,
  obsChars: 2000,
  obsCont: 10,
  obsFisco: 10,
  comps: 24,
  names: 60,
  street: 255,
  exped: true,
  receb: true,
};

/** Every NF-e key printed exactly as many times as the XML lists it. */
function expectKeysOnce(xml: string, text: string): void {
  const keys = [...xml.matchAll(/<chave>([0-9A-Z]{43,44})<\/chave>/g)].map((m) => m[1] ?? '');
  const counts = keys.map((k) => text.split(k).length - 1);
  expect(counts).toEqual(keys.map((k) => keys.filter((x) => x === k).length));
}

describe.skipIf(!tools)('layout invariant on the real layout and PDF', () => {
  let probe: LayoutProbe;
  beforeAll(() => {
    probe = new LayoutProbe(chromium);
  });
  afterAll(async () => probe.close());

  it.skipIf(!sharedAvailable)(
    'every sample under ../shared: no clipped text, no word past the margin',
    async () => {
      const samples = printableSamples();
      expect(samples.length).toBeGreaterThan(60);
      for (const sample of samples) {
        const report = await probe.check(sample.name, renderDocumentHtml(sample.xml).html);
        expect(report.clipped, sample.name).toEqual([]);
        expect(
          report.outside.map((w) => w.text),
          sample.name,
        ).toEqual([]);
      }
    },
    300_000,
  );

  const stress: [string, () => string][] = [
    ['DACTE at the maximum lengths and counts', () => stressCte(MAX, 1)],
    [
      'DACTE OS with long service and observations',
      () =>
        fixtureXml('cteos-fretamento.xml').replace(
          /<xObs>[^<]*<\/xObs>/,
          `<xObs>${textOf(2000, rng(2), 'OBSINICIO')}</xObs>`,
        ),
    ],
    ['DACE with 200 items', () => dceXml(200)],
    [
      'cancellation event with the longest justification',
      () =>
        procEvento(DEFAULT_CTE_KEY, '135').replace(
          /<xJust>[^<]*<\/xJust>/,
          `<xJust>${textOf(255, rng(3))}</xJust>`,
        ),
    ],
  ];

  it.each(stress)(
    '%s: nothing clipped, every word inside the margin',
    async (name, make) => {
      const xml = make();
      const report = await probe.check(name, renderDocumentHtml(xml).html);
      expect(report.clipped).toEqual([]);
      expect(report.outside.map((w) => w.text)).toEqual([]);
      expect(report.text).not.toMatch(/undefined|NaN|\bnull\b/);
      expectKeysOnce(xml, report.text.replace(/\s+/g, ' '));
      if (xml.includes('OBSINICIO')) expect(report.text).toContain('OBSINICIO');
    },
    120_000,
  );

  it('seeded random CT-e (200 documents; every 20th also through the PDF)', async () => {
    const next = rng(20261125);
    const pick = (max: number) => Math.floor(next() * (max + 1));
    let pdfs = 0;
    for (let i = 0; i < 200; i++) {
      const o: StressOptions = {
        keys: next() < 0.2 ? pick(300) : pick(20),
        obsChars: pick(2000),
        obsCont: pick(10),
        obsFisco: pick(10),
        comps: pick(24),
        names: 2 + pick(58),
        street: 2 + pick(253),
        exped: next() < 0.5,
        receb: next() < 0.5,
      };
      const xml = stressCte(o, 1000 + i);
      const { html } = renderDocumentHtml(xml);
      const text = htmlText(html);
      expect(text, `doc ${i}`).not.toMatch(/undefined|NaN|\bnull\b/);
      expectKeysOnce(xml, text);
      if (i % 20 === 0) {
        const report = await probe.check(`random-${i}`, html);
        expect(report.clipped, `doc ${i}`).toEqual([]);
        expect(
          report.outside.map((w) => w.text),
          `doc ${i}`,
        ).toEqual([]);
        pdfs++;
      } else expect(await probe.clipped(html), `doc ${i} ${JSON.stringify(o)}`).toEqual([]);
    }
    expect(pdfs).toBe(10);
  }, 600_000);
});
