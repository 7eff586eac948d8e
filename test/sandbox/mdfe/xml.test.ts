// Issued MDF-e and their events against the official MDF-e 3.00 schemas (PL_MDFe_300b NT 2025.001
// v1.03, ../shared/reference/mdfe/xsd): the envelope, then the parts it leaves as xs:any — the
// road modal (mdfeModalRodoviario) and each event's detail (ev*MDFe) — validated on their own, as
// SVRS does (580 / 630). Signatures verify with the issuer's certificate.
import { describe, expect, it } from 'vitest';
import { isValidAccessKey } from '../../../electron/fiscal/access-key';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import {
  eventDetailXml,
  eventoMdfeXml,
  procEventoMdfeXml,
  type MdfeEventDetail,
} from '../../../electron/sandbox/mdfe/events-xml';
import { issueMdfe, type MdfeIssueEnv } from '../../../electron/sandbox/mdfe/issue';
import { mdfePedidoEmissao, type MdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';
import { MDFE_NS, rodoXml } from '../../../electron/sandbox/mdfe/xml';
import { signXml } from '../../../electron/sandbox/dfe/sign';
import { sharedAvailable } from '../../support/shared';
import { NOW, testCredentials } from '../dfe/fixtures';
import { xsdErrors } from '../dfe/xsd';
import { COMPANY_CNPJ, CPF_B, fullMdfeBody, MDFE_XSD, mdfeBody, NFE_KEY } from './fixtures';

function env(over: Partial<MdfeIssueEnv> = {}): MdfeIssueEnv {
  return {
    now: NOW,
    companyCpfCnpj: COMPANY_CNPJ,
    credentials: testCredentials(),
    protocolSequence: 42,
    duplicateOf: null,
    open: [],
    ...over,
  };
}

function issue(body: MdfePedidoEmissao) {
  const out = issueMdfe(mdfePedidoEmissao.parse(body), env());
  if (out.kind !== 'answered') throw new Error(out.message);
  return out;
}

/** The modal block as the XSD sees it: `rodo` in the MDF-e namespace, standalone. */
function rodoOf(xml: string): string {
  const m = /<rodo>[\s\S]*<\/rodo>/.exec(xml);
  if (!m) throw new Error('sem rodo');
  return m[0].replace('<rodo>', `<rodo xmlns="${MDFE_NS}">`);
}

describe.skipIf(!sharedAvailable)('MDF-e XML against PL_MDFe_300b', () => {
  const cases: Array<[string, () => MdfePedidoEmissao]> = [
    ['carrier with CT-e, SP→PR', () => mdfeBody()],
    ['every road-modal group, RS→SP via SC, PR', fullMdfeBody],
    [
      'own load with NF-e (tpEmit 2)',
      () => {
        const b = mdfeBody();
        b.infMDFe.ide.tpEmit = 2;
        b.infMDFe.seg = null;
        b.infMDFe.infDoc.infMunDescarga[0]!.infCTe = null;
        b.infMDFe.infDoc.infMunDescarga[0]!.infNFe = [{ chNFe: NFE_KEY }];
        b.infMDFe.tot = { qNFe: 1, vCarga: 100, cUnid: '01', qCarga: 10 };
        return b;
      },
    ],
    [
      'carga lotação (one CT-e, places by coordinates) with tpTransp',
      () => {
        const b = mdfeBody({ ctes: 1 });
        b.infMDFe.ide.tpTransp = 3;
        b.infMDFe.prodPred!.infLotacao = {
          infLocalCarrega: { latitude: '-23.550520', longitude: '-46.633308' },
          infLocalDescarrega: { latitude: '-8.000000', longitude: '-180.000000' },
        };
        return b;
      },
    ],
    [
      'contingency (tpEmis 2): QR code with sign',
      () => {
        const b = mdfeBody();
        b.infMDFe.ide.tpEmis = 2;
        return b;
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(`${name}: mdfeProc, MDFe and rodo validate; signature verifies`, () => {
      const out = issue(make());
      expect(out.status, out.answer.xMotivo).toBe('autorizado');
      expect(isValidAccessKey(out.chave)).toBe(true);
      expect(out.chave.slice(20, 22)).toBe('58');
      expect(xsdErrors(out.procXml!, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();
      expect(xsdErrors(out.documentXml, MDFE_XSD('mdfe_v3.00.xsd'))).toBeNull();
      expect(xsdErrors(rodoOf(out.documentXml), MDFE_XSD('mdfeModalRodoviario_v3.00.xsd'))).toBeNull();
      expect(verifySignedXml(out.documentXml, testCredentials().certificatePem)).toBe(true);
      expect(verifySignedXml(out.procXml!, testCredentials().certificatePem)).toBe(true);
      expect(out.procXml).toContain(`<nProt>${out.nProt}</nProt>`);
      expect(out.procXml).toContain(`<digVal>${out.digestValue}</digVal>`);
    });
  }

  it('the QR code is the SVRS address with the key and environment (sign only in contingency)', () => {
    const normal = issue(mdfeBody());
    const qr = /<qrCodMDFe>([^<]+)<\/qrCodMDFe>/.exec(normal.documentXml)![1]!.replace(/&amp;/g, '&');
    expect(qr).toBe(`https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${normal.chave}&tpAmb=2`);
    const body = mdfeBody();
    body.infMDFe.ide.tpEmis = 2;
    const cont = issue(body);
    const qr2 = /<qrCodMDFe>([^<]+)<\/qrCodMDFe>/.exec(cont.documentXml)![1]!.replace(/&amp;/g, '&');
    expect(qr2).toMatch(new RegExp(`\\?chMDFe=${cont.chave}&tpAmb=2&sign=[A-Za-z0-9+/=]{300,}$`));
    expect(cont.chave[34]).toBe('2');
  });

  it('infLotacao is written in XSD order, and the XSD notices when it is not', () => {
    const b = mdfeBody({ ctes: 1 });
    b.infMDFe.ide.tpTransp = 1;
    b.infMDFe.prodPred!.infLotacao = {
      infLocalCarrega: { CEP: '01310100' },
      infLocalDescarrega: { latitude: '-25.428400', longitude: '-49.273300' },
    };
    const out = issue(b);
    expect(out.documentXml).toContain('<tpEmit>1</tpEmit><tpTransp>1</tpTransp><mod>58</mod>');
    expect(out.documentXml).toContain(
      '<xProd>CARGA GERAL FRACIONADA</xProd><NCM>94036000</NCM><infLotacao><infLocalCarrega><CEP>01310100</CEP></infLocalCarrega><infLocalDescarrega><latitude>-25.428400</latitude><longitude>-49.273300</longitude></infLocalDescarrega></infLotacao></prodPred>',
    );
    const swapped = out.documentXml.replace(
      '<latitude>-25.428400</latitude><longitude>-49.273300</longitude>',
      '<longitude>-49.273300</longitude><latitude>-25.428400</latitude>',
    );
    expect(xsdErrors(swapped, MDFE_XSD('mdfe_v3.00.xsd'))).not.toBeNull();
  });

  it('a tampered MDF-e no longer verifies', () => {
    const out = issue(mdfeBody());
    expect(
      verifySignedXml(
        out.documentXml.replace('JOSE DA SILVA', 'JOSE DA SILVB'),
        testCredentials().certificatePem,
      ),
    ).toBe(false);
  });

  it('rodo on its own is what the envelope carries', () => {
    const parsed = mdfePedidoEmissao.parse(fullMdfeBody());
    expect(
      xsdErrors(rodoXml(parsed.infMDFe.infModal.rodo!), MDFE_XSD('mdfeModalRodoviario_v3.00.xsd')),
    ).toBeNull();
  });

  const chave = '35261111222333000181580010000000011000000015';
  const details: MdfeEventDetail[] = [
    { kind: 'cancelamento', nProt: '935260000000042', xJust: 'Viagem cancelada pelo cliente antes da saída' },
    { kind: 'encerramento', nProt: '935260000000042', dtEnc: '2026-11-23', cUF: '41', cMun: '4106902' },
    { kind: 'inclusao-condutor', xNome: 'MARIA SOUZA', CPF: CPF_B },
    {
      kind: 'inclusao-dfe',
      nProt: '935260000000042',
      cMunCarrega: '3550308',
      xMunCarrega: 'São Paulo',
      infDoc: [{ cMunDescarga: '4106902', xMunDescarga: 'Curitiba', chNFe: NFE_KEY }],
    },
  ];
  const detailXsd: Record<MdfeEventDetail['kind'], string> = {
    cancelamento: 'evCancMDFe_v3.00.xsd',
    encerramento: 'evEncMDFe_v3.00.xsd',
    'inclusao-condutor': 'evIncCondutorMDFe_v3.00.xsd',
    'inclusao-dfe': 'evInclusaoDFeMDFe_v3.00.xsd',
  };
  for (const d of details) {
    it(`event ${d.kind}: eventoMDFe, procEventoMDFe and the detail validate; signature verifies`, () => {
      const built = eventoMdfeXml(
        { tpAmb: 2, chave, autor: COMPANY_CNPJ, dhEvento: '2026-11-22T10:00:00-03:00', nSeqEvento: 1 },
        d,
      );
      expect(built.id).toMatch(/^ID\d{6}\d{44}01$/);
      const signed = signXml(built.xml, built.id, 'eventoMDFe', testCredentials());
      expect(xsdErrors(signed.xml, MDFE_XSD('eventoMDFe_v3.00.xsd'))).toBeNull();
      const proc = procEventoMdfeXml(signed.xml, {
        tpAmb: 2,
        cOrgao: '35',
        cStat: 135,
        xMotivo: 'Evento registrado e vinculado a MDF-e',
        chave,
        tpEvento: built.id.slice(2, 8),
        xEvento: 'Evento',
        nSeqEvento: 1,
        dhRegEvento: '2026-11-22T10:00:01-03:00',
        nProt: '935260000000043',
      });
      expect(xsdErrors(proc, MDFE_XSD('procEventoMDFe_v3.00.xsd'))).toBeNull();
      expect(xsdErrors(eventDetailXml(d, MDFE_NS), MDFE_XSD(detailXsd[d.kind]))).toBeNull();
      expect(verifySignedXml(proc, testCredentials().certificatePem)).toBe(true);
    });
  }
});
