import { describe, expect, it } from 'vitest';
import { parseAccessKey } from '../../../electron/fiscal/access-key';
import { issueCteOS } from '../../../electron/sandbox/dfe/issue-cte';
import { cteOsPedidoEmissao } from '../../../electron/fiscal/requests/cteos';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { sharedAvailable } from '../../support/shared';
import { COMPANY_CNPJ, cteOsBody, NOW, testCredentials } from './fixtures';
import { CTE_XSD, extractElement, xsdErrors } from './xsd';

const env = () => ({
  now: NOW,
  companyCpfCnpj: COMPANY_CNPJ,
  emitDefaults: null,
  credentials: testCredentials(),
  protocolSequence: 9,
  findDuplicate: () => null,
});

describe.skipIf(!sharedAvailable)('CT-e OS XML against PL_CTe_400_RTC', () => {
  for (const withIbs of [false, true]) {
    it(`cteOSProc validates${withIbs ? ' with IBS/CBS' : ''}; signature verifies; model 67`, () => {
      const body = cteOsBody();
      if (withIbs) {
        body.infCte.imp.IBSCBS = { CST: '000', cClassTrib: '000001' };
        body.infCte.imp.vTotDFe = 800;
      }
      const out = issueCteOS(cteOsPedidoEmissao.parse(body), env());
      if (out.kind !== 'answered') throw new Error(out.message);
      expect(out.status, out.answer.xMotivo).toBe('autorizado');
      expect(parseAccessKey(out.chave)!.mod).toBe('67');
      expect(xsdErrors(out.documentXml, CTE_XSD('cteOS_v4.00.xsd'))).toBeNull();
      expect(xsdErrors(out.procXml!, CTE_XSD('procCTeOS_v4.00.xsd'))).toBeNull();
      expect(
        xsdErrors(extractElement(out.procXml!, 'rodoOS'), CTE_XSD('cteModalRodoviarioOS_v4.00.xsd')),
      ).toBeNull();
      expect(verifySignedXml(out.procXml!, testCredentials().certificatePem)).toBe(true);
    });
  }

  it('refuses an OS emitter without IE', () => {
    const body = cteOsBody();
    body.infCte.emit.IE = null;
    const out = issueCteOS(cteOsPedidoEmissao.parse(body), env());
    expect(out).toMatchObject({ kind: 'invalid', path: 'infCte.emit.IE' });
  });
});
