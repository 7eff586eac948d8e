// Nothing is clipped and nothing comes closer than the printable margin to an edge (Anexo II §2.3,
// §2.12): checked on the real layout (text boxes against every box that hides its overflow) and on
// the real PDF (pdftotext -bbox-layout word boxes), for every sample under ../shared, for stress
// documents of each printout kind (maximum lengths and counts) and for seeded random documents.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../../electron/documents/render';
import { DEFAULT_CTE_KEY, dceXml, fixtureXml, procEvento } from './fixtures';
import { MAX, rng, stressCce, stressCte, stressCteSimp, textOf } from './stress';
import type { StressOptions } from './stress';
import { LayoutProbe } from './layout-check';
import { htmlText, printableSamples, sharedAvailable } from './support';

const chromium = process.env.CARRETA_CHROMIUM ?? '/usr/bin/chromium';
const tools = existsSync(chromium) && existsSync('/usr/bin/pdftotext');
if (!tools && process.env.CI === 'true')
  throw new Error('Chromium and poppler-utils are required under CI=true');

/** Every NF-e key printed exactly as many times as the XML lists it. */
function expectKeysOnce(xml: string, text: string): void {
  const keys = [...xml.matchAll(/<(?:chave|chNFe)>([0-9A-Z]{43,44})<\/(?:chave|chNFe)>/g)].map(
    (m) => m[1] ?? '',
  );
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
    // cteSimp_v4.00.xsd: det 1–999; Comp and infNFe per det unbounded (40 keys on the first, 6 of
    // 30 different components on each); xObs 2,000; ObsCont/ObsFisco 10 each.
    ['DACTE of the CT-e Simplificado at the maximum lengths and counts', () => stressCteSimp(5)],
    // evCCeCTe_v4.00.xsd: infCorrecao unbounded (60 here), grupoAlterado/campoAlterado 20 and
    // valorAlterado 500 characters each.
    ['correction letter with 60 corrections of the longest value', () => stressCce(60, 6)],
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
      // Every correction value printed whole: its first and last word, once each.
      for (const [, i] of xml.matchAll(/<valorAlterado>INICIO(\d+)/g)) {
        const words = report.text.split(/\s+/);
        expect(
          words.filter((w) => w === `INICIO${i}`),
          `INICIO${i}`,
        ).toHaveLength(1);
        expect(
          words.filter((w) => w === `FIM${i}`),
          `FIM${i}`,
        ).toHaveLength(1);
      }
      // The emitter's address too long for its box goes on in the observations, whole.
      if (name.includes('Simplificado')) {
        expect(report.text).toContain('Endereço do emitente (continuação):');
      }
      // Every delivery of the simplificado printed once (its destination's first word).
      const printed = new Set(report.text.split(/\s+/));
      for (const [, i] of xml.matchAll(/<xMunFim>CIDADE(\d+)/g))
        expect(printed.has(`CIDADE${i}`), `CIDADE${i}`).toBe(true);
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
