// The NF-e pre-fill warns when the notes do not share one remetente or one destinatário: the form
// takes the first of each, and a CT-e carries the notes of one pair.
import { describe, expect, it } from 'vitest';

import { prefillFromNfe } from '../../../electron/app/issuing/prefill';
import { nfeKey } from '../../fiscal/payload/forms';

const party = (tag: 'emit' | 'dest', doc: string, nome: string) => {
  const ender = tag === 'emit' ? 'enderEmit' : 'enderDest';
  const id = doc.length === 11 ? `<CPF>${doc}</CPF>` : `<CNPJ>${doc}</CNPJ>`;
  return `<${tag}>${id}<xNome>${nome}</xNome><${ender}><xLgr>Rua A</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>4106902</cMun><xMun>Curitiba</xMun><UF>PR</UF></${ender}></${tag}>`;
};
const nfe = (numero: number, emit: string, dest: string) => ({
  name: `${numero}.xml`,
  base64: Buffer.from(
    `<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe${nfeKey(numero)}" versao="4.00">
<ide><mod>55</mod><serie>1</serie><nNF>${numero}</nNF><tpAmb>2</tpAmb></ide>${emit}${dest}
<total><ICMSTot><vNF>10.00</vNF></ICMSTot></total><transp><modFrete>0</modFrete></transp></infNFe></NFe></nfeProc>`,
    'utf8',
  ).toString('base64'),
});

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
    expect(out.warnings[0]).toContain(`Outra Fábrica S.A. — 11.444.777/0001-61 (NF-e ${nfeKey(904)})`);
    expect(out.warnings[0]).not.toContain(nfeKey(905));
  });
});
