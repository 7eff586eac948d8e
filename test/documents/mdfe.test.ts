// MDF-e reading and the DAMDFE / event printouts as HTML: parsing tolerant of prefixes, whitespace,
// CDATA and character references; the status the XML and its events prove; the marks; every key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../electron/documents/parse';
import type { MdfeEventView, MdfeView } from '../../electron/documents/parse/mdfe-types';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { referencePath, sharedAvailable } from '../support/shared';
import { DOC_DETAILS, docKey, MDFE_KEY, mdfeEventXml, mdfeXml } from './mdfe-fixtures';
import { htmlText } from './support';

const sample = (name: string) => readFileSync(referencePath('mdfe', 'samples', name), 'utf8');

function mdfe(xml: string): MdfeView {
  const view = parseDocument(xml);
  if (view.kind !== 'mdfe') throw new Error(`expected an MDF-e, got ${view.kind}`);
  return view;
}

function event(xml: string): MdfeEventView {
  const view = parseDocument(xml);
  if (view.kind !== 'mdfe-event') throw new Error(`expected an MDF-e event, got ${view.kind}`);
  return view;
}

describe('MDF-e parsing', () => {
  it('reads the identification, the road modal, the documents and the trimmed QR code', () => {
    const view = mdfe(mdfeXml({ cStat: '100', trailers: 2, valePed: 1 }));
    expect(view.chave).toBe(MDFE_KEY);
    expect(view.ide).toMatchObject({ nMDF: '42', serie: '1', UFIni: 'SP', UFFim: 'PR', tpEmis: '1' });
    expect(view.rodo?.tracao.placa).toBe('ABC1D23');
    expect(view.rodo?.reboques.map((r) => r.placa)).toEqual(['REB0A10', 'REB1A11']);
    expect(view.rodo?.ciot).toEqual([{ CIOT: '123456789012', doc: '12345678000199' }]);
    expect(view.rodo?.valePed[0]).toMatchObject({ CNPJForn: '04088208000165', docPg: '12345678000199' });
    expect(view.condutores).toEqual([{ xNome: 'JOSE DA SILVA MOTORISTA', doc: '12345678909' }]);
    expect(view.descargas).toEqual([
      {
        cMun: '4106902',
        xMun: 'Curitiba',
        docs: [
          { tipo: 'CT-e', chave: docKey('57', 1) },
          { tipo: 'CT-e', chave: docKey('57', 2) },
        ],
      },
    ]);
    // The CDATA is padded with newlines and spaces, as samples 01 and 03 are: the QR carries the URL only.
    expect(view.qrCode).toBe(`https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${MDFE_KEY}&tpAmb=1`);
    expect(view.status).toBe('autorizado');
  });

  it('accepts namespace prefixes and numeric character references', () => {
    const xml = mdfeXml({ cStat: '100', emitName: 'TRANSPORTES S&#xC3;O JO&#195;O' })
      .replace(/<(\/?)(?!\?|!)([A-Za-z])/g, '<$1m:$2')
      .replace('<m:mdfeProc xmlns=', '<m:mdfeProc xmlns:m=')
      .replace(/<m:MDFe xmlns=/, '<m:MDFe xmlns:m=');
    const view = mdfe(xml);
    expect(view.chave).toBe(MDFE_KEY);
    expect(view.emit.xNome).toBe('TRANSPORTES SÃO JOÃO');
    expect(view.descargas[0]?.docs).toHaveLength(2);
  });

  it('status: no protocol, a rejection, 101 and 132 from the protocol', () => {
    expect(mdfe(mdfeXml()).status).toBe('sem-autorizacao');
    expect(mdfe(mdfeXml({ cStat: '539' })).status).toBe('sem-autorizacao');
    expect(mdfe(mdfeXml({ cStat: '101' })).status).toBe('cancelado');
    expect(mdfe(mdfeXml({ cStat: '132' })).status).toBe('encerrado');
  });

  it('status from events bundled in the envelope: only SEFAZ-registered events count', () => {
    const closed = mdfeEventXml({ tpEvento: '110112', cStat: '135' });
    const view = mdfe(mdfeXml({ cStat: '100', bundled: closed }));
    expect(view.status).toBe('encerrado');
    expect(view.encerramento).toEqual({
      dtEnc: '2026-06-11',
      cUF: '41',
      cMun: '4106902',
      nProt: '935260000090001',
    });
    const rejected = mdfeEventXml({ tpEvento: '110112', cStat: '609' });
    expect(mdfe(mdfeXml({ cStat: '100', bundled: rejected })).status).toBe('autorizado');
  });

  it.skipIf(!sharedAvailable)('reads every reference sample', () => {
    const s1 = mdfe(sample('01_mdfeProc_rodo_CTe_autorizado_homologacao.xml'));
    expect(s1.chave).toBe('24201201243220000109580010000010891973448530');
    expect(s1.ambiente).toBe('homologacao');
    expect(s1.status).toBe('autorizado');
    expect(s1.qrCode).toBe(
      'https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=24201201243220000109580010000010891973448530&tpAmb=2',
    );
    expect(s1.rodo?.tracao.prop?.RNTRC).toBe('49131944');
    const s2 = mdfe(sample('02_MDFe_rodo_40CTe_assinado_sem_protocolo.xml'));
    expect(s2.status).toBe('sem-autorizacao');
    expect(s2.descargas[0]?.docs).toHaveLength(40);
    expect(s2.ide.carregamento[0]?.xMun).toBe('Bento Gonçalves');
    expect(s2.ide.percurso).toEqual(['SC', 'PR']);
    expect(s2.rodo?.valePed[0]?.nCompra).toBe('104900248825669');
    const s3 = mdfe(sample('03_mdfeProc_rodo_NFe_percurso_autorizado_producao.xml'));
    expect(s3.descargas[0]?.docs).toEqual([
      { tipo: 'NF-e', chave: '24210240783110000191550010000008641690118870' },
    ]);
    const s4 = mdfe(sample('04_MDFe_rodo_NFe_infPag_sintetico.xml'));
    expect(s4.rodo?.pagamentos[0]?.prazos).toHaveLength(2);
    const enc = event(sample('05_procEventoMDFe_encerramento_110112.xml'));
    expect(enc.encerramento).toEqual({
      nProt: '941230001219027',
      dtEnc: '2023-03-03',
      cUF: '29',
      cMun: '2907103',
    });
    expect(enc.registro?.cStat).toBe('135');
    const canc = event(sample('06_eventoMDFe_cancelamento_110111.xml'));
    expect(canc.cancelamento).toEqual({ nProt: '010101010101010', xJust: 'Justificativa do cancelamento' });
    expect(canc.registro).toBeUndefined();
    const cond = event(sample('07_eventoMDFe_inclusao_condutor_110114.xml'));
    expect(cond.condutor).toEqual({ xNome: 'JOSE ALMEIDA', doc: '00000000191' });
    const dfe = event(sample('08_eventoMDFe_inclusao_DFe_110115.xml'));
    expect(dfe.inclusaoDfe?.docs).toEqual([
      {
        cMunDescarga: '4117107',
        xMunDescarga: 'NOVA LONDRINA',
        chNFe: '41190606117473000150550020000025691118027981',
      },
    ]);
  });
});

describe('DAMDFE (HTML)', () => {
  it('authorized: key, protocol to the second, quantities, vehicles, drivers, no status mark', () => {
    const result = renderDocumentHtml(mdfeXml({ cStat: '100', trailers: 1, valePed: 1 }));
    const text = htmlText(result.html);
    expect(result.kind).toBe('damdfe');
    expect(result.key).toBe(MDFE_KEY);
    expect(result.pages).toBe(1);
    for (const needle of [
      formatChave(MDFE_KEY),
      '935260000012345 10/06/2026 08:16:02',
      '10/06/2026 08:15:30',
      'ABC1D23',
      'REB0A10',
      '123.456.789-09',
      'JOSE DA SILVA MOTORISTA',
      '12.345.678/0001-99',
      '04.088.208/0001-65',
      '12.500,5',
      'R$ 150.000,00',
      '123456789012',
      'CONTRATANTE EXEMPLO LTDA',
      'SP → PR',
      'Curitiba',
    ]) {
      expect(text).toContain(needle);
    }
    for (const mark of ['CANCELADO', 'ENCERRADO', 'SEM AUTORIZAÇÃO', 'CONTINGÊNCIA', 'HOMOLOGAÇÃO'])
      expect(text).not.toContain(mark);
    expect(result.html.match(/<svg /g)).toHaveLength(2);
  });

  it('marks: cancelled and closed by their events, unauthorized without protocol, homologação', () => {
    const canc = renderDocumentHtml(mdfeXml({ cStat: '100' }), {
      events: [mdfeEventXml({ tpEvento: '110111', cStat: '135' })],
    });
    expect(htmlText(canc.html)).toContain(
      'MDF-e CANCELADO Protocolo do cancelamento 935260000090001 – 11/06/2026 17:40:09',
    );
    expect(canc.html).toContain('<div class="wm cancel"><span>CANCELADO</span></div>');
    const enc = renderDocumentHtml(mdfeXml({ cStat: '100' }), {
      events: [mdfeEventXml({ tpEvento: '110112', cStat: '135' })],
    });
    expect(htmlText(enc.html)).toContain(
      'MDF-e ENCERRADO Encerrado em 11/06/2026 - Curitiba/PR (IBGE 4106902) Protocolo do encerramento 935260000090001',
    );
    // Closed somewhere the manifest does not unload: the event carries only the code.
    const elsewhere = renderDocumentHtml(mdfeXml({ cStat: '100' }), {
      events: [mdfeEventXml({ tpEvento: '110112', cStat: '135', cMun: '4113700' })],
    });
    expect(htmlText(elsewhere.html)).toContain(
      'Encerrado em 11/06/2026 - município IBGE 4113700 Protocolo do encerramento',
    );
    expect(enc.html).toContain('<span>ENCERRADO</span>');
    // An event of another MDF-e, or a request SEFAZ never registered, proves nothing.
    const other = renderDocumentHtml(mdfeXml({ cStat: '100' }), {
      events: [
        mdfeEventXml({ tpEvento: '110111', cStat: '135', key: docKey('57', 7) }),
        mdfeEventXml({ tpEvento: '110112' }),
      ],
    });
    expect(htmlText(other.html)).not.toMatch(/CANCELADO|ENCERRADO/);
    const none = htmlText(renderDocumentHtml(mdfeXml()).html);
    expect(none).toContain('SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL');
    const rejected = htmlText(renderDocumentHtml(mdfeXml({ cStat: '611' })).html);
    expect(rejected).toContain('Situação na SEFAZ: 611');
    expect(rejected).not.toContain('935260000012345');
    const hom = htmlText(renderDocumentHtml(mdfeXml({ cStat: '100', tpAmb: '2' })).html);
    expect(hom).toContain('EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL');
  });

  it('contingency: the 168-hour notice in the protocol box and no unauthorized mark', () => {
    const text = htmlText(renderDocumentHtml(mdfeXml({ tpEmis: '2' })).html);
    expect(text).toContain(
      'Impressão em contingência. Obrigatória a autorização em 168 horas após esta emissão (10/06/2026 08:15)',
    );
    expect(text).toContain('DAMDFE EMITIDO EM CONTINGÊNCIA');
    expect(text).toContain('Informações da composição da carga');
    expect(text).not.toContain('SEM AUTORIZAÇÃO');
    // Composição da carga before the observação, as in the contingency model [Anexo II p.125].
    expect(text.indexOf('Informações da composição da carga')).toBeLessThan(text.indexOf('Observação'));
    expect(
      htmlText(renderDocumentHtml(mdfeXml({ cStat: '100' })).html).indexOf('Documentos fiscais vinculados'),
    ).toBeGreaterThan(htmlText(renderDocumentHtml(mdfeXml({ cStat: '100' })).html).indexOf('Observação'));
  });

  it('transport and cargo units, dangerous goods and partial delivery of a document (contingency columns of Anexo II p.125)', () => {
    const key = docKey('57', 5);
    const groups = [{ cMun: '4106902', xMun: 'Curitiba', keys: [key], extra: DOC_DETAILS }];
    const text = htmlText(renderDocumentHtml(mdfeXml({ cStat: '100', groups })).html);
    expect(text).toContain(
      `CT-e ${formatChave(key)} Unidade de transporte: Rodoviário reboque REB0A10 (lacres L-001)`,
    );
    expect(text.split(formatChave(key)).length - 1).toBe(1);
    expect(text).toContain('Unidade de carga: Container MSCU1234567 (lacres C-777)');
    expect(text).toContain('Produto perigoso: ONU 1203 - GASOLINA - classe/risco 3 - grupo de embalagem II');
    expect(text).toContain('Entrega parcial: 4 de 10; Reentrega');
  });

  it('drivers and NF-e included by accepted events are printed with the MDF-e', () => {
    const added = docKey('55', 901);
    const result = renderDocumentHtml(mdfeXml({ cStat: '100' }), {
      events: [
        mdfeEventXml({ tpEvento: '110114', cStat: '135', nSeq: 2 }),
        mdfeEventXml({ tpEvento: '110115', cStat: '135', nSeq: 3, docs: [added] }),
      ],
    });
    const text = htmlText(result.html);
    expect(text).toContain('MARIA SEGUNDA MOTORISTA (incluído por evento)');
    expect(text).toContain('987.654.321-00');
    expect(text).toContain(`NF-e (incl.) ${formatChave(added)}`);
  });

  it('2,000 keys over three municipalities continue over sheets, each key once, FL on every sheet', () => {
    const groups = [0, 1, 2].map((g) => ({
      cMun: ['4106902', '4113700', '4115200'][g] ?? '',
      xMun: ['Curitiba', 'Londrina', 'Maringá'][g] ?? '',
      keys: Array.from({ length: g === 0 ? 1200 : 400 }, (_, i) => docKey('57', g * 10000 + i + 1)),
    }));
    const result = renderDocumentHtml(mdfeXml({ cStat: '100', groups }));
    const text = htmlText(result.html);
    expect(result.pages).toBeGreaterThan(10);
    expect(result.html.match(/<section class="sheet">/g)).toHaveLength(result.pages);
    for (const g of groups) for (const k of g.keys) expect(text.split(formatChave(k)).length - 1, k).toBe(1);
    for (let p = 1; p <= result.pages; p++) expect(text).toContain(` ${p}/${result.pages} `);
    expect(text.split(formatChave(MDFE_KEY)).length - 1).toBe(result.pages);
  });
});

describe('MDF-e event printouts (HTML)', () => {
  it('encerramento: labels, dd/mm/aaaa hh:mm, UF by name, formatted CNPJ', () => {
    const r = renderDocumentHtml(mdfeEventXml({ tpEvento: '110112', cStat: '135' }));
    const text = htmlText(r.html);
    expect(r.kind).toBe('evento-encerramento');
    for (const needle of [
      'ENCERRAMENTO DE MDF-e',
      formatChave(MDFE_KEY),
      '12.345.678/0001-99',
      'Data e hora do evento 11/06/2026 17:40',
      'Data do encerramento 11/06/2026',
      'UF do encerramento PR (41)',
      'Município do encerramento (IBGE) 4106902',
      '935260000090001 – 11/06/2026 17:40',
      '135 - Evento registrado e vinculado a MDF-e',
    ])
      expect(text).toContain(needle);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('cancelamento, inclusão de condutor and inclusão de DF-e', () => {
    const canc = htmlText(renderDocumentHtml(mdfeEventXml({ tpEvento: '110111' })).html);
    expect(canc).toContain('CANCELAMENTO DE MDF-e');
    expect(canc).toContain('Justificativa Viagem cancelada pelo contratante antes da saida');
    expect(canc).toContain('Pedido do evento, sem o registro da SEFAZ');
    const cond = htmlText(renderDocumentHtml(mdfeEventXml({ tpEvento: '110114', cStat: '135' })).html);
    expect(cond).toContain('Nome do condutor MARIA SEGUNDA MOTORISTA');
    expect(cond).toContain('CPF do condutor 987.654.321-00');
    const keys = Array.from({ length: 300 }, (_, i) => docKey('55', i + 1));
    const dfe = renderDocumentHtml(mdfeEventXml({ tpEvento: '110115', cStat: '135', docs: keys }));
    const text = htmlText(dfe.html);
    expect(dfe.kind).toBe('evento-inclusao-dfe');
    expect(dfe.pages).toBeGreaterThan(1);
    for (const k of keys) expect(text.split(formatChave(k)).length - 1).toBe(1);
    expect(text).toContain('Município de carregamento CAMPINAS (IBGE 3509502)');
  });
});

describe('other MDF-e events', () => {
  it('print their fields with captions and Brazilian formats, never tag names or ISO dates', () => {
    const xml = mdfeEventXml({ tpEvento: '110112', cStat: '135' })
      .replace(/<tpEvento>110112<\/tpEvento>/g, '<tpEvento>110116</tpEvento>')
      .replace(
        /<evEncMDFe>[\s\S]*<\/evEncMDFe>/,
        '<evPagtoOperMDFe><descEvento>Pagamento Operacao MDF-e</descEvento><nProt>935260000012345</nProt><infViagens><qtdViagens>00001</qtdViagens><nroViagem>00001</nroViagem></infViagens><infPag><xNome>JOAO TAC</xNome><CPF>12345678909</CPF><vContrato>1500.00</vContrato><indPag>0</indPag></infPag></evPagtoOperMDFe>',
      );
    const result = renderDocumentHtml(xml);
    const text = htmlText(result.html);
    expect(result.kind).toBe('evento');
    expect(text).toContain('PAGAMENTO OPERACAO MDF-e');
    expect(text).toContain('Viagens – Quantidade de viagens 00001');
    expect(text).toContain('Pagamento – CPF 123.456.789-09');
    expect(text).toContain('Pagamento – Valor do contrato R$ 1.500,00');
    expect(text).not.toMatch(/qtdViagens|vContrato/);
  });
});

describe('MDF-e layout 1.00', () => {
  it('RNTRC and CIOT under rodo, paper CT and NF by issuer, série and number', () => {
    const xml = mdfeXml({ cStat: '100' })
      .replace(/<infANTT>[\s\S]*?<\/infANTT>/, '<RNTRC>00043753</RNTRC><CIOT>998877665544</CIOT>')
      .replace(
        '</infMunDescarga>',
        '<infCT><nCT>1234</nCT><serie>1</serie><dEmi>2014-03-10</dEmi><vCarga>100.00</vCarga></infCT><infNF><CNPJ>11222333000181</CNPJ><UF>SP</UF><nNF>5678</nNF><serie>2</serie><dEmi>2014-03-09</dEmi><vNF>50.00</vNF></infNF></infMunDescarga>',
      );
    const view = parseDocument(xml);
    if (view.kind !== 'mdfe') throw new Error(view.kind);
    expect(view.rodo?.RNTRC).toBe('00043753');
    expect(view.rodo?.ciot).toEqual([{ CIOT: '998877665544', doc: '' }]);
    const text = htmlText(renderDocumentHtml(xml).html);
    expect(text).toContain('CT Nº 1234 série 1 10/03/2014');
    expect(text).toContain('NF CNPJ 11222333000181 SP Nº 5678 série 2 09/03/2014');
    expect(text).toContain('RNTRC: 00043753');
  });
});
