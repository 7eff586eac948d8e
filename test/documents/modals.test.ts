// The non-road modal groups of the CT-e (aéreo, aquaviário, ferroviário, dutoviário, multimodal):
// parsed into typed views (layouts 4.00 and 3.00) and printed in their own boxes, as the model
// sheets of MOC CT-e 4.00 Anexo II §5 show them.
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../electron/documents/parse';
import type { CteView } from '../../electron/documents/parse/types';
import { renderDocumentHtml } from '../../electron/documents/render';
import { fixtureXml } from './fixtures';
import { htmlText } from './support';

function cteView(xml: string): CteView {
  const view = parseDocument(xml);
  if (view.kind !== 'cte') throw new Error(`esperado CT-e, veio ${view.kind}`);
  return view;
}

const text = (xml: string) => htmlText(renderDocumentHtml(xml).html);

/** Text of one titled box, from its title to the next box title (uppercase rendering aside). */
function box(all: string, title: string): string {
  const start = all.indexOf(title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  return all.slice(start, start + 700);
}

describe('parsing the modal groups', () => {
  it('aéreo: minuta, OCA, tarifa, natureza da carga, artigos perigosos, retira', () => {
    const view = cteView(fixtureXml('cte-aereo.xml'));
    expect(view.modal).toEqual({
      kind: 'aereo',
      nMinu: '000123456',
      nOCA: '12345678901',
      dPrevAereo: '2026-11-23',
      xDime: '0120X0080X0060',
      cInfManu: ['02', '03'],
      CL: 'G',
      cTar: 'GCR1',
      vTar: '12.50',
      peri: [{ nONU: '1845', qTotEmb: '3', qTotProd: '15.5000', uniAP: '1' }],
    });
    expect(view.ide.retira).toBe('0');
    expect(view.ide.xDetRetira).toBe('Retirar no terminal de cargas do aeroporto de Congonhas');
    expect(view.xCaracSer).toBe('ENTREGA EXPRESSA');
    expect(view.fluxo).toEqual({ xOrig: 'CWB', xPass: ['GRU', 'VCP'], xDest: 'CGH' });
  });

  it('aquaviário: navio, balsas, AFRMM and the containers with their seals and documents', () => {
    const modal = cteView(fixtureXml('cte-aquaviario.xml')).modal;
    expect(modal?.kind).toBe('aquav');
    if (modal?.kind !== 'aquav') return;
    expect(modal).toMatchObject({ vPrest: '1500.00', vAFRMM: '375.00', xNavio: 'NAVIO ATLANTICO SUL' });
    expect(modal).toMatchObject({ nViag: '2026', direc: 'N', irin: 'PP1234', tpNav: '1' });
    expect(modal.balsas).toEqual(['BALSA 01', 'BALSA 02']);
    expect(modal.containers).toEqual([
      {
        nCont: 'ABCU1234567',
        lacres: ['L-001', 'L-002'],
        docs: [{ tipo: 'NF-E', emitente: '99888777000166', serieNumero: '1/4567' }],
      },
      {
        nCont: 'XYZU7654321',
        lacres: ['L-003'],
        docs: [{ tipo: 'NF', emitente: '99888777000166', serieNumero: '1/4569' }],
      },
    ]);
  });

  it('ferroviário: tráfego mútuo and the railways involved', () => {
    const modal = cteView(fixtureXml('cte-ferroviario.xml')).modal;
    expect(modal).toMatchObject({
      kind: 'ferrov',
      tpTraf: '1',
      fluxo: 'FLX2026001',
      respFat: '1',
      ferrEmi: '2',
      vFrete: '980.00',
      chCTeFerroOrigem: '41261177666555000144570010000009871000009871',
    });
    if (modal?.kind !== 'ferrov') return;
    expect(modal.ferrovias).toEqual([
      { CNPJ: '77666555000144', cInt: 'RUMO', IE: '9087654321', xNome: 'FERROVIA DE ORIGEM EXEMPLO SA' },
      { CNPJ: '66555444000133', cInt: 'MRS', IE: '112233445566', xNome: 'FERROVIA DE DESTINO EXEMPLO SA' },
    ]);
  });

  it('dutoviário: tariff, period and the gas pipeline fields of the RTC layout', () => {
    expect(cteView(fixtureXml('cte-dutoviario.xml')).modal).toEqual({
      kind: 'duto',
      vTar: '0.125000',
      dIni: '2026-11-01',
      dFim: '2026-11-30',
      classDuto: '1',
      tpContratacao: '0',
      codPontoEntrada: 'PE01',
      codPontoSaida: 'PS07',
      nContrato: 'CT202655',
    });
  });

  it('multimodal: COTM, negotiability and the insurance', () => {
    expect(cteView(fixtureXml('cte-multimodal.xml')).modal).toEqual({
      kind: 'multimodal',
      COTM: '1234567890',
      indNegociavel: '1',
      seguro: {
        xSeg: 'SEGURADORA EXEMPLO SA',
        CNPJ: '33444555000152',
        nApol: 'APOL778899',
        nAver: 'AVB000123',
      },
    });
  });

  it('rodoviário keeps its RNTRC', () => {
    expect(cteView(fixtureXml('cte-fsda.xml')).modal).toEqual({ kind: 'rodo', RNTRC: '12345678' });
  });

  it('layout 3.00: the same groups under versaoModal 3.00, and railways outside trafMut', () => {
    const v300 = fixtureXml('cte-ferroviario.xml')
      .replace(/versao="4.00"/g, 'versao="3.00"')
      .replace('versaoModal="4.00"', 'versaoModal="3.00"');
    const view = cteView(v300);
    expect(view.versao).toBe('3.00');
    expect(view.modal?.kind === 'ferrov' && view.modal.ferrovias.length).toBe(2);
    const loose = fixtureXml('cte-ferroviario.xml')
      .replace(/<trafMut>[\s\S]*?(<ferroEnv>)/, '$1')
      .replace('</trafMut>', '');
    const modal = cteView(loose).modal;
    expect(modal?.kind === 'ferrov' && modal.ferrovias.map((f) => f.cInt)).toEqual(['RUMO', 'MRS']);
    const aereo300 = cteView(fixtureXml('cte-aereo.xml').replace(/versao="4.00"/g, 'versao="3.00"'));
    expect(aereo300.modal?.kind === 'aereo' && aereo300.modal.nOCA).toBe('12345678901');
  });
});

describe('printing the modal boxes (Anexo II §3 and §5)', () => {
  it('aéreo', () => {
    const t = text(fixtureXml('cte-aereo.xml'));
    const b = box(t, 'Informações específicas do modal aéreo');
    for (const needle of [
      'Número operacional do conhecimento aéreo 12345678901',
      'Classe G - Tarifa geral',
      'Código da tarifa GCR1',
      'Valor da tarifa R$ 12,50',
      'Número da minuta 000123456',
      'Retira SIM',
      'Dados relativos à retirada da carga Retirar no terminal de cargas do aeroporto de Congonhas',
      'Característica adicional do serviço ENTREGA EXPRESSA',
      'Data prevista da entrega 23/11/2026',
      'Natureza da carga - dimensão 0120X0080X0060',
      'Natureza da carga - inf. de manuseio 02, 03',
    ])
      expect(b).toContain(needle);
    expect(t).toContain('Modal AÉREO');
    expect(box(t, 'Previsão do fluxo da carga')).toMatch(/origem CWB .*passagem GRU - VCP .*destino CGH/);
    expect(box(t, 'Observações gerais')).toContain(
      'ARTIGO PERIGOSO – Nº ONU/UN: 1845 – Qtde. total de volumes: 3 – Qtde. total de artigos: 15,5 – Unidade: KG',
    );
  });

  it('aquaviário: containers after the documents (I), vessel data after the observations (II)', () => {
    const t = text(fixtureXml('cte-aquaviario.xml'));
    const i = t.indexOf('Detalhamento do contêiner - informações específicas do modal aquaviário (I)');
    const docs = t.indexOf('Documentos originários');
    const obs = t.indexOf('Observações gerais');
    const ii = t.indexOf('Informações específicas do modal aquaviário (II)');
    expect(docs).toBeLessThan(i);
    expect(i).toBeLessThan(obs);
    expect(obs).toBeLessThan(ii);
    const containers = box(t, 'Detalhamento do contêiner');
    expect(containers).toContain('NF-E 99.888.777/0001-66 1/4567 L-001, L-002 ABCU1234567');
    expect(containers).toContain('NF 99.888.777/0001-66 1/4569 L-003 XYZU7654321');
    const vessel = box(t, 'Informações específicas do modal aquaviário (II)');
    for (const needle of [
      'Identificação do navio / rebocador NAVIO ATLANTICO SUL',
      'Identificação da balsa BALSA 01, BALSA 02',
      'Vlr. do AFRMM R$ 375,00',
      'Base de cálculo do AFRMM R$ 1.500,00',
      'Número da viagem 2026',
      'Direção Norte',
      'IRIN do navio PP1234',
      'Tipo de navegação Cabotagem',
    ])
      expect(vessel).toContain(needle);
  });

  it('aquaviário: containers beyond the box go on in the observations', () => {
    const many = Array.from(
      { length: 9 },
      (_, n) =>
        `<detCont><nCont>CONT${n + 1}</nCont><infDoc><infNF><serie>1</serie><nDoc>${n + 10}</nDoc></infNF></infDoc></detCont>`,
    ).join('');
    const xml = fixtureXml('cte-aquaviario.xml').replace(/<detCont>[\s\S]*<\/detCont>/, many);
    const t = text(xml);
    const containers = box(t, 'Detalhamento do contêiner').slice(0, 400);
    for (let n = 1; n <= 6; n++) expect(containers).toContain(`CONT${n} `);
    expect(containers).not.toContain('CONT7');
    for (let n = 7; n <= 9; n++) expect(t).toContain(`CONTÊINER CONT${n} – NF 1/${n + 9}`);
  });

  it('ferroviário: traffic, billing railway, freight and the railways involved', () => {
    const t = text(fixtureXml('cte-ferroviario.xml'));
    const b = box(t, 'Informações específicas do modal ferroviário');
    for (const needle of [
      'Tipo de tráfego Mútuo',
      'Fluxo ferroviário FLX2026001',
      'Ferrovia responsável pelo faturamento Ferrovia de origem',
      'Ferrovia emitente do CT-e Ferrovia de destino',
      'Valor do frete R$ 980,00',
    ])
      expect(b).toContain(needle);
    const env = box(t, 'Informações das ferrovias envolvidas');
    expect(env).toContain(
      'CNPJ: 77.666.555/0001-44 Cód. interno: RUMO IE: 9087654321 Razão social: FERROVIA DE ORIGEM',
    );
    expect(env).toContain('CNPJ: 66.555.444/0001-33 Cód. interno: MRS');
    expect(box(t, 'Observações gerais')).toContain(
      'CT-e da ferrovia de origem: 41261177666555000144570010000009871000009871',
    );
  });

  it('dutoviário: the §3 fields (future ones blank), the first NF and the pipeline data', () => {
    const t = text(fixtureXml('cte-dutoviario.xml'));
    const b = box(t, 'Informações específicas do modal dutoviário');
    for (const needle of [
      'Valor unitário R$ 0,125',
      'Valor do frete Outros Base de cálculo R$ 1.500,00',
      'Alíquota 12,00%',
      'Valor do imposto R$ 180,00',
      'Valor total do frete Observações Fixture cte-dutoviario.xml',
      'Emitente 99.888.777/0001-66',
      'Série 3',
      'Número 778',
      'Data de início do serviço 01/11/2026',
      'Data de fim do serviço 30/11/2026',
      'Classificação Gasoduto',
      'Tipo de contratação Ponta a ponta',
      'Ponto de entrada PE01',
      'Ponto de saída PS07',
      'Nº do contrato CT202655',
    ])
      expect(b).toContain(needle);
  });

  it('multimodal: COTM, negotiability and the insurance box', () => {
    const t = text(fixtureXml('cte-multimodal.xml'));
    expect(box(t, 'Informações e especificações do transporte multimodal de cargas')).toContain(
      'Nº do certificado do operador de transporte multimodal 1234567890 Indicador negociável NEGOCIÁVEL',
    );
    expect(box(t, 'Informações do seguro do multimodal')).toContain(
      'CNPJ da seguradora 33.444.555/0001-52 Nome da seguradora SEGURADORA EXEMPLO SA Número da apólice APOL778899 Número da averbação AVB000123',
    );
    expect(t).not.toContain('RNTRC');
  });

  it('a modal code without its group prints that model with blank boxes', () => {
    const xml = fixtureXml('cte-multimodal.xml').replace(/<multimodal>[\s\S]*<\/multimodal>/, '');
    const t = text(xml);
    expect(t).toContain('Nº do certificado do operador de transporte multimodal Indicador negociável');
  });

  it('road CT-e get the flow box only when they carry a flow', () => {
    const road = fixtureXml('cte-fsda.xml');
    expect(text(road)).not.toContain('Previsão do fluxo da carga');
    expect(text(road)).toContain('RNTRC da empresa 12345678');
    const withFlow = road.replace('<xObs>', '<fluxo><xOrig>CWB</xOrig></fluxo><xObs>');
    expect(text(withFlow)).toContain('Previsão do fluxo da carga');
  });
});

describe('pagination with the larger modal boxes', () => {
  it('aéreo with 60 NF-e and long observations: every key and the dangerous goods line once', () => {
    const keys = Array.from(
      { length: 60 },
      (_, i) =>
        `4126119988877700016655001${String(i + 1).padStart(9, '0')}1${String(i + 1).padStart(8, '0')}0`,
    );
    const words = Array.from({ length: 300 }, (_, i) => `PALAVRA${i}`).join(' ');
    const xml = fixtureXml('cte-aereo.xml')
      .replace(
        /<infDoc>[\s\S]*<\/infDoc>/,
        `<infDoc>${keys.map((k) => `<infNFe><chave>${k}</chave></infNFe>`).join('')}</infDoc>`,
      )
      .replace('observações do emitente.', `observações do emitente. ${words}`);
    const result = renderDocumentHtml(xml);
    const t = htmlText(result.html);
    expect(result.pages).toBeGreaterThan(1);
    for (const k of keys) expect(t.split(k).length - 1, k).toBe(1);
    expect(t.split('ARTIGO PERIGOSO').length - 1).toBe(1);
    expect(t.split('PALAVRA299 ').length - 1).toBe(1);
    expect(t.split('Informações específicas do modal aéreo').length - 1).toBe(1);
  });
});
