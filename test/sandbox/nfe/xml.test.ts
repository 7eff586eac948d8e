import { describe, expect, it } from 'vitest';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { isValidAccessKey } from '../../../electron/fiscal';
import { generateNote } from '../../../electron/sandbox/nfe/generator';
import type { CompanyParty, NoteRole } from '../../../electron/sandbox/nfe/generator';
import { buildProcEvento, buildResEvento } from '../../../electron/sandbox/nfe/proc-xml';
import type { EventFacts } from '../../../electron/sandbox/nfe/proc-xml';
import { sharedAvailable } from '../../support/shared';
import { xsdErrors } from '../dfe/xsd';
import { CNPJ, distribute, startInbox } from './support';
import { NFE_XSD, detEvento, numbers } from './xml-support';

const company: CompanyParty = {
  cnpj: CNPJ,
  nome: 'RODOVIA AZUL TRANSPORTES LTDA',
  ie: '123456789',
  logradouro: 'Avenida Brasil',
  numero: '100',
  bairro: 'Centro',
  codigoMunicipio: '3550308',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01310100',
};
const when = new Date('2026-11-20T15:00:00Z');
const note = (role: NoteRole, seed: string, tpAmb: 1 | 2 = 2, valor?: number) =>
  generateNote({
    company,
    role,
    tpAmb,
    seed,
    dhEmi: when,
    dhRecbto: new Date(when.getTime() + 60_000),
    valor,
  });

describe('NF-e generator', () => {
  it('is deterministic for a seed and different across seeds', () => {
    expect(note('destinatario', 'a').nfeProcXml).toBe(note('destinatario', 'a').nfeProcXml);
    expect(note('destinatario', 'a').chave).not.toBe(note('destinatario', 'b').chave);
  });

  it.each(['destinatario', 'transportador'] as const)(
    'builds consistent notes where the company is %s',
    (role) => {
      for (let i = 0; i < 8; i++) {
        const n = note(role, `${role}-${i}`, i % 2 ? 1 : 2, i === 3 ? 12_345.67 : undefined);
        expect(isValidAccessKey(n.chave)).toBe(true);
        expect(n.chave.slice(20, 22)).toBe('55');
        expect(n.nfeProcXml).toContain(`Id="NFe${n.chave}"`);
        expect(verifySignedXml(n.nfeProcXml, n.emitKey.certificatePem)).toBe(true);
        const xml = n.nfeProcXml;
        const sum = (tag: string) => numbers(xml.split('<total>')[0]!, tag).reduce((a, b) => a + b, 0);
        const total = (tag: string) => numbers(xml.split('<total>')[1]!, tag)[0]!;
        for (const tag of ['vProd', 'vICMS', 'vPIS', 'vCOFINS']) expect(total(tag)).toBeCloseTo(sum(tag), 2);
        expect(total('vNF')).toBeCloseTo(total('vProd'), 2);
        expect(numbers(xml, 'vPag')[0]).toBeCloseTo(total('vNF'), 2);
        if (i === 3) expect(total('vNF')).toBe(12_345.67);
        if (role === 'transportador') {
          expect(xml).toMatch(new RegExp(`<transporta><CNPJ>${CNPJ}</CNPJ>`));
          expect(xml).toContain(`<autXML><CNPJ>${CNPJ}</CNPJ></autXML>`);
          expect(xml).toMatch(/<qVol>\d+<\/qVol>/);
          const pesoL = numbers(xml, 'pesoL');
          numbers(xml, 'pesoB').forEach((b, j) => expect(b).toBeGreaterThan(pesoL[j]!));
        } else {
          expect(xml).toMatch(new RegExp(`<dest><CNPJ>${CNPJ}</CNPJ>`));
        }
      }
    },
  );

  it('signature breaks when the signed content changes', () => {
    const n = note('destinatario', 'tamper');
    const tampered = n.nfeProcXml.replace(/<vNF>[^<]+<\/vNF>/, '<vNF>1.00</vNF>');
    expect(verifySignedXml(tampered, n.emitKey.certificatePem)).toBe(false);
  });
});

describe.skipIf(!sharedAvailable)('generated XML against the PL_010_V1.30 schemas', () => {
  it('procNFe and resNFe validate for both roles and environments', () => {
    for (const role of ['destinatario', 'transportador'] as const) {
      for (let i = 0; i < 4; i++) {
        const n = note(role, `xsd-${role}-${i}`, i % 2 ? 1 : 2);
        expect(xsdErrors(n.nfeProcXml, NFE_XSD('procNFe_v4.00.xsd'))).toBeNull();
        expect(xsdErrors(n.resNFeXml, NFE_XSD('resNFe_v1.01.xsd'))).toBeNull();
      }
    }
  });

  it.each([
    ['110110', 'Trocar a descricao do volume para caixa de papelao.'],
    ['110111', 'Pedido cancelado pelo cliente antes da saida.'],
    ['210200', undefined],
    ['210210', undefined],
    ['210220', 'Nao reconhecemos esta operacao comercial.'],
    ['210240', 'A mercadoria nunca foi entregue ao destinatario.'],
  ])(
    'event %s validates (procEventoNFe, detEvento, resEvento) and its signature verifies',
    (tpEvento, text) => {
      const n = note('destinatario', `ev-${tpEvento}`);
      const facts: EventFacts = {
        chave: n.chave,
        tpAmb: 2,
        cOrgao: tpEvento.startsWith('11') ? n.content.cUF : '91',
        authorCnpj: tpEvento.startsWith('11') ? n.summary.emitCnpj : CNPJ,
        tpEvento,
        nSeqEvento: 1,
        dhEvento: new Date(when.getTime() + 3_600_000),
        dhRegEvento: new Date(when.getTime() + 3_601_000),
        nProt: '135260000000001',
        text,
        nfeProt: n.summary.nProt,
      };
      const { xml } = buildProcEvento(facts, n.emitKey);
      expect(xsdErrors(xml, NFE_XSD('procEventoNFe_v1.00.xsd'))).toBeNull();
      expect(xsdErrors(detEvento(xml), NFE_XSD(`e${tpEvento}_v1.00.xsd`))).toBeNull();
      expect(xsdErrors(buildResEvento(facts), NFE_XSD('resEvento_v1.01.xsd'))).toBeNull();
      expect(verifySignedXml(xml, n.emitKey.certificatePem)).toBe(true);
    },
  );

  it('every document of a company stream validates against the schema it names', async () => {
    const t = await startInbox();
    try {
      await t.inject({ role: 'transportador', count: 2 });
      await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 });
      const list = await t.api.get<{ data: { id: string; schema: string; tipo_evento: string | null }[] }>(
        `/distribuicao/nfe/documentos?cpf_cnpj=${CNPJ}&ambiente=homologacao&$top=100`,
      );
      expect(new Set(list.body.data.map((d) => d.schema))).toEqual(
        new Set(['resNFe_v1.01.xsd', 'procNFe_v4.00.xsd', 'resEvento_v1.01.xsd', 'procEventoNFe_v1.00.xsd']),
      );
      for (const doc of list.body.data) {
        const xml = (await t.api.get(`/distribuicao/nfe/documentos/${doc.id}/xml`)).raw.toString('utf8');
        expect(xsdErrors(xml, NFE_XSD(doc.schema)), doc.schema).toBeNull();
        if (doc.schema === 'procEventoNFe_v1.00.xsd') {
          expect(xsdErrors(detEvento(xml), NFE_XSD(`e${doc.tipo_evento}_v1.00.xsd`))).toBeNull();
        }
      }
    } finally {
      await t.close();
    }
  });
});
