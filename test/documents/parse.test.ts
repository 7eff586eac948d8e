import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../electron/documents/parse';
import { MAX_XML_CHARS } from '../../electron/documents/parse/xml';
import { renderDocumentHtml } from '../../electron/documents/render';
import { AppError } from '../../electron/shared/errors';
import { fiscalRef, sharedAvailable } from '../support/shared';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('hostile and broken input', () => {
  it('refuses a DOCTYPE with entity expansion (billion laughs) quickly, in Portuguese', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><cteProc>&lol3;</cteProc>`;
    // Refused by the DOCTYPE check, before any entity is expanded (speed belongs in benchmarks).
    const error = errorOf(() => renderDocumentHtml(lol));
    expect(error.code).toBe('xml_doctype');
    expect(error.message).toMatch(/DOCTYPE/);
    expect(error.message).toMatch(/não é aceita/);
  });

  it('refuses external entities and a bare ENTITY declaration', () => {
    const xxe = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><CTe><infCte>&xxe;</infCte></CTe>';
    expect(errorOf(() => parseDocument(xxe)).code).toBe('xml_doctype');
    expect(errorOf(() => parseDocument('<CTe><!ENTITY a "b"></CTe>')).code).toBe('xml_doctype');
    expect(errorOf(() => parseDocument('<!doctype html><html></html>')).code).toBe('xml_doctype');
  });

  it('refuses a 50 MB file before parsing it', () => {
    const big = `<cteProc>${'<x>a</x>'.repeat(Math.ceil((50 * 1024 * 1024) / 8))}</cteProc>`;
    expect(big.length).toBeGreaterThan(MAX_XML_CHARS);
    // Refused by its size, the check that runs before the parser.
    const error = errorOf(() => renderDocumentHtml(big));
    expect(error.code).toBe('xml_too_large');
    expect(error.message).toMatch(/grande demais/);
  });

  it('says in words what file is expected; the root found and the supported ones go in the detail', () => {
    const error = errorOf(() => parseDocument('<?xml version="1.0"?><consStatServCTe versao="4.00"/>'));
    expect(error.code).toBe('xml_unsupported_root');
    expect(error.message).toContain('escolha o XML de um CT-e, CT-e OS, DC-e, MDF-e ou NF-e');
    // No tag names in what the clerk reads (issue 19): they are for support, in the detail.
    expect(error.message).not.toMatch(/<|Proc\b|consStatServCTe/);
    expect(error.detail).toContain('<consStatServCTe>');
    expect(error.detail).toContain('cteProc');
    expect(error.detail).toContain('dceProc');
  });

  it('reports malformed XML with its position, and empty input', () => {
    const error = errorOf(() => parseDocument('<cteProc><CTe></cteProc>'));
    expect(error.code).toBe('xml_malformed');
    expect(error.message).toMatch(/linha \d+, coluna \d+/);
    expect(errorOf(() => parseDocument('')).code).toBe('xml_empty');
    expect(errorOf(() => parseDocument('apenas texto')).code).toMatch(/xml_/);
  });

  it('refuses a proc wrapper without its document', () => {
    expect(errorOf(() => parseDocument('<cteProc versao="4.00"><protCTe/></cteProc>')).code).toBe(
      'xml_incomplete',
    );
  });

  it('refuses to print an NF-e, saying what it prints', () => {
    const error = errorOf(() => renderDocumentHtml('<nfeProc><NFe><infNFe Id="NFe1"/></NFe></nfeProc>'));
    expect(error.code).toBe('xml_not_printable');
    expect(error.message).toContain('DACTE');
  });
});

describe('documents with every optional group missing still print', () => {
  const minimal: [string, string, string][] = [
    ['CT-e', '<CTe xmlns="http://www.portalfiscal.inf.br/cte"><infCte versao="4.00"/></CTe>', 'dacte'],
    ['cteProc', '<cteProc><CTe><infCte><ide><tpAmb>2</tpAmb></ide></infCte></CTe></cteProc>', 'dacte'],
    ['CT-e OS', '<CTeOS><infCte/></CTeOS>', 'dacte-os'],
    ['DC-e', '<dceProc><DCe><infDCe/></DCe></dceProc>', 'dace'],
    ['event', '<eventoCTe><infEvento/></eventoCTe>', 'evento'],
    [
      'procEvento',
      '<procEventoCTe><eventoCTe><infEvento><tpEvento>110110</tpEvento></infEvento></eventoCTe></procEventoCTe>',
      'evento-cce',
    ],
  ];
  for (const [label, xml, kind] of minimal) {
    it(label, () => {
      const result = renderDocumentHtml(xml);
      expect(result.kind).toBe(kind);
      expect(result.pages).toBe(1);
      expect(result.html).toMatch(/^<!DOCTYPE html>/);
      expect(result.html).not.toContain('undefined');
      expect(result.html).not.toContain('NaN');
    });
  }

  it('escapes markup coming from the XML', () => {
    const xml =
      '<CTe><infCte><emit><xNome>&lt;script&gt;alert(1)&lt;/script&gt; &amp; CIA</xNome></emit></infCte></CTe>';
    const { html } = renderDocumentHtml(xml);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; CIA');
  });
});

describe.skipIf(!sharedAvailable)('view models from the reference samples', () => {
  const dacte = (name: string) =>
    readFileSync(fiscalRef('Engenere_BrazilFiscalReport/tests/fixtures/dacte', name), 'utf8');

  it('cteProc 4.00: parties, values, tax, documents, protocol, QR code', () => {
    const view = parseDocument(dacte('dacte_test_1.xml'));
    if (view.kind !== 'cte') throw new Error(view.kind);
    expect(view.chave).toBe('42240302484555000343570020003396861082134657');
    expect(view.emit.xNome).toBe('FANTASMA TRANSPORTES LTDA');
    expect(view.tomaRole).toBe('Remetente');
    expect(view.toma?.xNome).toBe('INDUSTRIA FANTASMA DE TESTE');
    expect(view.vPrest.comps).toHaveLength(6);
    expect(view.icms).toMatchObject({ group: 'ICMS00', CST: '00', vICMS: '26.54' });
    expect(view.docs.map((d) => d.chave)).toEqual(['02394910232349239234934138491040891884149930']);
    expect(view.protocol).toMatchObject({ nProt: '2324240111249023', cStat: '100' });
    expect(view.qrCode).toMatch(
      /^https:\/\/dfe-portal\.svrs\.rs\.gov\.br\/cte\/qrCode\?chCTe=\d{44}&tpAmb=1$/,
    );
    expect(view.modalInfo).toEqual([{ label: 'RNTRC da empresa', value: '23920392' }]);
    expect(view.ambiente).toBe('homologacao');
  });

  it('cteProc with IBS/CBS', () => {
    const view = parseDocument(dacte('dacte_reforma_tributaria.xml'));
    if (view.kind !== 'cte') throw new Error(view.kind);
    expect(view.ibsCbs).toMatchObject({ CST: '100', cClassTrib: '000001', vIBS: '3.32', vCBS: '5.53' });
  });

  it('cteOSProc 3.00', () => {
    const view = parseDocument(
      readFileSync(fiscalRef('nfephp-org_sped-da/examples/cteos/fixtures/cte_hom_com_prot.xml'), 'utf8'),
    );
    if (view.kind !== 'cteos') throw new Error(view.kind);
    expect(view.versao).toBe('3.00');
    expect(view.toma?.CPF).toBe('01234567890');
    expect(view.servico?.xDescServ).toBe('SERVICO DE FRETE');
    expect(view.rodoOS?.TAF).toBe('000000032164');
    expect(view.icms?.group).toBe('ICMSSN');
  });

  it('dceProc 1.00', () => {
    const view = parseDocument(
      readFileSync(fiscalRef('Unimake_DFe/source/Unimake.DFe.Test/DCe/Resources/dceProc.xml'), 'utf8'),
    );
    if (view.kind !== 'dce') throw new Error(view.kind);
    expect(view.items).toHaveLength(1);
    expect(view.vDC).toBe('10.00');
    expect(view.protocol?.nProt).toBe('1352600000000001');
    expect(view.declaracoes).toEqual(['Declaracao 1', 'Declaracao 2']);
  });

  it('correction letter with its list of corrections', () => {
    const xml = readFileSync(
      fiscalRef(
        'Unimake_Uninfe/exemplos xml/CTe 4.00/cce35150107565416000104570000000012301000012300-ped-eve.xml',
      ),
      'utf8',
    );
    const view = parseDocument(xml);
    if (view.kind !== 'event') throw new Error(view.kind);
    expect(view.tpEvento).toBe('110110');
    expect(view.corrections).toEqual([
      { grupoAlterado: 'ide', campoAlterado: 'cfop', valorAlterado: '6353', nroItemAlterado: '' },
      { grupoAlterado: 'ide', campoAlterado: 'cfop', valorAlterado: '6352', nroItemAlterado: '' },
    ]);
  });

  it('nfeProc minimal view for pre-filling', () => {
    const xml = readFileSync(
      fiscalRef(
        'akretion_nfelib/nfelib/nfe/samples/v4_0/leiauteNFe/42210775277525000178550030000266631762885493-procNFe.xml',
      ),
      'utf8',
    );
    const view = parseDocument(xml);
    if (view.kind !== 'nfe') throw new Error(view.kind);
    expect(view.chave).toBe('42210775277525000178550030000266631762885493');
    expect(view.emit.CNPJ).toBe('75277525000178');
    expect(view.totals.vNF).toBe('95700.68');
    expect(view.transp.modFrete).toBe('9');
  });
});
