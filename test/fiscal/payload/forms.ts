// Form fixtures (as the renderer sends them) for the payload, contract and issuing tests.
import { buildDceKey, buildNfeKey } from '../../../electron/fiscal';
import type { EmitterCompany } from '../../../electron/fiscal/payload';
import type { z } from 'zod';

import type { CteFormInput, icmsSchema } from '../../../electron/shared/schemas/cte-form';
import type { CteOsFormInput } from '../../../electron/shared/schemas/cteos-form';

export const COMPANY_CNPJ = '11222333000181';

export const company: EmitterCompany = {
  cpf_cnpj: COMPANY_CNPJ,
  inscricao_estadual: '9012345663',
  nome_razao_social: 'Transportes Teste Ltda',
  nome_fantasia: 'Rodovia Azul',
  fone: '4133334444',
  endereco: {
    logradouro: 'Av. Brasil',
    numero: '1000',
    bairro: 'Centro',
    codigo_municipio: '4106902',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '80000000',
  },
};

export const nfeKey = (numero: number) =>
  buildNfeKey({
    cUF: 41,
    year: 2026,
    month: 11,
    cnpj: '04252011000110',
    serie: 1,
    numero,
    tpEmis: 1,
    codigo: 12345678,
  })!;

export const dceKey = (numero: number) =>
  buildDceKey({
    cUF: 41,
    year: 2026,
    month: 11,
    cnpjCpf: '12345678909',
    serie: 1,
    numero,
    tpEmis: 1,
    tpEmit: 3,
    nSiteAutoriz: 0,
    codigo: 123456,
  })!;

const curitiba = { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' };
const saoPaulo = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };

export const ICMS_SITUATIONS: z.input<typeof icmsSchema>[] = [
  { situacao: '00', pICMS: 12 },
  { situacao: '20', pRedBC: 20, pICMS: 12 },
  { situacao: '45', cst: '41' },
  { situacao: '60', vBCSTRet: 1500, pICMSSTRet: 12 },
  { situacao: '90', pICMS: 12, vCred: 10 },
  { situacao: 'outraUF', pICMSOutraUF: 7 },
  { situacao: 'SN' },
];

export function cteForm(over: Partial<CteFormInput> = {}): CteFormInput {
  return {
    geral: {
      cfop: '6353',
      natOp: 'Prestação de serviço de transporte',
      tpServ: 0,
      toma: 0,
      inicio: curitiba,
      fim: saoPaulo,
      retira: false,
    },
    remetente: {
      cpfCnpj: '04.252.011/0001-10',
      ie: '1234567850',
      xNome: 'Indústria Remetente Ltda',
      endereco: { xLgr: 'Rua das Flores', nro: '100', xBairro: 'Centro', ...curitiba, cep: '80010-000' },
    },
    destinatario: {
      cpfCnpj: '123.456.789-09',
      xNome: "Joana D'Arc",
      endereco: { xLgr: 'Rua Augusta', nro: '20', xBairro: 'Consolação', ...saoPaulo, cep: '01305-000' },
    },
    valores: {
      componentes: [
        { xNome: 'Frete peso', vComp: 1200 },
        { xNome: 'Pedágio', vComp: 300 },
      ],
      vTPrest: 1500,
      vRec: 1500,
    },
    impostos: { icms: { situacao: '00', pICMS: 12 } },
    carga: {
      vCarga: 25000.5,
      proPred: 'Peças automotivas',
      quantidades: [
        { cUnid: '01', tpMed: 'PESO BRUTO', qCarga: 1234.5678 },
        { cUnid: '03', tpMed: 'VOLUMES', qCarga: 12 },
      ],
    },
    documentos: { nfe: [{ chave: nfeKey(712) }], dce: [], outros: [] },
    rodoviario: { rntrc: '12345678' },
    observacoes: { xObs: 'Entregar no horário comercial', obsCont: [] },
    ...over,
  };
}

/**
 * The same freight (Curitiba/PR → São Paulo/SP) as the demonstração carrier, whose company is in
 * São Paulo, issues it: a service started in another UF takes CFOP 6932 (MOC CT-e Anexo I G051).
 */
export function demoCteForm(over: Partial<CteFormInput> = {}): CteFormInput {
  const base = cteForm(over);
  return { ...base, geral: { ...base.geral, cfop: '6932' } };
}

export function cteOsForm(over: Partial<CteOsFormInput> = {}): CteOsFormInput {
  return {
    geral: {
      cfop: '5357',
      natOp: 'Transporte de pessoas',
      tpServ: 6,
      inicio: curitiba,
      fim: { cMun: '4113700', xMun: 'Londrina', uf: 'PR' },
      percurso: [],
    },
    tomador: {
      cpfCnpj: '04252011000110',
      ie: '1234567850',
      xNome: 'Escola Tomadora',
      endereco: { xLgr: 'Rua D', nro: '5', xBairro: 'Centro', ...curitiba },
    },
    valores: { componentes: [], vTPrest: 800, vRec: 800 },
    impostos: {
      icms: { situacao: '00', pICMS: 12 },
      tributosFederais: { vPIS: 5.2, vCOFINS: 24, vINSS: 88 },
    },
    servico: { xDescServ: 'Fretamento eventual', qCarga: 40 },
    seguro: [{ respSeg: 4, xSeg: 'Seguradora X', nApol: 'AP123' }],
    // Passengers inside one UF: the state registry, not the TAF (MOC H023).
    rodoviario: {
      nroRegEstadual: '1234567890123456789012345',
      placa: 'ABC1D23',
      ufVeiculo: 'PR',
      fretamento: { tpFretamento: 2 },
    },
    observacoes: { obsCont: [] },
    ...over,
  };
}
