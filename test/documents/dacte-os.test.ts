// DACTE OS (MOC CT-e 4.00 Anexo II §4 and §6): percurso, seguro da viagem and the road modal with
// the charter (infFretamento) and the vehicle owner (prop).
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../electron/documents/parse';
import type { CteOsView } from '../../electron/documents/parse/types';
import { renderDocumentHtml } from '../../electron/documents/render';
import { fixtureXml } from './fixtures';
import { htmlText } from './support';

const xml = fixtureXml('cteos-fretamento.xml');

function osView(source: string): CteOsView {
  const view = parseDocument(source);
  if (view.kind !== 'cteos') throw new Error(view.kind);
  return view;
}

const text = (source: string) => htmlText(renderDocumentHtml(source).html);

describe('DACTE OS', () => {
  it('parses percurso, seguros, rodoOS with prop and infFretamento', () => {
    const view = osView(xml);
    expect(view.percurso).toEqual(['SC', 'RS']);
    expect(view.seguros).toEqual([
      { respSeg: 'Emitente do CT-e OS', xSeg: 'SEGURADORA VIAGEM EXEMPLO SA', nApol: 'APV2026001' },
      { respSeg: 'Tomador de serviço', xSeg: 'SEGURADORA TOMADOR EXEMPLO SA', nApol: 'APT2026002' },
    ]);
    expect(view.rodoOS).toEqual({
      TAF: '123456789012',
      NroRegEstadual: '',
      placa: 'ABC1D23',
      RENAVAM: '12345678901',
      propDoc: '55444333000122',
      propTAF: '210987654321',
      propNroRegEstadual: '',
      propXNome: 'LOCADORA DE ONIBUS EXEMPLO LTDA',
      UF: 'PR',
      tpFretamento: '1',
      dhViagem: '2026-11-21T06:30:00-03:00',
    });
  });

  it('prints the percurso, every seguro and the charter and owner row', () => {
    const t = text(xml);
    expect(t).toContain('Percurso do veículo SC - RS');
    expect(t).toContain(
      'Responsável Emitente do CT-e OS Nome da seguradora SEGURADORA VIAGEM EXEMPLO SA Número da apólice APV2026001',
    );
    expect(t).toContain(
      'Responsável Tomador de serviço Nome da seguradora SEGURADORA TOMADOR EXEMPLO SA Número da apólice APT2026002',
    );
    expect(t).toContain('Termo de autorização de fretamento 123456789012');
    expect(t).toContain('RENAVAM do veículo 12345678901 CNPJ/CPF (proprietário) 55.444.333/0001-22');
    expect(t).toContain('Tipo de fretamento Eventual Data e hora da viagem 21/11/2026 06:30:00');
    expect(t).toContain('Proprietário do veículo LOCADORA DE ONIBUS EXEMPLO LTDA');
    expect(t).toContain('TAF (proprietário) 210987654321');
    expect(t).not.toContain('Seguro:');
  });

  it('without charter or owner the road box keeps its single row', () => {
    const plain = xml
      .replace(/<prop>[\s\S]*<\/prop>/, '')
      .replace(/<infFretamento>[\s\S]*<\/infFretamento>/, '');
    const t = text(plain);
    expect(t).toContain('Termo de autorização de fretamento 123456789012');
    expect(t).not.toContain('Tipo de fretamento');
  });

  it('more than three seguros: the box keeps three, the rest goes on in the observations', () => {
    const seg = (n: number) =>
      `<seg><respSeg>4</respSeg><xSeg>SEGURADORA ${n}</xSeg><nApol>AP${n}</nApol></seg>`;
    const four = xml.replace(/(<seg>[\s\S]*<\/seg>)/, [1, 2, 3, 4].map(seg).join(''));
    const t = text(four);
    for (const n of [1, 2, 3])
      expect(t).toContain(`Nome da seguradora SEGURADORA ${n} Número da apólice AP${n}`);
    expect(t).toContain('Seguro: Emitente do CT-e OS - SEGURADORA 4 - AP4');
  });

  it('a long percurso (up to 25 UFs) wraps in its cell instead of being cut', () => {
    const ufs = ['SC', 'RS', 'SP', 'MG', 'GO', 'DF', 'BA', 'PE', 'PB', 'RN', 'CE', 'PI', 'MA', 'PA'];
    const long = xml.replace(
      /(<infPercurso>[\s\S]*<\/infPercurso>)/,
      ufs.map((u) => `<infPercurso><UFPer>${u}</UFPer></infPercurso>`).join(''),
    );
    const { html } = renderDocumentHtml(long);
    expect(htmlText(html)).toContain(`Percurso do veículo ${ufs.join('/')}`);
    expect(html).toContain('class="vs wrap"');
  });
});
