import { describe, expect, it } from 'vitest';
import { isValidAccessKey } from '../../../electron/fiscal/access-key';
import { issueCte, type IssueEnv } from '../../../electron/sandbox/dfe/issue-cte';
import { ctePedidoEmissao, type CtePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { sharedAvailable } from '../../support/shared';
import { COMPANY_CNPJ, cteBody, NOW, testCredentials } from './fixtures';
import { CTE_XSD, extractElement, xsdErrors } from './xsd';

function env(over: Partial<IssueEnv> = {}): IssueEnv {
  return {
    now: NOW,
    companyCpfCnpj: COMPANY_CNPJ,
    emitDefaults: null,
    credentials: testCredentials(),
    protocolSequence: 7,
    findDuplicate: () => null,
    ...over,
  };
}

function issueOk(body: CtePedidoEmissao) {
  const parsed = ctePedidoEmissao.parse(body);
  const out = issueCte(parsed, env());
  if (out.kind !== 'answered') throw new Error(out.message);
  return out;
}

const icmsCases: Array<[string, CtePedidoEmissao['infCte']['imp']['ICMS']]> = [
  ['ICMS00', { ICMS00: { CST: '00', vBC: 1500, pICMS: 12, vICMS: 180 } }],
  [
    'ICMS20',
    {
      ICMS20: { CST: '20', pRedBC: 10, vBC: 1350, pICMS: 12, vICMS: 162, vICMSDeson: 18, cBenef: 'PR123456' },
    },
  ],
  ['ICMS45', { ICMS45: { CST: '41' } }],
  ['ICMS60', { ICMS60: { CST: '60', vBCSTRet: 1500, vICMSSTRet: 180, pICMSSTRet: 12, vCred: 0 } }],
  ['ICMS90', { ICMS90: { CST: '90', vBC: 1500, pICMS: 12, vICMS: 180, vCred: 10 } }],
  ['ICMSOutraUF', { ICMSOutraUF: { CST: '90', vBCOutraUF: 1500, pICMSOutraUF: 7, vICMSOutraUF: 105 } }],
  ['ICMSSN', { ICMSSN: { CST: '90', indSN: 1 } }],
];

const ibscbs = {
  CST: '000',
  cClassTrib: '000001',
  gIBSCBS: {
    vBC: 1500,
    gIBSUF: { pIBSUF: 0.1, vIBSUF: 1.5 },
    gIBSMun: { pIBSMun: 0, vIBSMun: 0 },
    gCBS: { pCBS: 0.9, vCBS: 13.5, gRed: { pRedAliq: 10, pAliqEfet: 0.81 } },
  },
};

describe.skipIf(!sharedAvailable)('CT-e XML against PL_CTe_400_RTC', () => {
  for (const [name, ICMS] of icmsCases) {
    for (const withIbs of [false, true]) {
      it(`${name}${withIbs ? ' + IBS/CBS' : ''}: cteProc validates, signature verifies`, () => {
        const body = cteBody();
        body.infCte.imp = { ICMS, ...(withIbs ? { IBSCBS: ibscbs, vTotDFe: 1515 } : {}) };
        const out = issueOk(body);
        expect(out.status, out.answer.xMotivo).toBe('autorizado');
        expect(xsdErrors(out.documentXml, CTE_XSD('cte_v4.00.xsd'))).toBeNull();
        expect(xsdErrors(out.procXml!, CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
        expect(
          xsdErrors(extractElement(out.procXml!, 'rodo'), CTE_XSD('cteModalRodoviario_v4.00.xsd')),
        ).toBeNull();
        expect(out.procXml).toContain(`<${name}>`);
        if (withIbs) expect(out.procXml).toContain('<vIBS>1.50</vIBS>');
        expect(verifySignedXml(out.procXml!, testCredentials().certificatePem)).toBe(true);
      });
    }
  }

  it('fills key, cDV, QR code and protocol', () => {
    const out = issueOk(cteBody());
    expect(isValidAccessKey(out.chave)).toBe(true);
    expect(out.chave.slice(0, 6)).toBe('412611');
    expect(out.chave.slice(6, 20)).toBe(COMPANY_CNPJ);
    expect(out.chave.slice(20, 22)).toBe('57');
    expect(out.documentXml).toContain(`Id="CTe${out.chave}"`);
    expect(out.documentXml).toContain(`<cDV>${out.chave[43]}</cDV>`);
    expect(out.documentXml).toContain(
      `<qrCodCTe>http://www.fazenda.pr.gov.br/cte/qrcode?chCTe=${out.chave}&amp;tpAmb=2</qrCodCTe>`,
    );
    expect(out.nProt).toMatch(/^\d{15}$/);
    expect(out.procXml).toContain(`<digVal>${out.digestValue}</digVal>`);
    expect(out.procXml).toContain('<cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo>');
    // Escaping: '&', '<' and the apostrophe survive as entities.
    expect(out.documentXml).toContain('Rua das Flores &amp; Cia');
    expect(out.documentXml).toContain('&lt;portão 2&gt;');
  });

  it('signature breaks when the document is altered', () => {
    const out = issueOk(cteBody());
    const tampered = out.procXml!.replace('<vTPrest>1500.00</vTPrest>', '<vTPrest>1.00</vTPrest>');
    expect(verifySignedXml(tampered, testCredentials().certificatePem)).toBe(false);
  });

  it('carries DC-e keys, infOutros and toma4 in schema order', () => {
    const body = cteBody();
    body.infCte.infCTeNorm!.infDoc = { infDCe: [{ chave: '41261111222333000181990010000001231300000017' }] };
    body.infCte.ide.toma3 = null;
    body.infCte.ide.toma4 = {
      toma: 4,
      CNPJ: '04252011000110',
      xNome: 'Tomador SA',
      enderToma: {
        xLgr: 'Rua A',
        nro: 'S/N',
        xBairro: 'Centro',
        cMun: '4106902',
        xMun: 'Curitiba',
        UF: 'PR',
      },
    };
    body.infCte.ide.indIEToma = 9;
    let out = issueOk(body);
    expect(xsdErrors(out.procXml!, CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
    expect(out.procXml).toContain('<infDCe><chave>');

    const other = cteBody();
    other.infCte.infCTeNorm!.infDoc = {
      infOutros: [{ tpDoc: '99', descOutros: 'Declaração', nDoc: '12', dEmi: '2026-11-20', vDocFisc: 10 }],
    };
    out = issueOk(other);
    expect(xsdErrors(out.procXml!, CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
  });
});

describe.skipIf(!sharedAvailable)('XSD check itself', () => {
  it('rejects a CT-e with elements out of schema order', () => {
    const out = issueOk(cteBody());
    const swapped = out.documentXml.replace(/(<tpImp>\d<\/tpImp>)(<tpEmis>\d<\/tpEmis>)/, '$2$1');
    expect(swapped).not.toBe(out.documentXml);
    expect(xsdErrors(swapped, CTE_XSD('cte_v4.00.xsd'))).toMatch(/tpEmis/);
  });
});
