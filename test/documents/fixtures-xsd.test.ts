// Our own CT-e / CT-e OS fixtures (test/documents/fixtures/*.xml) are valid documents: each one
// against the CT-e 4.00 schema of its root and its modal group against the modal's own schema
// (infModal is xs:any in cte_v4.00.xsd, validated apart as the SEFAZ does).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CTE_XSD, extractElement, xsdErrors } from '../sandbox/dfe/xsd';
import { sharedAvailable } from '../support/shared';
import { fixtureXml } from './fixtures';

const dir = path.join(import.meta.dirname, 'fixtures');
const files = readdirSync(dir).filter((f) => f.endsWith('.xml'));

const ROOT_XSD: Record<string, string> = {
  cteProc: 'procCTe_v4.00.xsd',
  CTe: 'cte_v4.00.xsd',
  cteOSProc: 'procCTeOS_v4.00.xsd',
  CTeOS: 'cteOS_v4.00.xsd',
};

const MODAL_XSD: Record<string, string> = {
  rodo: 'cteModalRodoviario_v4.00.xsd',
  aereo: 'cteModalAereo_v4.00.xsd',
  aquav: 'cteModalAquaviario_v4.00.xsd',
  ferrov: 'cteModalFerroviario_v4.00.xsd',
  duto: 'cteModalDutoviario_v4.00.xsd',
  multimodal: 'cteMultiModal_v4.00.xsd',
  rodoOS: 'cteModalRodoviarioOS_v4.00.xsd',
};

describe.skipIf(!sharedAvailable)('fixtures validate against the CT-e 4.00 XSD', () => {
  it('has the fixtures of every modal, FS-DA and the CT-e OS', () => {
    for (const name of [
      'cte-aereo.xml',
      'cte-aquaviario.xml',
      'cte-ferroviario.xml',
      'cte-dutoviario.xml',
      'cte-multimodal.xml',
      'cte-fsda.xml',
      'cteos-fretamento.xml',
    ])
      expect(files).toContain(name);
  });

  for (const file of files) {
    it(file, () => {
      const xml = fixtureXml(file);
      const root = /<(cteProc|CTe|cteOSProc|CTeOS)[\s>]/.exec(xml)?.[1] ?? '';
      const rootXsd = ROOT_XSD[root];
      expect(rootXsd, `raiz ${root}`).toBeDefined();
      expect(xsdErrors(xml, CTE_XSD(rootXsd ?? ''))).toBeNull();
      const modal = /<infModal[^>]*>\s*<(\w+)/.exec(xml)?.[1] ?? '';
      const modalXsd = MODAL_XSD[modal];
      expect(modalXsd, `modal ${modal}`).toBeDefined();
      expect(xsdErrors(extractElement(xml, modal), CTE_XSD(modalXsd ?? ''))).toBeNull();
    });
  }
});

describe.skipIf(!sharedAvailable)('the XSD check can fail', () => {
  it('a fixture without a required field of its modal is refused', () => {
    const xml = fixtureXml('cte-aereo.xml').replace(/<dPrevAereo>[^<]*<\/dPrevAereo>/, '');
    expect(xsdErrors(extractElement(xml, 'aereo'), CTE_XSD('cteModalAereo_v4.00.xsd'))).toMatch(/natCarga/);
    const bad = fixtureXml('cte-fsda.xml').replace('<tpEmis>5</tpEmis>', '<tpEmis>6</tpEmis>');
    expect(xsdErrors(bad, CTE_XSD('cte_v4.00.xsd'))).toMatch(/tpEmis/);
  });
});
