import { describe, expect, it } from 'vitest';
import { planSheets } from '../../electron/documents/dacte/pagination';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { cteXml, nfeKey } from './fixtures';
import { htmlText } from './support';

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('planSheets', () => {
  const base = { firstSheetFree: 40, continuationFree: 215, firstObsLines: 3, firstObsMax: 8 };

  it('keeps a small document on one sheet', () => {
    const plans = planSheets({ ...base, docCount: 3, obsLineCount: 2 });
    expect(plans).toHaveLength(1);
    expect(plans[0]?.docs).toMatchObject({ from: 0, to: 3 });
    expect(plans[0]?.obs).toMatchObject({ from: 0, to: 2 });
  });

  it('continues documents and observations on further sheets without losing or repeating any', () => {
    const plans = planSheets({ ...base, docCount: 300, obsLineCount: 200 });
    expect(plans.length).toBeGreaterThan(2);
    let docAt = 0;
    let obsAt = 0;
    for (const plan of plans) {
      if (plan.docs) {
        expect(plan.docs.from).toBe(docAt);
        expect(plan.docs.to - plan.docs.from).toBeLessThanOrEqual(plan.docs.rows * 2);
        docAt = plan.docs.to;
      }
      if (plan.obs) {
        expect(plan.obs.from).toBe(obsAt);
        expect(plan.obs.to - plan.obs.from).toBeLessThanOrEqual(plan.obs.capacity);
        obsAt = plan.obs.to;
      }
    }
    expect(docAt).toBe(300);
    expect(obsAt).toBe(200);
  });

  it('is deterministic', () => {
    const input = { ...base, docCount: 77, obsLineCount: 31 };
    expect(planSheets(input)).toEqual(planSheets(input));
  });
});

describe('DACTE over several sheets', () => {
  it('a single sheet for one NF-e', () => {
    const result = renderDocumentHtml(cteXml(1, 10));
    expect(result.pages).toBe(1);
    expect(htmlText(result.html)).toContain('1/1');
  });

  it('120 NF-e keys and long observations: every key once, header and "folha x/y" on every sheet', () => {
    const xml = cteXml(120, 900);
    const result = renderDocumentHtml(xml);
    const text = htmlText(result.html);
    expect(result.pages).toBeGreaterThanOrEqual(3);
    expect(count(result.html, '<section class="sheet">')).toBe(result.pages);
    for (let i = 1; i <= 120; i++) expect(count(text, nfeKey(i)), nfeKey(i)).toBe(1);
    for (let i = 1; i <= 900; i++) expect(count(text, ` PALAVRA${i} `), `PALAVRA${i}`).toBe(1);
    for (let page = 1; page <= result.pages; page++) expect(text).toContain(` ${page}/${result.pages} `);
    expect(count(text, 'TRANSPORTADORA CARRETA LTDA')).toBe(result.pages);
    expect(count(text, formatChave('35240612345678000199570010000001231000001234'))).toBe(result.pages);
    expect(count(result.html, '<svg')).toBe(result.pages * 2);
    // Labels are upper-cased by CSS (text-transform), as printed.
    const printed = text.toUpperCase();
    expect(count(printed, 'DOCUMENTOS ORIGINÁRIOS (CONTINUAÇÃO)')).toBeGreaterThanOrEqual(1);
    expect(printed).toContain('OBSERVAÇÕES GERAIS (CONTINUAÇÃO)');
    expect(printed).toContain('(CONTINUA NA FOLHA SEGUINTE)');
    expect(text).not.toContain('HOMOLOGAÇÃO');
  });

  it('values in R$, protocol, parties, cancelled watermark by option and by a cancellation event', () => {
    const xml = cteXml(2, 5);
    const plain = htmlText(renderDocumentHtml(xml).html);
    expect(plain).toContain('R$ 1.234,56');
    expect(plain).toContain('R$ 148,15');
    expect(plain).toContain('135240000012345 10/06/2024 14:31:02');
    expect(plain).toContain('REMETENTE EXEMPLO SA');
    expect(plain).toContain('DESTINATARIO EXEMPLO LTDA (Destinatário)');
    expect(plain).not.toContain('CANCELADO');
    expect(htmlText(renderDocumentHtml(xml, { cancelled: true }).html)).toContain('CANCELADO');
    const event = `<procEventoCTe versao="4.00"><eventoCTe versao="4.00"><infEvento Id="ID1101113524061234567800019957001000000123100000123401"><tpAmb>1</tpAmb><chCTe>35240612345678000199570010000001231000001234</chCTe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="4.00"><evCancCTe><descEvento>Cancelamento</descEvento><nProt>135240000012345</nProt><xJust>Erro na digitacao do valor</xJust></evCancCTe></detEvento></infEvento></eventoCTe><retEventoCTe versao="4.00"><infEvento><cStat>135</cStat><xMotivo>Evento registrado e vinculado a CT-e</xMotivo><nProt>135240000099999</nProt><dhRegEvento>2024-06-10T15:00:00-03:00</dhRegEvento></infEvento></retEventoCTe></procEventoCTe>`;
    expect(htmlText(renderDocumentHtml(xml, { events: [event] }).html)).toContain('CANCELADO');
    const otherKey = event.replace(/<chCTe>\d+/, '<chCTe>35240612345678000199570010000009991000009999');
    expect(htmlText(renderDocumentHtml(xml, { events: [otherKey] }).html)).not.toContain('CANCELADO');
    const cancelPrintout = renderDocumentHtml(event);
    expect(cancelPrintout.kind).toBe('evento-cancelamento');
    const cancelText = htmlText(cancelPrintout.html);
    expect(cancelText).toContain('Erro na digitacao do valor');
    expect(cancelText).toContain('135240000099999');
    expect(cancelText).toContain('135 - Evento registrado e vinculado a CT-e');
  });

  it('expedidor and recebedor boxes are left out when empty, and shown when present', () => {
    const without = htmlText(renderDocumentHtml(cteXml(1, 1)).html).toUpperCase();
    expect(without).not.toContain('EXPEDIDOR:');
    expect(without).not.toContain('RECEBEDOR:');
    expect(without).toContain('TOMADOR DO SERVIÇO:');
    const withExped = htmlText(
      renderDocumentHtml(
        cteXml(1, 1, '<exped><CNPJ>77888999000155</CNPJ><xNome>EXPEDIDOR XYZ</xNome></exped>'),
      ).html,
    ).toUpperCase();
    expect(withExped).toContain('EXPEDIDOR: EXPEDIDOR XYZ');
    expect(withExped).not.toContain('RECEBEDOR:');
    // The tomador takes the free slot beside the expedidor (Anexo II §2.7).
    expect(withExped).toContain('TOMADOR (DESTINATÁRIO): DESTINATARIO EXEMPLO LTDA');
  });

  it('a correction letter with many corrections continues on further sheets', () => {
    const corrections = Array.from(
      { length: 40 },
      (_, i) =>
        `<infCorrecao><grupoAlterado>compl</grupoAlterado><campoAlterado>xObs</campoAlterado><valorAlterado>${`TEXTO CORRIGIDO ${i + 1} `.repeat(12)}FIM${i + 1}</valorAlterado></infCorrecao>`,
    ).join('');
    const xml = `<eventoCTe versao="4.00"><infEvento><tpAmb>2</tpAmb><chCTe>35240612345678000199570010000001231000001234</chCTe><tpEvento>110110</tpEvento><nSeqEvento>2</nSeqEvento><detEvento><evCCeCTe><descEvento>Carta de Correcao</descEvento>${corrections}</evCCeCTe></detEvento></infEvento></eventoCTe>`;
    const result = renderDocumentHtml(xml);
    const text = htmlText(result.html);
    expect(result.pages).toBeGreaterThan(1);
    for (let i = 1; i <= 40; i++) expect(count(text, ` FIM${i} `), `FIM${i}`).toBe(1);
    expect(count(text, 'Art. 58-B do CONVÊNIO/SINIEF 06/89')).toBe(1);
    expect(text).toContain('EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO');
  });
});
