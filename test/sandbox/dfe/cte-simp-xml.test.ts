import { describe, expect, it } from 'vitest';
import { parseAccessKey } from '../../../electron/fiscal/access-key';
import { issueCteSimp } from '../../../electron/sandbox/dfe/issue-cte';
import { cteSimpPedidoEmissao } from '../../../electron/fiscal/requests/cte-simp';
import { validate } from '../../../electron/sandbox/dfe/schemas/validate';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { sharedAvailable } from '../../support/shared';
import { COMPANY_CNPJ, cteSimpBody, NOW, testCredentials } from './fixtures';
import { CTE_XSD, xsdErrors } from './xsd';

const env = () => ({
  now: NOW,
  companyCpfCnpj: COMPANY_CNPJ,
  emitDefaults: null,
  credentials: testCredentials(),
  protocolSequence: 11,
  findDuplicate: () => null,
});

describe.skipIf(!sharedAvailable)('CT-e Simplificado XML against PL_CTe_400_RTC', () => {
  for (const withIbs of [false, true]) {
    it(`cteSimpProc validates${withIbs ? ' with IBS/CBS' : ''}; signature verifies`, () => {
      const body = cteSimpBody();
      if (withIbs) {
        body.infCte.imp.IBSCBS = { CST: '000', cClassTrib: '000001' };
        body.infCte.total.vTotDFe = 500;
      }
      const out = issueCteSimp(cteSimpPedidoEmissao.parse(body), env());
      if (out.kind !== 'answered') throw new Error(out.message);
      expect(out.status, out.answer.xMotivo).toBe('autorizado');
      expect(parseAccessKey(out.chave)!.mod).toBe('57');
      expect(xsdErrors(out.documentXml, CTE_XSD('cteSimp_v4.00.xsd'))).toBeNull();
      expect(xsdErrors(out.procXml!, CTE_XSD('procCTeSimp_v4.00.xsd'))).toBeNull();
      expect(verifySignedXml(out.procXml!, testCredentials().certificatePem)).toBe(true);
      expect(out.documentXml).toContain('<det nItem="2">');
    });
  }

  it('each det needs NF-e keys or previous documents', () => {
    const body = cteSimpBody();
    body.infCte.det[1]!.infNFe = null;
    const r = validate(cteSimpPedidoEmissao, body);
    if (r.ok) throw new Error('deveria falhar');
    expect(r.body.error.message).toContain('infCte.det[1].infNFe');
  });
});
