import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { cteXml, DCE_KEY, dceXml } from './fixtures';
import { htmlText } from './support';

describe('DACE', () => {
  it('key, barcode, QR code, protocol, parties, items and total', () => {
    const result = renderDocumentHtml(dceXml(3));
    const text = htmlText(result.html);
    expect(result.kind).toBe('dace');
    expect(result.pages).toBe(1);
    expect(result.html.match(/<svg /g)).toHaveLength(2);
    for (const needle of [
      formatChave(DCE_KEY),
      '1412600000000042 01/06/2026 09:15:30',
      'MARIA REMETENTE',
      'JOAO DESTINATARIO',
      '123.456.789-09',
      'ITEM DECLARADO 3',
      'R$ 93,00',
      'Transportadora - TRANSPORTADORA CARRETA LTDA 12345678000199',
      'Empresa transportadora',
      'https://www.fazenda.pr.gov.br/dce/consulta',
      'Declaro que o conteudo corresponde ao descrito.',
    ]) {
      expect(text).toContain(needle);
    }
    expect(text).not.toContain('HOMOLOGAÇÃO');
  });

  it('many items continue on further sheets, each item once, header on every sheet', () => {
    const result = renderDocumentHtml(dceXml(90));
    const text = htmlText(result.html);
    expect(result.pages).toBeGreaterThan(1);
    for (let i = 1; i <= 90; i++) expect(text.split(`ITEM DECLARADO ${i} `).length - 1, `item ${i}`).toBe(1);
    for (let p = 1; p <= result.pages; p++) expect(text).toContain(` ${p}/${result.pages} `);
    expect(text.split(formatChave(DCE_KEY)).length - 1).toBe(result.pages);
    expect(text).toContain('R$ 2.790,00');
  });
});

describe('contingency', () => {
  it('FS-DA prints its notice on every sheet', () => {
    const xml = cteXml(80, 10).replace('<tpEmis>1</tpEmis>', '<tpEmis>5</tpEmis>');
    const result = renderDocumentHtml(xml);
    expect(result.pages).toBeGreaterThan(1);
    expect(
      htmlText(result.html).split('DACTE em Contingência - impresso em decorrência de problemas técnicos')
        .length - 1,
    ).toBe(result.pages);
  });
});

describe('DACTE header', () => {
  it('always prints the SUFRAMA caption, with dest/ISUF when the XML has one', () => {
    const xml = cteXml(1, 1).replace(
      '<xNome>DESTINATARIO EXEMPLO LTDA</xNome>',
      '<xNome>DESTINATARIO EXEMPLO LTDA</xNome><ISUF>101362102</ISUF>',
    );
    const text = htmlText(renderDocumentHtml(xml).html);
    expect(text).toContain('Insc. SUFRAMA destinatário 101362102');
    // Anexo II §3 always shows the caption; without dest/ISUF its value is empty.
    const without = htmlText(renderDocumentHtml(cteXml(1, 1)).html);
    expect(without).toContain('Insc. SUFRAMA destinatário CFOP - Natureza');
  });
});

describe('uso exclusivo do emissor / reservado ao fisco', () => {
  it('text beyond the box continues in the observations, nothing lost', () => {
    const obsCont = Array.from(
      { length: 12 },
      (_, i) =>
        `<ObsCont xCampo="Campo${i + 1}"><xTexto>Texto do emissor numero ${i + 1} MARCA${i + 1}</xTexto></ObsCont>`,
    ).join('');
    const xml = cteXml(1, 5).replace(
      '</xObs>',
      `</xObs>${obsCont}<ObsFisco xCampo="Fisco"><xTexto>RESERVADO1</xTexto></ObsFisco>`,
    );
    const text = htmlText(renderDocumentHtml(xml).html);
    for (let i = 1; i <= 12; i++) expect(text.split(` MARCA${i} `).length - 1, `MARCA${i}`).toBe(1);
    expect(text).toContain('USO EXCLUSIVO DO EMISSOR (continuação):');
    expect(text).toContain('Fisco: RESERVADO1');
  });
});
