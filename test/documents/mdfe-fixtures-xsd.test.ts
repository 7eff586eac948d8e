// The synthetic MDF-e and events of mdfe-fixtures.ts are shaped as the official schemas say
// (PL_MDFe_300b, NT 2025.001 v1.03): the envelope (only the signature missing), the road modal and
// each event's detail, validated apart as SEFAZ does (they are xs:any in the envelopes).
import { describe, expect, it } from 'vitest';
import { referencePath, sharedAvailable } from '../support/shared';
import { xsdErrors } from '../sandbox/dfe/xsd';
import { DOC_DETAILS, docKey, mdfeEventXml, mdfeXml } from './mdfe-fixtures';

const xsd = (name: string) => referencePath('mdfe', 'xsd', name);
const NS = 'http://www.portalfiscal.inf.br/mdfe';

function element(xml: string, name: string): string {
  const found = new RegExp(`<${name}[ >][\\s\\S]*?</${name}>`).exec(xml)?.[0] ?? '';
  return found.includes('xmlns=') ? found : found.replace(`<${name}`, `<${name} xmlns="${NS}"`);
}

/** The fixture's QR code is padded on purpose (as samples 01 and 03 are); the schema wants it bare. */
const bare = (xml: string) =>
  xml
    .replace(/<qrCodMDFe>\s*<!\[CDATA\[\s*([^\s\]]+)\s*\]\]>\s*<\/qrCodMDFe>/, '<qrCodMDFe>$1</qrCodMDFe>')
    .replace(/&(?!amp;)/g, '&amp;');

describe.skipIf(!sharedAvailable)('MDF-e fixtures against the official XSDs', () => {
  const docs = {
    simple: mdfeXml({ cStat: '100' }),
    stress: mdfeXml({
      cStat: '100',
      long: true,
      trailers: 3,
      valePed: 6,
      drivers: Array.from({ length: 10 }, (_, i) => ({ xNome: `CONDUTOR ${i}`, CPF: '12345678909' })),
      groups: [
        { cMun: '4106902', xMun: 'Curitiba', keys: [docKey('57', 1)], tipo: 'CTe', extra: DOC_DETAILS },
      ],
      infCpl: 'OBS',
      infAdFisco: 'FISCO',
    }),
  };
  for (const [name, xml] of Object.entries(docs)) {
    it(`${name}: envelope (but the signature) and road modal`, () => {
      const errors = xsdErrors(bare(xml), xsd('procMDFe_v3.00.xsd')) ?? '';
      expect(errors.split('\n').filter((e) => !/Signature/.test(e))).toEqual([]);
      expect(errors).toMatch(/Signature/);
      expect(xsdErrors(element(xml, 'rodo'), xsd('mdfeModalRodoviario_v3.00.xsd'))).toBeNull();
    });
  }

  const events = [
    ['110111', 'evCancMDFe'],
    ['110112', 'evEncMDFe'],
    ['110114', 'evIncCondutorMDFe'],
    ['110115', 'evIncDFeMDFe'],
  ] as const;
  for (const [tpEvento, detail] of events) {
    it(`event ${tpEvento}: envelope (but the signature) and ${detail}`, () => {
      const xml = mdfeEventXml({ tpEvento, cStat: '135' });
      const errors = xsdErrors(xml, xsd('procEventoMDFe_v3.00.xsd')) ?? '';
      expect(errors.split('\n').filter((e) => !/Signature/.test(e))).toEqual([]);
      const file = tpEvento === '110115' ? 'evInclusaoDFeMDFe_v3.00.xsd' : `${detail}_v3.00.xsd`;
      expect(xsdErrors(element(xml, detail), xsd(file))).toBeNull();
    });
  }

  it('the check can fail: a tractor without its plate is refused', () => {
    const xml = mdfeXml({ cStat: '100' }).replace('<placa>ABC1D23</placa>', '');
    expect(xsdErrors(element(xml, 'rodo'), xsd('mdfeModalRodoviario_v3.00.xsd'))).toMatch(/placa/);
  });
});
