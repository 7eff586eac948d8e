// Request bodies and a throw-away signing certificate for the DF-e engine tests.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import type { CtePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import type { CteSimpPedidoEmissao } from '../../../electron/fiscal/requests/cte-simp';
import type { CteOsPedidoEmissao } from '../../../electron/fiscal/requests/cteos';
import type { DcePedidoEmissao } from '../../../electron/fiscal/requests/dce';

export const COMPANY_CNPJ = '11222333000181';

type Credentials = { privateKeyPem: string; certificatePem: string; notBefore: Date; notAfter: Date };
let cached: Credentials | null = null;

/** Self-signed RSA 2048 certificate (generated once per test file). */
export function testCredentials(): Credentials {
  if (cached) return cached;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = '01';
  // Valid from before the fixtures' fixed clock (NOW): the authority checks the start too (D02).
  const notBefore = new Date(Date.UTC(2020, 0, 1));
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const attrs = [{ name: 'commonName', value: `TRANSPORTES TESTE LTDA:${COMPANY_CNPJ}` }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  cached = { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert), notBefore, notAfter };
  return cached;
}

export const NFE_KEY = '41240428849505000144550010000712731000712739';
export const NOW = new Date('2026-11-22T13:00:00Z');

const endereco = (cMun: string, xMun: string, UF: 'PR' | 'SP') => ({
  xLgr: 'Rua das Flores & Cia',
  nro: '100',
  xBairro: 'Centro',
  cMun,
  xMun,
  CEP: '80000000',
  UF,
});

export function cteBody(overrides: { UFFim?: 'PR' | 'SP'; CFOP?: string } = {}): CtePedidoEmissao {
  const UFFim = overrides.UFFim ?? 'SP';
  return {
    ambiente: 'homologacao',
    referencia: 'pedido-1',
    infCte: {
      versao: '4.00',
      ide: {
        cUF: 41,
        CFOP: overrides.CFOP ?? (UFFim === 'PR' ? '5353' : '6353'),
        natOp: 'Prestação de serviço de transporte',
        serie: 1,
        nCT: 123,
        dhEmi: '2026-11-22T09:55:00-03:00',
        tpImp: 1,
        tpEmis: 1,
        tpCTe: 0,
        procEmi: 0,
        verProc: 'Carreta 0.1',
        cMunEnv: '4106902',
        xMunEnv: 'Curitiba',
        UFEnv: 'PR',
        modal: '01',
        tpServ: 0,
        cMunIni: '4106902',
        xMunIni: 'Curitiba',
        UFIni: 'PR',
        cMunFim: UFFim === 'PR' ? '4113700' : '3550308',
        xMunFim: UFFim === 'PR' ? 'Londrina' : 'São Paulo',
        UFFim,
        retira: 1,
        indIEToma: 1,
        toma3: { toma: 0 },
      },
      compl: {
        xObs: 'Entregar no horário comercial <portão 2>',
        ObsCont: [{ xCampo: 'PEDIDO', xTexto: '4455' }],
      },
      emit: {
        CNPJ: COMPANY_CNPJ,
        IE: '9012345678',
        xNome: 'Transportes Teste Ltda',
        enderEmit: { ...endereco('4106902', 'Curitiba', 'PR'), xLgr: 'Av. Brasil' },
        CRT: 3,
      },
      rem: {
        CNPJ: '04252011000110',
        IE: '1234567890',
        xNome: 'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
        enderReme: endereco('4106902', 'Curitiba', 'PR'),
      },
      dest: {
        CPF: '12345678909',
        // Homologação: MOC Anexo I G005 (649) fixes the destinatário's name; the apostrophe moves to the street.
        xNome: 'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
        enderDest: {
          ...(UFFim === 'PR'
            ? endereco('4113700', 'Londrina', 'PR')
            : endereco('3550308', 'São Paulo', 'SP')),
          xLgr: "Rua Joana D'Arc",
        },
      },
      vPrest: { vTPrest: 1500, vRec: 1500, Comp: [{ xNome: 'Frete peso', vComp: 1500 }] },
      imp: { ICMS: { ICMS00: { CST: '00', vBC: 1500, pICMS: 12, vICMS: 180 } } },
      infCTeNorm: {
        infCarga: {
          vCarga: 25000.5,
          proPred: 'Peças automotivas',
          infQ: [{ cUnid: '01', tpMed: 'PESO BRUTO', qCarga: 1234.5678 }],
        },
        infDoc: { infNFe: [{ chave: NFE_KEY }] },
        infModal: { versaoModal: '4.00', rodo: { RNTRC: '12345678' } },
      },
    },
  };
}

export function dceBody(): DcePedidoEmissao {
  return {
    ambiente: 'homologacao',
    referencia: 'dce-1',
    infDCe: {
      versao: '1.00',
      ide: {
        cUF: 41,
        serie: 1,
        nDC: 55,
        dhEmi: '2026-11-22T09:30:00-03:00',
        tpEmis: 1,
        tpEmit: 3,
        nSiteAutoriz: 0,
        verProc: 'Carreta 0.1',
      },
      emit: {
        CPF: '12345678909',
        xNome: 'Maria Remetente',
        enderEmit: {
          xLgr: 'Rua B',
          nro: '10',
          xBairro: 'Centro',
          cMun: '4106902',
          xMun: 'Curitiba',
          UF: 'PR',
          CEP: '80000000',
          cPais: '1058',
          xPais: 'Brasil',
        },
      },
      Transportadora: { CNPJ: COMPANY_CNPJ, xNome: 'Transportes Teste Ltda' },
      dest: {
        CPF: '98765432100',
        xNome: 'José Destinatário',
        enderDest: {
          xLgr: 'Rua C',
          nro: '20',
          xBairro: 'Vila',
          cMun: '3550308',
          xMun: 'São Paulo',
          UF: 'SP',
          CEP: '01001000',
          cPais: '1058',
          xPais: 'Brasil',
        },
      },
      det: [{ nItem: 1, prod: { xProd: 'Livros usados', NCM: '49', qCom: 3, vUnCom: 12.5, vProd: 37.5 } }],
      total: { vDC: 37.5 },
      transp: { modTrans: 1, CNPJTransp: COMPANY_CNPJ },
    },
  };
}

export function cteOsBody(): CteOsPedidoEmissao {
  return {
    ambiente: 'homologacao',
    referencia: 'os-1',
    infCte: {
      versao: '4.00',
      ide: {
        cUF: 41,
        CFOP: '5357',
        natOp: 'Transporte de pessoas',
        serie: 2,
        nCT: 10,
        dhEmi: '2026-11-22T08:00:00-03:00',
        tpImp: 1,
        tpEmis: 1,
        tpCTe: 0,
        procEmi: 0,
        verProc: 'Carreta 0.1',
        cMunEnv: '4106902',
        xMunEnv: 'Curitiba',
        UFEnv: 'PR',
        modal: '01',
        tpServ: 6,
        indIEToma: 1,
        cMunIni: '4106902',
        xMunIni: 'Curitiba',
        UFIni: 'PR',
        cMunFim: '4113700',
        xMunFim: 'Londrina',
        UFFim: 'PR',
      },
      emit: {
        CNPJ: COMPANY_CNPJ,
        IE: '9012345678',
        xNome: 'Transportes Teste Ltda',
        enderEmit: {
          xLgr: 'Av. Brasil',
          nro: '1',
          xBairro: 'Centro',
          cMun: '4106902',
          xMun: 'Curitiba',
          UF: 'PR',
        },
        CRT: 3,
      },
      toma: {
        CNPJ: '04252011000110',
        IE: '1234567890',
        xNome: 'Escola Tomadora',
        enderToma: {
          xLgr: 'Rua D',
          nro: '5',
          xBairro: 'Centro',
          cMun: '4106902',
          xMun: 'Curitiba',
          UF: 'PR',
        },
      },
      vPrest: { vTPrest: 800, vRec: 800 },
      imp: {
        ICMS: { ICMS00: { CST: '00', vBC: 800, pICMS: 12, vICMS: 96 } },
        infTribFed: { vPIS: 5.2, vCOFINS: 24 },
      },
      infCTeNorm: {
        infServico: { xDescServ: 'Fretamento eventual', infQ: { qCarga: 40 } },
        seg: [{ respSeg: 4, xSeg: 'Seguradora X', nApol: 'AP123' }],
        infModal: {
          versaoModal: '4.00',
          rodoOS: {
            TAF: '123456789012',
            veic: { placa: 'ABC1D23', UF: 'PR' },
            infFretamento: { tpFretamento: 2 },
          },
        },
      },
    },
  };
}

export function cteSimpBody(): CteSimpPedidoEmissao {
  const full = cteBody();
  const end = (cMun: string, xMun: string, UF: 'PR' | 'SP') => ({
    xLgr: 'Rua E',
    nro: '1',
    xBairro: 'Centro',
    cMun,
    xMun,
    UF,
  });
  return {
    ambiente: 'homologacao',
    referencia: 'simp-1',
    infCte: {
      versao: '4.00',
      ide: {
        cUF: 41,
        CFOP: '6353',
        natOp: 'Prestação de serviço de transporte',
        serie: 3,
        nCT: 77,
        dhEmi: '2026-11-22T09:55:00-03:00',
        tpImp: 1,
        tpEmis: 1,
        tpCTe: 5,
        procEmi: 0,
        verProc: 'Carreta 0.1',
        cMunEnv: '4106902',
        xMunEnv: 'Curitiba',
        UFEnv: 'PR',
        modal: '01',
        tpServ: 0,
        UFIni: 'PR',
        UFFim: 'SP',
        retira: 1,
      },
      emit: full.infCte.emit,
      toma: {
        toma: 0,
        indIEToma: 9,
        CNPJ: '04252011000110',
        xNome: 'Tomador SA',
        enderToma: end('4106902', 'Curitiba', 'PR'),
      },
      infCarga: { vCarga: 5000, proPred: 'Diversos', infQ: [{ cUnid: '01', tpMed: '01', qCarga: 100 }] },
      det: [
        {
          nItem: 1,
          cMunIni: '4106902',
          xMunIni: 'Curitiba',
          cMunFim: '3550308',
          xMunFim: 'São Paulo',
          vPrest: 300,
          vRec: 300,
          infNFe: [{ chNFe: NFE_KEY }],
        },
        {
          nItem: 2,
          cMunIni: '4106902',
          xMunIni: 'Curitiba',
          cMunFim: '3509502',
          xMunFim: 'Campinas',
          vPrest: 200,
          vRec: 200,
          Comp: [{ xNome: 'Frete', vComp: 200 }],
          infNFe: [{ chNFe: NFE_KEY }],
        },
      ],
      infModal: { versaoModal: '4.00', rodo: { RNTRC: '12345678' } },
      imp: { ICMS: { ICMS00: { CST: '00', vBC: 500, pICMS: 12, vICMS: 60 } } },
      total: { vTPrest: 500, vTRec: 500 },
    },
  };
}
