// Every CT-e, CT-e OS, DC-e and event sample of ../shared/reference/fiscal renders, and its printout
// carries what Anexo II requires. Expected values are read from the raw XML with regular expressions,
// independently of the parser under test.
import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave, formatMoney } from '../../electron/shared/format';
import { htmlText, printableSamples, sharedAvailable } from './support';

const samples = printableSamples();

function first(xml: string, re: RegExp): string {
  return re.exec(xml)?.[1]?.trim() ?? '';
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function moneyText(value: string): string {
  return formatMoney(Number(value));
}

function expectSheets(html: string, pages: number): void {
  expect(html.match(/<section class="sheet">/g)?.length).toBe(pages);
}

describe.skipIf(!sharedAvailable)('every printable reference sample renders', () => {
  it('finds the samples (CT-e, CT-e OS, DC-e and events)', () => {
    const roots = new Set(samples.map((s) => s.root));
    for (const root of ['cteProc', 'CTe', 'cteOSProc', 'CTeOS', 'dceProc', 'DCe', 'eventoCTe', 'eventoDCe']) {
      expect(roots, root).toContain(root);
    }
    expect(samples.length).toBeGreaterThanOrEqual(60);
  });

  for (const sample of samples) {
    it(sample.name, () => {
      const { xml, root } = sample;
      const result = renderDocumentHtml(xml);
      const text = htmlText(result.html);
      expectSheets(result.html, result.pages);
      expect(result.html).not.toMatch(/undefined|NaN|\[object Object\]/);
      // Only what the XML says (Anexo II §2.1, §2.3): no invented fillers, no raw ISO dates.
      expect(text).not.toMatch(/ausente no XML|indispon[ií]vel|\(não informado\)|\bnull\b/i);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      const tpAmb = first(xml, /<tpAmb>(\d)<\/tpAmb>/);
      if (tpAmb === '2') expect(text).toContain('EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL');
      else expect(text).not.toContain('AMBIENTE DE HOMOLOGAÇÃO');

      if (/^(cteProc|CTe|cteSimpProc|CTeSimp|cteOSProc|CTeOS|dceProc|DCe)$/.test(root)) {
        const id = first(xml, /<inf(?:Cte|DCe)\b[^>]*\bId="([^"]*)"/).replace(/^(CTe|DCe)(?=[0-9])/, '');
        expect(result.key).toBe(id);
        if (id.length === 44) expect(text).toContain(formatChave(id));
        const emitName = decodeXml(first(xml, /<emit>[\s\S]*?<xNome>([^<]*)<\/xNome>/));
        if (emitName) expect(text).toContain(emitName.replace(/\s+/g, ' '));
        // The situation from the XML alone (status.ts): an authorization protocol of this very key
        // prints its number; anything else prints the mark and no authorization.
        const nProt = first(xml, /<infProt\b[\s\S]*?<nProt>(\d+)<\/nProt>/);
        const cStat = first(xml, /<infProt\b[\s\S]*?<cStat>(\d+)<\/cStat>/);
        const protKey = first(xml, /<infProt\b[\s\S]*?<ch(?:CTe|DCe)>([^<]*)<\/ch(?:CTe|DCe)>/);
        const tpEmis = first(xml, /<tpEmis>(\d)<\/tpEmis>/);
        const authorized = ['100', '150'].includes(cStat) && (protKey === '' || protKey === id);
        const contingency =
          nProt === '' &&
          (root.startsWith('D') || root.startsWith('dce') ? tpEmis === '9' : ['4', '5'].includes(tpEmis));
        if (authorized) {
          expect(text).toContain(nProt);
          expect(text).not.toContain('SEM AUTORIZAÇÃO DE USO');
        } else if (contingency) expect(text).not.toContain('SEM AUTORIZAÇÃO DE USO');
        else {
          expect(text).toContain('SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL');
          if (nProt && !id.includes(nProt)) expect(text).not.toContain(nProt);
        }
        if (tpAmb === '')
          expect(text).toContain('AMBIENTE DE EMISSÃO NÃO INFORMADO NO XML – SEM VALOR FISCAL');
        else expect(text).not.toContain('AMBIENTE DE EMISSÃO NÃO INFORMADO');
        for (let page = 1; page <= result.pages; page++) expect(text).toContain(`${page}/${result.pages}`);
      }

      if (/^(cteProc|CTe|cteSimpProc|CTeSimp|cteOSProc|CTeOS)$/.test(root)) {
        expect(result.kind).toBe(/OS/.test(root) ? 'dacte-os' : 'dacte');
        const vTPrest = first(xml, /<vTPrest>([^<]+)<\/vTPrest>/);
        if (vTPrest) expect(text).toContain(moneyText(vTPrest));
        for (const party of ['rem', 'dest', 'toma']) {
          const name = decodeXml(first(xml, new RegExp(`<${party}>[\\s\\S]*?<xNome>([^<]*)</xNome>`)));
          if (name) expect(text, party).toContain(name.replace(/\s+/g, ' '));
        }
        // Every NF-e key of infDoc is printed once per occurrence across all sheets (containers of the
        // aquaviário modal, detCont, carry their own documents and are not part of this box).
        const docsXml = xml.replace(/<detCont>[\s\S]*?<\/detCont>/g, '');
        const keys = [...docsXml.matchAll(/<infNFe>\s*<chave>([0-9A-Z]{44})<\/chave>/g)].map(
          (m) => m[1] ?? '',
        );
        const printed = [...new Set(keys)].map((k) => text.split(k).length - 1);
        const expected = [...new Set(keys)].map((k) => keys.filter((x) => x === k).length);
        expect(printed).toEqual(expected);
        // CT-e Simplificado: the NF-e and previous CT-e keys of every delivery, once per occurrence.
        const detKeys = [...xml.matchAll(/<(?:chNFe|chCTe)>([0-9A-Z]{44})<\/(?:chNFe|chCTe)>/g)]
          .filter(() => /Simp/.test(root))
          .map((m) => m[1] ?? '');
        const printedDet = detKeys.map((k) => text.split(` ${k} `).length - 1);
        expect(printedDet).toEqual(detKeys.map((k) => detKeys.filter((x) => x === k).length));
      }

      if (/^(dceProc|DCe)$/.test(root)) {
        expect(result.kind).toBe('dace');
        const vDC = first(xml, /<vDC>([^<]+)<\/vDC>/);
        if (vDC) expect(text).toContain(moneyText(vDC));
        const destName = first(xml, /<dest>[\s\S]*?<xNome>([^<]*)<\/xNome>/);
        if (destName) expect(text).toContain(destName);
      }

      if (/^(eventoCTe|eventoDCe|procEventoCTe|procEventoDCe)$/.test(root)) {
        const key = first(xml, /<ch(?:CTe|DCe)>([^<]+)<\/ch(?:CTe|DCe)>/);
        expect(result.key).toBe(key);
        if (key.length === 44) expect(text).toContain(formatChave(key));
        const tpEvento = first(xml, /<tpEvento>(\d+)<\/tpEvento>/);
        expect(result.kind).toBe(
          tpEvento === '110111' ? 'evento-cancelamento' : tpEvento === '110110' ? 'evento-cce' : 'evento',
        );
        const xJust = first(xml, /<xJust>([^<]+)<\/xJust>/);
        if (xJust) expect(text).toContain(xJust);
        for (const m of xml.matchAll(/<valorAlterado>([^<]+)<\/valorAlterado>/g))
          expect(text).toContain(m[1]);
        if (tpEvento === '110110') expect(text).toContain('Art. 58-B do CONV');
      }
    });
  }
});
