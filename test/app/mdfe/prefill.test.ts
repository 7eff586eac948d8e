// What the MDF-e form reads from each document of the selection (app/mdfe/prefill.ts): for an NF-e
// of an own-load trip the emitter's municipality (loading), the recipient's (unloading), vNF and the
// volumes' gross weight; for a CT-e the "peso bruto" line of infQ in kg, else kg, else tonnes.
import { describe, expect, it } from 'vitest';

import { cepIn, cteWeightKg, nfeFacts, PlaceOutsideBrazil } from '../../../electron/app/mdfe/prefill';
import type { Party } from '../../../electron/documents/parse/types';
import { parseDocument } from '../../../electron/documents/parse';
import { DEMO_CNPJ, demoCompany } from '../../../electron/app/demo';
import { generateNote } from '../../../electron/sandbox/nfe/generator';

describe('MDF-e prefill facts', () => {
  it('an NF-e: loading at the emitter, unloading at the recipient, vNF and the summed pesoB', () => {
    const e = demoCompany.endereco;
    const note = generateNote({
      company: {
        cnpj: DEMO_CNPJ,
        nome: demoCompany.nome_razao_social,
        logradouro: e.logradouro,
        numero: e.numero,
        bairro: e.bairro,
        codigoMunicipio: e.codigo_municipio,
        cidade: e.cidade,
        uf: e.uf,
        cep: e.cep,
      },
      role: 'transportador',
      tpAmb: 2,
      seed: 'mdfe-prefill-nfe',
      dhEmi: new Date('2026-11-25T10:00:00-03:00'),
      dhRecbto: new Date('2026-11-25T10:01:00-03:00'),
    });
    const view = parseDocument(note.nfeProcXml);
    if (view.kind !== 'nfe') throw new Error('not an NF-e');
    const facts = nfeFacts(view);
    const c = note.content;
    expect(facts).toMatchObject({
      tipo: 'nfe',
      chave: note.chave,
      carrega: { cMun: c.emit.mun.ibge, uf: c.emit.mun.uf },
      descarga: { cMun: c.dest.mun.ibge, uf: c.dest.mun.uf },
      valor: c.totals.vNF,
    });
    const peso = c.volumes.reduce((s, v) => s + v.pesoB, 0);
    expect(peso).toBeGreaterThan(0);
    expect(facts.pesoKg).toBeCloseTo(peso, 3);
    // The carga lotação's CEPs: the emitter's and the recipient's, as the note gives them.
    expect(facts.cepCarrega).toBe(view.emit.ender.CEP.replace(/\D/g, ''));
    expect(facts.cepCarrega).toMatch(/^\d{8}$/);
    expect(facts.cepDescarga).toBe(view.dest!.ender.CEP.replace(/\D/g, ''));
  });

  it('an NF-e to the exterior (UF EX) is named as a problem: the MDF-e carries only the 27 UFs', () => {
    const e = demoCompany.endereco;
    const note = generateNote({
      company: {
        cnpj: DEMO_CNPJ,
        nome: demoCompany.nome_razao_social,
        logradouro: e.logradouro,
        numero: e.numero,
        bairro: e.bairro,
        codigoMunicipio: e.codigo_municipio,
        cidade: e.cidade,
        uf: e.uf,
        cep: e.cep,
      },
      role: 'transportador',
      tpAmb: 2,
      seed: 'mdfe-prefill-ex',
      dhEmi: new Date('2026-11-25T10:00:00-03:00'),
      dhRecbto: new Date('2026-11-25T10:01:00-03:00'),
    });
    const view = parseDocument(note.nfeProcXml);
    if (view.kind !== 'nfe' || !view.dest) throw new Error('not an NF-e with a recipient');
    view.dest.ender.UF = 'EX';
    expect(() => nfeFacts(view)).toThrow(PlaceOutsideBrazil);
    expect(() => nfeFacts(view)).toThrow(
      'Carga ou descarga fora das UFs do Brasil (EX): o MDF-e não leva este documento.',
    );
  });

  it('a carga lotação CEP: the first party in the place of loading/unloading with a valid CEP', () => {
    const party = (cMun: string, CEP: string): Party =>
      ({ xNome: 'X', ender: { cMun, CEP } }) as unknown as Party;
    const expedidorCampinas = party('3509502', '13010-000');
    const remetenteSaoPaulo = party('3550308', '01310-100');
    // Loading in São Paulo: an expedidor elsewhere says nothing about where the truck loads.
    expect(cepIn([expedidorCampinas, remetenteSaoPaulo], '3550308')).toBe('01310100');
    // Loading in Campinas: the expedidor comes first.
    expect(cepIn([expedidorCampinas, party('3509502', '13020-000')], '3509502')).toBe('13010000');
    expect(cepIn([undefined, party('3550308', '0000000')], '3550308')).toBe('');
    expect(cepIn([undefined, undefined], '3550308')).toBe('');
  });

  it('a CT-e weight: peso bruto in kg first, then any kg line, then tonnes', () => {
    expect(
      cteWeightKg([
        { cUnid: '01', tpMed: 'PESO BASE DE CALCULO', qCarga: '900.0000' },
        { cUnid: '01', tpMed: 'PESO BRUTO', qCarga: '1250.5000' },
      ]),
    ).toBe(1250.5);
    expect(
      cteWeightKg([
        { cUnid: '03', tpMed: 'UNIDADES', qCarga: '10' },
        { cUnid: '01', tpMed: 'PESO', qCarga: '80' },
      ]),
    ).toBe(80);
    expect(cteWeightKg([{ cUnid: '02', tpMed: 'PESO BRUTO', qCarga: '2.5' }])).toBe(2500);
    expect(cteWeightKg([])).toBe(0);
  });
});
