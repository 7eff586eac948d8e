// Every optional group the builders know, filled at once: catches schema-order mistakes that
// the minimal fixtures cannot see.
import { describe, expect, it } from 'vitest';
import { issueCte } from '../../../electron/sandbox/dfe/issue-cte';
import { emitFromCompany } from '../../../electron/sandbox/dfe/emit-defaults';
import { ctePedidoEmissao, type CtePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import { sharedAvailable } from '../../support/shared';
import { COMPANY_CNPJ, cteBody, NOW, testCredentials } from './fixtures';
import { CTE_XSD, extractElement, xsdErrors } from './xsd';

const addr = {
  xLgr: 'Rua F',
  nro: '9',
  xCpl: 'Sala 2',
  xBairro: 'Bairro',
  cMun: '3550308',
  xMun: 'São Paulo',
  CEP: '01001000',
  UF: 'SP' as const,
  cPais: '1058',
  xPais: 'Brasil',
};

function fullBody(): CtePedidoEmissao {
  const b = cteBody();
  const inf = b.infCte;
  inf.ide.xDetRetira = 'Retirar na doca 3';
  inf.ide.dhCont = '2026-11-22T09:50:00-03:00';
  inf.ide.xJust = 'Falha de comunicação com a SEFAZ autorizadora';
  inf.ide.gCompraGov = { tpEnteGov: 1, pRedutor: 10.5, tpOperGov: 1 };
  inf.ide.toma3 = null;
  inf.ide.toma4 = {
    toma: 4,
    CPF: '12345678909',
    xNome: 'Tomador PF',
    xFant: 'Apelido',
    fone: '4133334444',
    enderToma: addr,
    email: 'a@b.com',
  };
  inf.compl = {
    xCaracAd: 'Carac',
    xCaracSer: 'Serviço',
    xEmi: 'Fulano',
    fluxo: { xOrig: 'CWB', pass: [{ xPass: 'JOI' }], xDest: 'SAO', xRota: 'R1' },
    Entrega: {
      comData: { tpPer: 2, dProg: '2026-11-25' },
      noInter: { tpHor: 4, hIni: '08:00:00', hFim: '12:00:00' },
    },
    origCalc: 'Curitiba',
    destCalc: 'São Paulo',
    xObs: 'Obs',
    ObsCont: [{ xCampo: 'A', xTexto: 'B' }],
    ObsFisco: [{ xCampo: 'C', xTexto: 'D' }],
  };
  inf.emit.IEST = '1234567890';
  inf.emit.xFant = 'Teste';
  inf.rem = { ...inf.rem!, xFant: 'Remetente', fone: '4133334444', email: 'r@e.com' };
  inf.exped = {
    CNPJ: '04252011000110',
    IE: 'ISENTO',
    xNome: 'Expedidor',
    fone: '4133334444',
    enderExped: addr,
    email: 'x@y.com',
  };
  inf.receb = { CNPJ: '04252011000110', xNome: 'Recebedor', enderReceb: addr };
  inf.dest = { ...inf.dest!, ISUF: '12345678', email: 'd@e.com' };
  inf.imp = {
    ICMS: { ICMS20: { CST: '20', pRedBC: 10, vBC: 1350, pICMS: 12, vICMS: 162 } },
    vTotTrib: 300,
    infAdFisco: 'Info fisco',
    ICMSUFFim: {
      vBCUFFim: 1500,
      pFCPUFFim: 2,
      pICMSUFFim: 18,
      pICMSInter: 12,
      vFCPUFFim: 30,
      vICMSUFFim: 90,
      vICMSUFIni: 0,
    },
    IBSCBS: {
      CST: '200',
      cClassTrib: '200001',
      indDoacao: 1,
      gIBSCBS: {
        vBC: 1500,
        gIBSUF: {
          pIBSUF: 0.1,
          gDif: { pDif: 1, vDif: 0.01 },
          gDevTrib: { pDevTrib: 1, vDevTrib: 0.01 },
          gRed: { pRedAliq: 60, pAliqEfet: 0.04 },
          vIBSUF: 0.6,
        },
        gIBSMun: { pIBSMun: 0.05, vIBSMun: 0.75 },
        gCBS: { pCBS: 0.9, gDif: { pDif: 1, vDif: 0.1 }, vCBS: 13.5 },
        gTribRegular: {
          CSTReg: '000',
          cClassTribReg: '000001',
          pAliqEfetRegIBSUF: 0.1,
          vTribRegIBSUF: 1.5,
          pAliqEfetRegIBSMun: 0.05,
          vTribRegIBSMun: 0.75,
          pAliqEfetRegCBS: 0.9,
          vTribRegCBS: 13.5,
        },
        gTribCompraGov: {
          pAliqIBSUF: 0.1,
          vTribIBSUF: 1.5,
          pAliqIBSMun: 0.05,
          vTribIBSMun: 0.75,
          pAliqCBS: 0.9,
          vTribCBS: 13.5,
        },
      },
      gEstornoCred: { vIBSEstCred: 1, vCBSEstCred: 2 },
    },
    vTotDFe: 1515,
  };
  const norm = inf.infCTeNorm!;
  norm.infCarga.xOutCat = 'Outra';
  norm.infCarga.vCargaAverb = 25000;
  norm.infDoc = {
    infNF: [
      {
        nRoma: '1',
        nPed: '2',
        mod: '01',
        serie: '1',
        nDoc: '123',
        dEmi: '2026-11-20',
        vBC: 0,
        vICMS: 0,
        vBCST: 0,
        vST: 0,
        vProd: 100,
        vNF: 100,
        nCFOP: '5102',
        nPeso: 12.5,
        PIN: '1234',
        dPrev: '2026-11-26',
        infUnidTransp: [
          {
            tpUnidTransp: 1,
            idUnidTransp: 'ABC1234',
            lacUnidTransp: [{ nLacre: 'L1' }],
            infUnidCarga: [
              { tpUnidCarga: 1, idUnidCarga: 'CNT1', lacUnidCarga: [{ nLacre: 'L2' }], qtdRat: 1 },
            ],
            qtdRat: 1,
          },
        ],
      },
    ],
  };
  norm.infModal.rodo.occ = [
    {
      serie: '1',
      nOcc: 5,
      dEmi: '2026-11-21',
      emiOcc: { CNPJ: '04252011000110', cInt: 'X1', IE: '1234567890', UF: 'PR', fone: '4133334444' },
    },
  ];
  norm.cobr = {
    fat: { nFat: 'F1', vOrig: 1500, vDesc: 0, vLiq: 1500 },
    dup: [{ nDup: '001', dVenc: '2026-12-22', vDup: 1500 }],
  };
  norm.infCteSub = { chCte: '41261111222333000181570010000001231550738846', indAlteraToma: 1 };
  norm.infGlobalizado = { xObs: 'Documento globalizado conforme regra' };
  inf.autXML = [{ CNPJ: '04252011000110' }, { CPF: '12345678909' }];
  inf.infRespTec = { CNPJ: '04252011000110', xContato: 'Suporte', email: 's@t.com', fone: '4133334444' };
  return b;
}

describe.skipIf(!sharedAvailable)('CT-e with every optional group', () => {
  it('validates against cte_v4.00.xsd and the road modal schema', () => {
    const out = issueCte(ctePedidoEmissao.parse(fullBody()), {
      now: NOW,
      companyCpfCnpj: COMPANY_CNPJ,
      emitDefaults: null,
      credentials: testCredentials(),
      protocolSequence: 1,
      findDuplicate: () => null,
    });
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(xsdErrors(out.documentXml, CTE_XSD('cte_v4.00.xsd'))).toBeNull();
    expect(
      xsdErrors(extractElement(out.documentXml, 'rodo'), CTE_XSD('cteModalRodoviario_v4.00.xsd')),
    ).toBeNull();
    expect(out.documentXml).toContain('<vIBS>1.35</vIBS>');
  });

  it('fills the emitter from the company registration when the request omits it', () => {
    const body = cteBody();
    body.infCte.emit = { CNPJ: COMPANY_CNPJ };
    const out = issueCte(ctePedidoEmissao.parse(body), {
      now: NOW,
      companyCpfCnpj: COMPANY_CNPJ,
      emitDefaults: emitFromCompany({
        cpf_cnpj: COMPANY_CNPJ,
        inscricao_estadual: '123.456.789',
        nome_razao_social: 'RODOVIA AZUL TRANSPORTES LTDA',
        endereco: {
          logradouro: 'Av. Brasil',
          numero: '100',
          bairro: 'Centro',
          codigo_municipio: '3550308',
          cidade: 'São Paulo',
          uf: 'SP',
          cep: '01310-100',
        },
      }),
      credentials: testCredentials(),
      protocolSequence: 1,
      findDuplicate: () => null,
    });
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(out.documentXml).toContain('<xNome>RODOVIA AZUL TRANSPORTES LTDA</xNome>');
    expect(out.documentXml).toContain('<IE>123456789</IE>');
    expect(out.documentXml).toContain(
      'https://nfe.fazenda.sp.gov.br/CTeConsulta/qrCode'.replace('nfe.', 'homologacao.nfe.'),
    );
    expect(xsdErrors(out.documentXml, CTE_XSD('cte_v4.00.xsd'))).toBeNull();
  });
});
