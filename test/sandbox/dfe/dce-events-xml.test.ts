import { describe, expect, it } from 'vitest';
import { isValidAccessKey, parseAccessKey } from '../../../electron/fiscal/access-key';
import { issueCte } from '../../../electron/sandbox/dfe/issue-cte';
import { issueDce } from '../../../electron/sandbox/dfe/issue-dce';
import { cancelCte, cancelDce, correctCte, justificativa } from '../../../electron/sandbox/dfe/issue-event';
import { ctePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import { dcePedidoEmissao } from '../../../electron/fiscal/requests/dce';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { sharedAvailable } from '../../support/shared';
import { COMPANY_CNPJ, cteBody, dceBody, NOW, testCredentials } from './fixtures';
import { CTE_XSD, DCE_XSD, xsdErrors } from './xsd';

const baseEnv = () => ({
  now: NOW,
  companyCpfCnpj: COMPANY_CNPJ,
  credentials: testCredentials(),
  protocolSequence: 3,
  findDuplicate: () => null,
});

function extract(xml: string, localName: string, ns: string): string {
  const m = new RegExp(`<${localName}>[\\s\\S]*?</${localName}>`).exec(xml);
  if (!m) throw new Error(`sem ${localName}`);
  return m[0].replace(`<${localName}>`, `<${localName} xmlns="${ns}">`);
}

describe.skipIf(!sharedAvailable)('DC-e 1.00 XML', () => {
  it('dceProc validates, key carries tpEmit/nSiteAutoriz/cDC, signature verifies', () => {
    const out = issueDce(dcePedidoEmissao.parse(dceBody()), baseEnv());
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(out.status, out.answer.xMotivo).toBe('autorizado');
    expect(xsdErrors(out.documentXml, DCE_XSD('dce_v1.00.xsd'))).toBeNull();
    expect(xsdErrors(out.procXml!, DCE_XSD('procDCe_v1.00.xsd'))).toBeNull();
    expect(verifySignedXml(out.procXml!, testCredentials().certificatePem)).toBe(true);
    expect(isValidAccessKey(out.chave)).toBe(true);
    const key = parseAccessKey(out.chave)!;
    expect(key.mod).toBe('99');
    expect(key.cnpj).toBe(COMPANY_CNPJ);
    expect(key.tpEmit).toBe('3');
    expect(key.nSiteAutoriz).toBe('0');
    expect(out.nProt).toMatch(/^\d{16}$/);
    expect(out.documentXml).toContain(
      `<qrCodDCe>https://www.fazenda.pr.gov.br/dce/qrcode?chDCe=${out.chave}&amp;tpAmb=2</qrCodDCe>`,
    );
  });

  it('cancellation event and procEventoDCe validate', () => {
    const dce = issueDce(dcePedidoEmissao.parse(dceBody()), baseEnv());
    if (dce.kind !== 'answered') throw new Error(dce.message);
    const ev = cancelDce(
      {
        tpAmb: 2,
        chave: dce.chave,
        tpEmit: 3,
        cnpjAutor: COMPANY_CNPJ,
        nProtDocumento: dce.nProt!,
        xJust: justificativa(''),
        rejection: null,
      },
      baseEnv(),
    );
    expect(xsdErrors(ev.eventXml, DCE_XSD('eventoDCe_v1.00.xsd'))).toBeNull();
    expect(xsdErrors(ev.procXml, DCE_XSD('procEventoDCe_v1.00.xsd'))).toBeNull();
    expect(
      xsdErrors(
        extract(ev.eventXml, 'evCancDCe', 'http://www.portalfiscal.inf.br/dce'),
        DCE_XSD('evCancDCe_v1.00.xsd'),
      ),
    ).toBeNull();
    expect(verifySignedXml(ev.eventXml, testCredentials().certificatePem)).toBe(true);
    expect(ev.nProt).toMatch(/^\d{16}$/);
  });
});

describe.skipIf(!sharedAvailable)('CT-e events XML', () => {
  const cte = () => {
    const out = issueCte(ctePedidoEmissao.parse(cteBody()), { ...baseEnv(), emitDefaults: null });
    if (out.kind !== 'answered' || !out.nProt) throw new Error('CT-e não autorizado');
    return out;
  };

  it('cancellation: eventoCTe, evCancCTe and procEventoCTe validate; signature verifies', () => {
    const doc = cte();
    const ev = cancelCte(
      {
        tpAmb: 2,
        chave: doc.chave,
        autor: COMPANY_CNPJ,
        nSeqEvento: 1,
        rejection: null,
        nProtDocumento: doc.nProt!,
        xJust: 'Valor do frete informado errado',
      },
      baseEnv(),
    );
    expect(ev.eventXml).toContain(`Id="ID110111${doc.chave}001"`);
    expect(xsdErrors(ev.eventXml, CTE_XSD('eventoCTe_v4.00.xsd'))).toBeNull();
    expect(xsdErrors(ev.procXml, CTE_XSD('procEventoCTe_v4.00.xsd'))).toBeNull();
    const cte_ns = 'http://www.portalfiscal.inf.br/cte';
    expect(xsdErrors(extract(ev.eventXml, 'evCancCTe', cte_ns), CTE_XSD('evCancCTe_v4.00.xsd'))).toBeNull();
    expect(verifySignedXml(ev.procXml, testCredentials().certificatePem)).toBe(true);
    expect(ev.answer.cStat).toBe(135);
  });

  it('correction letter with sequence number validates', () => {
    const doc = cte();
    const ev = correctCte(
      {
        tpAmb: 2,
        chave: doc.chave,
        autor: COMPANY_CNPJ,
        nSeqEvento: 2,
        rejection: null,
        correcoes: [
          { grupoAlterado: 'compl', campoAlterado: 'xObs', valorAlterado: 'Entrega pelos fundos & portão 3' },
          {
            grupoAlterado: 'infQ',
            campoAlterado: 'tpMed',
            valorAlterado: 'PESO LIQUIDO',
            nroItemAlterado: 1,
          },
        ],
      },
      baseEnv(),
    );
    expect(ev.eventXml).toContain(`Id="ID110110${doc.chave}002"`);
    expect(xsdErrors(ev.procXml, CTE_XSD('procEventoCTe_v4.00.xsd'))).toBeNull();
    const cte_ns = 'http://www.portalfiscal.inf.br/cte';
    expect(xsdErrors(extract(ev.eventXml, 'evCCeCTe', cte_ns), CTE_XSD('evCCeCTe_v4.00.xsd'))).toBeNull();
    expect(verifySignedXml(ev.eventXml, testCredentials().certificatePem)).toBe(true);
  });

  it('a rejected event has no protocol number and still validates', () => {
    const doc = cte();
    const ev = cancelCte(
      {
        tpAmb: 2,
        chave: doc.chave,
        autor: COMPANY_CNPJ,
        nSeqEvento: 1,
        rejection: { cStat: 220, xMotivo: 'Rejeição: CTe autorizado há mais de 7 dias (168 horas)' },
        nProtDocumento: doc.nProt!,
        xJust: justificativa(null),
      },
      baseEnv(),
    );
    expect(ev.nProt).toBeNull();
    expect(ev.procXml.split('<retEventoCTe')[1]).not.toContain('<nProt>');
    expect(xsdErrors(ev.procXml, CTE_XSD('procEventoCTe_v4.00.xsd'))).toBeNull();
  });
});

describe.skipIf(!sharedAvailable)('DC-e with every optional group', () => {
  it('marketplace issuer, foreign recipient id, infAdic, autXML and infSolicDCe validate', () => {
    const body = dceBody();
    body.infDCe.ide.tpEmit = 1;
    body.infDCe.Transportadora = null;
    body.infDCe.Marketplace = { CNPJ: COMPANY_CNPJ, xNome: 'Loja Online', Site: 'https://loja.example' };
    body.infDCe.emit.enderEmit.xCpl = 'Casa';
    body.infDCe.emit.enderEmit.fone = '41999998888';
    body.infDCe.dest = {
      idOutros: 'PASSAPORTE123',
      xNome: 'John Doe',
      enderDest: { ...body.infDCe.dest.enderDest, fone: '11999998888', email: 'j@d.com' },
    };
    body.infDCe.autXML = [{ CNPJ: COMPANY_CNPJ }];
    body.infDCe.det.push({
      nItem: 2,
      prod: { xProd: 'Roupas', NCM: '61091000', qCom: 2.5, vUnCom: 10.123, vProd: 25.3075 },
      infAdProd: 'usadas',
    });
    body.infDCe.total.vDC = 62.81;
    body.infDCe.infAdic = {
      infCpl: 'Complemento',
      infAdMarketplace: 'Pedido 99',
      obsEmit: [{ xCampo: 'Ref', xTexto: 'A1' }],
      obsMarketplace: [{ xTexto: 'sem campo' }],
    };
    body.infSolicDCe = { xSolic: 'Solicitação do emitente' };
    const out = issueDce(dcePedidoEmissao.parse(body), baseEnv());
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(xsdErrors(out.procXml!, DCE_XSD('procDCe_v1.00.xsd'))).toBeNull();
    expect(parseAccessKey(out.chave)!.tpEmit).toBe('1');
  });
});
