// The NF-e pre-fill warns when the notes do not share one remetente or one destinatário: the form
// takes the first of each, and a CT-e carries the notes of one pair.
import { describe, expect, it } from 'vitest';

import { readFileSync } from 'node:fs';

import { prefillFromNfe } from '../../../electron/app/issuing/prefill';
import { buildNfeKey } from '../../../electron/fiscal/access-key';
import { cteFormSchema, partySchema } from '../../../electron/shared/schemas/cte-form';
import { fiscalRef, sharedAvailable } from '../../support/shared';
import { cteForm } from '../../fiscal/payload/forms';

/** An NF-e key of emitter `cnpj` (the key carries the emitter's CNPJ). */
const keyOf = (numero: number, cnpj = '04252011000110') =>
  buildNfeKey({ cUF: 41, year: 2026, month: 11, cnpj, serie: 1, numero, tpEmis: 1, codigo: 12345678 })!;
const nfeKey = (numero: number) => keyOf(numero);

const party = (tag: 'emit' | 'dest', doc: string, nome: string) => {
  const ender = tag === 'emit' ? 'enderEmit' : 'enderDest';
  const id = doc.length === 11 ? `<CPF>${doc}</CPF>` : `<CNPJ>${doc}</CNPJ>`;
  return `<${tag}>${id}<xNome>${nome}</xNome><${ender}><xLgr>Rua A</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>4106902</cMun><xMun>Curitiba</xMun><UF>PR</UF></${ender}></${tag}>`;
};
const protNFe = (key: string, cStat = '100') =>
  `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${key}</chNFe><dhRecbto>2026-11-20T10:00:00-03:00</dhRecbto><nProt>141260000000001</nProt><cStat>${cStat}</cStat><xMotivo>x</xMotivo></infProt></protNFe>`;
interface NfeOptions {
  /** The emitter CNPJ the key carries (default: the emit's own). */
  keyCnpj?: string;
  tpNF?: '0' | '1';
  /** Replaces the protNFe (and any events) after </NFe>; '' for none. */
  after?: string;
}
const nfe = (numero: number, emit: string, dest: string, o: NfeOptions = {}) => {
  const emitDoc = /<CNPJ>(\d{14})<\/CNPJ>/.exec(emit)?.[1] ?? '04252011000110';
  const key = keyOf(numero, o.keyCnpj ?? emitDoc);
  return {
    key,
    name: `${numero}.xml`,
    base64: Buffer.from(
      `<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe${key}" versao="4.00">
<ide><mod>55</mod><serie>1</serie><nNF>${numero}</nNF><tpNF>${o.tpNF ?? '1'}</tpNF><tpAmb>2</tpAmb></ide>${emit}${dest}
<total><ICMSTot><vNF>10.00</vNF></ICMSTot></total><transp><modFrete>0</modFrete></transp></infNFe></NFe>${o.after ?? protNFe(key)}</nfeProc>`,
      'utf8',
    ).toString('base64'),
  };
};

const indústria = party('emit', '04252011000110', 'Indústria Remetente Ltda');
const outra = party('emit', '11444777000161', 'Outra Fábrica S.A.');
const joana = party('dest', '12345678909', 'Joana');

describe('NF-e pre-fill', () => {
  it('notes of one remetente and one destinatário: no warning', async () => {
    const out = await prefillFromNfe([nfe(901, indústria, joana), nfe(902, indústria, joana)]);
    expect(out.chaves).toEqual([nfeKey(901), nfeKey(902)]);
    expect(out.warnings).toEqual([]);
  });

  it('notes of different remetentes: the first fills the form, the others are named', async () => {
    const out = await prefillFromNfe([
      nfe(903, indústria, joana),
      nfe(904, outra, joana),
      nfe(905, indústria, joana),
    ]);
    expect(out.remetente).toMatchObject({ cpfCnpj: '04252011000110' });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('As NF-e têm remetentes diferentes');
    expect(out.warnings[0]).toContain(`Indústria Remetente Ltda — 04.252.011/0001-10 (NF-e ${nfeKey(903)})`);
    expect(out.warnings[0]).toContain(
      `Outra Fábrica S.A. — 11.444.777/0001-61 (NF-e ${keyOf(904, '11444777000161')})`,
    );
    expect(out.warnings[0]).not.toContain(nfeKey(905));
  });

  it('a foreign buyer fills the destinatário (name, address abroad, CNPJ of zeros) and is named in a warning', async () => {
    const foreign = `<dest><idEstrangeiro>AR-30500010912</idEstrangeiro><xNome>Importadora Buenos Aires SA</xNome><enderDest><xLgr>Av. Corrientes</xLgr><nro>1234</nro><xBairro>Centro</xBairro><cMun>9999999</cMun><xMun>EXTERIOR</xMun><UF>EX</UF><cPais>0639</cPais><xPais>ARGENTINA</xPais></enderDest></dest>`;
    const out = await prefillFromNfe([nfe(910, indústria, foreign)]);
    expect(out.destinatario).toMatchObject({
      cpfCnpj: '00000000000000',
      xNome: 'Importadora Buenos Aires SA',
      endereco: {
        xLgr: 'Av. Corrientes',
        nro: '1234',
        cMun: '9999999',
        xMun: 'EXTERIOR',
        uf: 'EX',
        xPais: 'ARGENTINA',
      },
    });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('destinatário');
    expect(out.warnings[0]).toContain('AR-30500010912');
    expect(out.warnings[0]).toContain('ARGENTINA');
    // The CT-e form accepts the party abroad; a CNPJ of zeros in Brazil stays refused.
    expect(partySchema.safeParse(out.destinatario).success).toBe(true);
    const home = { ...(out.destinatario as object), endereco: cteForm().remetente!.endereco };
    expect(partySchema.safeParse(home).success).toBe(false);
    expect(cteFormSchema.safeParse(cteForm({ destinatario: out.destinatario as never })).success).toBe(true);
  });

  it.each([
    ['cancelled by its protocol (101)', (k: string) => protNFe(k, '101'), 'CANCELADA'],
    [
      'cancelled by an attached 110111 event',
      (k: string) =>
        `${protNFe(k)}<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><cStat>135</cStat><chNFe>${k}</chNFe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento></infEvento></retEvento>`,
      'CANCELADA',
    ],
    ['denied (302)', (k: string) => protNFe(k, '302'), 'DENEGADO'],
    ['without protocol', () => '', 'não tem protocolo de autorização'],
  ])('an NF-e %s gets a warning', async (_name, after, needle) => {
    const key = keyOf(911);
    const out = await prefillFromNfe([nfe(911, indústria, joana, { after: after(key) })]);
    expect(out.chaves).toEqual([key]);
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain(needle);
    expect(out.warnings[0]).toContain(key);
  });

  it('a rejected cancellation does not cancel', async () => {
    const key = keyOf(912);
    const after = `${protNFe(key)}<retEvento versao="1.00"><infEvento><cStat>573</cStat><chNFe>${key}</chNFe><tpEvento>110111</tpEvento></infEvento></retEvento>`;
    expect((await prefillFromNfe([nfe(912, indústria, joana, { after })])).warnings).toEqual([]);
  });

  it('an entry note (tpNF 0) swaps remetente and destinatário, with a warning', async () => {
    const seller = party('dest', '11444777000161', 'Fornecedor Pessoa Jurídica');
    const out = await prefillFromNfe([nfe(913, indústria, seller, { tpNF: '0' })]);
    expect(out.remetente).toMatchObject({ cpfCnpj: '11444777000161', xNome: 'Fornecedor Pessoa Jurídica' });
    expect(out.destinatario).toMatchObject({ cpfCnpj: '04252011000110' });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('ENTRADA');
  });

  it("a key whose CNPJ is not the emitter's gets a warning", async () => {
    const out = await prefillFromNfe([nfe(914, indústria, joana, { keyCnpj: '11444777000161' })]);
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('11.444.777/0001-61');
    expect(out.warnings[0]).toContain('04.252.011/0001-10');
  });

  it.skipIf(!sharedAvailable)('a real cancelled nfeProc (retEvento 110111, 135) is flagged', async () => {
    const xml = readFileSync(fiscalRef('nfephp-org_sped-da/examples/nfe/fixtures/cancelada_55_new.xml'));
    const out = await prefillFromNfe([{ name: 'cancelada.xml', base64: xml.toString('base64') }]);
    expect(out.warnings.some((w) => w.includes('CANCELADA'))).toBe(true);
  });
});

// NF-e MOC 4.00, Anexo I, X02 transp/modFrete: 0 CIF (remetente), 1 FOB (destinatário), 2 terceiros,
// 3/4 transporte próprio do remetente/destinatário, 9 sem ocorrência de transporte. CT-e MOC 4.00
// ide/toma3/toma: 0 remetente, 3 destinatário.
describe('the tomador from the NF-e freight mode (modFrete)', () => {
  const withMode = (numero: number, modFrete: string) => {
    const file = nfe(numero, indústria, joana);
    const xml = Buffer.from(file.base64, 'base64')
      .toString('utf8')
      .replace('<modFrete>0</modFrete>', `<modFrete>${modFrete}</modFrete>`);
    return { ...file, base64: Buffer.from(xml, 'utf8').toString('base64') };
  };

  it('maps CIF to the remetente and FOB to the destinatário, own transport likewise', async () => {
    const answers = [];
    for (const [i, mode] of ['0', '1', '3', '4'].entries()) {
      const out = await prefillFromNfe([withMode(960 + i, mode)]);
      answers.push([out.modFrete, out.toma, out.warnings]);
    }
    expect(answers).toEqual([
      ['0', 0, []],
      ['1', 3, []],
      ['3', 0, []],
      ['4', 3, []],
    ]);
  });

  it('asks for the tomador when the note names no payer (2 terceiros, 9 sem frete)', async () => {
    const terceiros = await prefillFromNfe([withMode(970, '2')]);
    expect([terceiros.modFrete, terceiros.toma]).toEqual(['2', null]);
    expect(terceiros.warnings).toEqual([
      'A NF-e indica frete por conta de terceiros (modFrete 2): ela não diz quem contrata o transporte. Escolha o tomador do serviço.',
    ]);
    const semFrete = await prefillFromNfe([withMode(971, '9')]);
    expect([semFrete.modFrete, semFrete.toma]).toEqual(['9', null]);
    expect(semFrete.warnings[0]).toContain('sem ocorrência de transporte (modFrete 9)');
  });

  it('asks when the notes disagree', async () => {
    const out = await prefillFromNfe([withMode(972, '0'), withMode(973, '1')]);
    expect([out.modFrete, out.toma]).toEqual(['0', null]);
    expect(out.warnings).toEqual([
      `As NF-e indicam modalidades de frete diferentes: por conta do remetente (CIF) (NF-e ${nfeKey(972)}); por conta do destinatário (FOB) (NF-e ${nfeKey(973)}). Escolha o tomador do serviço.`,
    ]);
  });
});
