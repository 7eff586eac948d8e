// MDF-e request bodies for the sandbox tests: the company of the DF-e fixtures (CNPJ 11222333000181,
// São Paulo) manifesting CT-e it issued from São Paulo to Paraná; a full body exercising every
// road-modal group the description has.
import { buildCteKey, buildNfeKey } from '../../../electron/fiscal/access-key';
import type { MdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';
import { referencePath } from '../../support/shared';
import { COMPANY_CNPJ } from '../dfe/fixtures';

export { COMPANY_CNPJ };
/** An NF-e of the company itself (own load), with a valid check digit. */
export const NFE_KEY = buildNfeKey({
  cUF: 35,
  year: 2026,
  month: 11,
  cnpj: COMPANY_CNPJ,
  serie: 1,
  numero: 5,
  tpEmis: 1,
  codigo: 87654321,
})!;
export const MDFE_XSD = (name: string) => referencePath('mdfe', 'xsd', name);
/** Valid CPFs (check digits per the Receita rule). */
export const CPF_A = '52998224725';
export const CPF_B = '11144477735';
export const PLACA = 'ABC1D23';

export const cteKey = (numero: number) =>
  buildCteKey({
    cUF: 35,
    year: 2026,
    month: 11,
    cnpj: COMPANY_CNPJ,
    mod: '57',
    serie: 1,
    numero,
    tpEmis: 1,
    codigo: 12345678 - numero,
  })!;

interface Options {
  nMDF?: number;
  placa?: string;
  UFIni?: 'SP' | 'PR' | 'RS' | 'BA';
  UFFim?: 'SP' | 'PR' | 'RS' | 'BA' | 'MG';
  percurso?: string[];
  dhEmi?: string;
  ctes?: number;
}

const MUN: Record<string, [string, string]> = {
  SP: ['3550308', 'São Paulo'],
  PR: ['4106902', 'Curitiba'],
  RS: ['4314902', 'Porto Alegre'],
  BA: ['2927408', 'Salvador'],
  MG: ['3106200', 'Belo Horizonte'],
};

/** A carrier's (tpEmit 1) road MDF-e with insurance, one or more CT-e, SP → PR by default. */
export function mdfeBody(o: Options = {}): MdfePedidoEmissao {
  const ini = o.UFIni ?? 'SP';
  const fim = o.UFFim ?? 'PR';
  const n = o.ctes ?? 2;
  const body: MdfePedidoEmissao = {
    ambiente: 'homologacao',
    infMDFe: {
      versao: '3.00',
      ide: {
        cUF: 35,
        tpEmit: 1,
        serie: 1,
        nMDF: o.nMDF ?? 1,
        modal: 1,
        dhEmi: o.dhEmi ?? '2026-11-22T10:00:00-03:00',
        tpEmis: 1,
        procEmi: '0',
        verProc: 'Carreta 1.0',
        UFIni: ini,
        UFFim: fim,
        infMunCarrega: [{ cMunCarrega: MUN[ini]![0], xMunCarrega: MUN[ini]![1] }],
        infPercurso: (o.percurso ?? []).map((UFPer) => ({ UFPer: UFPer as 'PR' })),
      },
      emit: {
        CNPJ: COMPANY_CNPJ,
        IE: '123456789',
        xNome: 'RODOVIA AZUL TRANSPORTES LTDA',
        enderEmit: {
          xLgr: 'Avenida Brasil',
          nro: '100',
          xBairro: 'Centro',
          cMun: '3550308',
          xMun: 'São Paulo',
          CEP: '01310100',
          UF: 'SP',
        },
      },
      infModal: {
        versaoModal: '3.00',
        rodo: {
          // The tomador of the CT-e contracts the trip (G085 → 578 without it, no CIOT nor vale-pedágio).
          infANTT: { RNTRC: '12345678', infContratante: [{ ...CONTRATANTE }] },
          veicTracao: {
            placa: o.placa ?? PLACA,
            RENAVAM: '123456789',
            tara: 8500,
            capKG: 20000,
            condutor: [{ xNome: 'JOSE DA SILVA', CPF: CPF_A }],
            tpRod: '03',
            tpCar: '02',
            UF: 'SP',
          },
        },
      },
      infDoc: {
        infMunDescarga: [
          {
            cMunDescarga: MUN[fim]![0],
            xMunDescarga: MUN[fim]![1],
            infCTe: Array.from({ length: n }, (_, i) => ({ chCTe: cteKey(i + 1) })),
          },
        ],
      },
      seg: [
        {
          infResp: { respSeg: 1, CNPJ: COMPANY_CNPJ },
          infSeg: { xSeg: 'SEGURADORA EXEMPLO', CNPJ: '33000167000101' },
          nApol: '1234567890',
          nAver: ['0001234567890'],
        },
      ],
      prodPred: { tpCarga: '05', xProd: 'CARGA GERAL FRACIONADA' },
      tot: { qCTe: n, vCarga: 15000.5, cUnid: '01', qCarga: 1250.75 },
    },
  };
  // A single CT-e is a carga lotação: NT 2025.001 asks for the NCM (301) and the payment (302).
  if (n === 1) lotacao(body.infMDFe);
  return body;
}

/** The tomador of the fixtures' CT-e (a valid CNPJ). */
export const CONTRATANTE = { xNome: 'MOVEIS PARANA LTDA', CNPJ: '11444777000161' };

/** What a carga lotação carries (NT 2025.001): the goods' NCM and the freight's payment. */
export function lotacao(inf: MdfePedidoEmissao['infMDFe']): void {
  inf.prodPred = { ...(inf.prodPred ?? { tpCarga: '05', xProd: 'MOVEIS' }), NCM: '94036000' };
  const rodo = inf.infModal.rodo!;
  rodo.infANTT = {
    ...(rodo.infANTT ?? {}),
    infPag: [
      {
        ...CONTRATANTE,
        Comp: [{ tpComp: '04', vComp: 1850 }],
        vContrato: 1850,
        indPag: 0,
        infBanc: { PIX: 'financeiro@rodoviaazul.com.br' },
      },
    ],
  };
}

/** Every road-modal group the description offers, filled (for XSD coverage). */
export function fullMdfeBody(): MdfePedidoEmissao {
  const body = mdfeBody({ UFIni: 'RS', UFFim: 'SP', percurso: ['SC', 'PR'] });
  const inf = body.infMDFe;
  inf.ide.tpTransp = 1;
  inf.ide.dhIniViagem = '2026-11-22T12:00:00-03:00';
  inf.ide.indCanalVerde = 1;
  inf.infModal.rodo = {
    infANTT: {
      RNTRC: '12345678',
      infCIOT: [{ CIOT: '123456789012', CNPJ: COMPANY_CNPJ }],
      valePed: {
        disp: [
          {
            CNPJForn: '33000167000101',
            CNPJPg: COMPANY_CNPJ,
            nCompra: '778899',
            vValePed: 85.4,
            tpValePed: '01',
          },
        ],
        categCombVeic: '07',
      },
      infContratante: [
        {
          xNome: 'CLIENTE CONTRATANTE SA',
          CNPJ: '33000167000101',
          infContrato: { NroContrato: 'CT-2026-01', vContratoGlobal: 50000 },
        },
      ],
      infPag: [
        {
          xNome: 'RODOVIA AZUL',
          CNPJ: COMPANY_CNPJ,
          Comp: [
            { tpComp: '01', vComp: 85.4 },
            { tpComp: '04', vComp: 4200 },
            { tpComp: '99', vComp: 100, xComp: 'DESCARGA' },
          ],
          vContrato: 4385.4,
          indPag: 1,
          vAdiant: 1000,
          infPrazo: [
            { nParcela: 1, dVenc: '2026-12-10', vParcela: 1692.7 },
            { nParcela: 2, dVenc: '2027-01-10', vParcela: 1692.7 },
          ],
          tpAntecip: 0,
          infBanc: { codBanco: '001', codAgencia: '1234' },
        },
      ],
    },
    veicTracao: {
      cInt: 'CAV01',
      placa: 'ABC1D23',
      RENAVAM: '12345678901',
      tara: 8500,
      capKG: 0,
      capM3: 0,
      prop: { CPF: CPF_B, RNTRC: '87654321', xNome: 'JOAO TAC', IE: '', UF: 'SP', tpProp: 0 },
      condutor: [
        { xNome: 'JOSE DA SILVA', CPF: CPF_A },
        { xNome: 'MARIA SOUZA', CPF: CPF_B },
      ],
      tpRod: '03',
      tpCar: '02',
      UF: 'SP',
    },
    veicReboque: [
      {
        cInt: 'REB01',
        placa: 'XYZ9876',
        RENAVAM: '987654321',
        tara: 6000,
        capKG: 30000,
        capM3: 90,
        tpCar: '02',
        UF: 'SP',
      },
      { placa: 'XYZ9A77', tara: 5000, capKG: 25000, tpCar: '05', UF: 'PR' },
    ],
    codAgPorto: 'AG01',
    lacRodo: [{ nLacre: 'L0001' }],
  };
  inf.infDoc.infMunDescarga = [
    {
      cMunDescarga: '3550308',
      xMunDescarga: 'São Paulo',
      infCTe: [
        {
          chCTe: cteKey(1),
          indReentrega: 1,
          infUnidTransp: [
            {
              tpUnidTransp: 1,
              idUnidTransp: 'ABC1D23',
              lacUnidTransp: [{ nLacre: 'LT1' }],
              infUnidCarga: [
                { tpUnidCarga: 1, idUnidCarga: 'CONT001', lacUnidCarga: [{ nLacre: 'LC1' }], qtdRat: 1 },
              ],
              qtdRat: 1,
            },
          ],
          peri: [
            {
              nONU: '1203',
              xNomeAE: 'GASOLINA',
              xClaRisco: '3',
              grEmb: 'II',
              qTotProd: '1000 L',
              qVolTipo: '5 tambores',
            },
          ],
          infEntregaParcial: { qtdTotal: 10, qtdParcial: 4 },
        },
      ],
    },
    { cMunDescarga: '3509502', xMunDescarga: 'Campinas', infCTe: [{ chCTe: cteKey(2) }] },
  ];
  inf.tot = { qCTe: 2, vCarga: 25000, cUnid: '02', qCarga: 12.5 };
  inf.prodPred = {
    tpCarga: '05',
    xProd: 'PRODUTOS DIVERSOS',
    cEAN: 'SEM GTIN',
    NCM: '84',
    infLotacao: {
      infLocalCarrega: { CEP: '90010000' },
      infLocalDescarrega: { latitude: '-23.550520', longitude: '-46.633308' },
    },
  };
  inf.lacres = [{ nLacre: 'LACRE-001' }];
  inf.autXML = [{ CNPJ: '33000167000101' }, { CPF: CPF_A }];
  inf.infAdic = { infAdFisco: 'Informação ao fisco', infCpl: 'Entrega agendada & conferida' };
  inf.infRespTec = {
    CNPJ: COMPANY_CNPJ,
    xContato: 'Suporte Carreta',
    email: 'suporte@carreta.example',
    fone: '1133334444',
  };
  body.referencia = 'mdfe-completo';
  return body;
}
