// MDF-e form inputs for the builder, contract and bench tests: CT-e of a carrier (CNPJ of the
// payload fixtures) loaded in real municipalities (IBGE codes) and unloaded in one or more UFs.
import { buildCteKey, buildNfeKey } from '../../../electron/fiscal/access-key';
import type { MdfeFormInput } from '../../../electron/shared/schemas/mdfe-form';
import { COMPANY_CNPJ } from './forms';

export const CPF_MOTORISTA = '52998224725';
export const CPF_MOTORISTA_2 = '11144477735';
/** A valid CNPJ for an insurer (Receita check digits). */
export const CNPJ_SEGURADORA = '33000167000101';
/** The CT-e's tomador: the contratante of the trip (G085) and who pays its freight (NT 2025.001). */
export const TOMADOR = { nome: 'MOVEIS PARANA LTDA', cpfCnpj: '11444777000161' };

export const MUN = {
  saoPaulo: { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' },
  campinas: { cMun: '3509502', xMun: 'Campinas', uf: 'SP' },
  curitiba: { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' },
  londrina: { cMun: '4113700', xMun: 'Londrina', uf: 'PR' },
  portoAlegre: { cMun: '4314902', xMun: 'Porto Alegre', uf: 'RS' },
  salvador: { cMun: '2927408', xMun: 'Salvador', uf: 'BA' },
  manaus: { cMun: '1302603', xMun: 'Manaus', uf: 'AM' },
  florianopolis: { cMun: '4205407', xMun: 'Florianópolis', uf: 'SC' },
} as const;
type Mun = (typeof MUN)[keyof typeof MUN];

const cUF = { SP: 35, PR: 41, RS: 43, AM: 13, BA: 29, SC: 42 } as const;

export const cteKeyFrom = (uf: keyof typeof cUF, numero: number) =>
  buildCteKey({
    cUF: cUF[uf],
    year: 2026,
    month: 11,
    cnpj: COMPANY_CNPJ,
    mod: '57',
    serie: 1,
    numero,
    tpEmis: 1,
    codigo: 10_000_000 + numero,
  })!;
export const nfeKeyFrom = (uf: keyof typeof cUF, numero: number) =>
  buildNfeKey({
    cUF: cUF[uf],
    year: 2026,
    month: 11,
    cnpj: COMPANY_CNPJ,
    serie: 1,
    numero,
    tpEmis: 1,
    codigo: 20_000_000 + numero,
  })!;

export function cteDoc(numero: number, carrega: Mun, descarga: Mun, valor = 1000, pesoKg = 500) {
  return {
    tipo: 'cte' as const,
    chave: cteKeyFrom(carrega.uf as 'SP', numero),
    rotulo: `1/${numero}`,
    carrega: { ...carrega },
    descarga: { ...descarga },
    valor,
    pesoKg,
    produto: 'MOVEIS',
    cepCarrega: '',
    cepDescarga: '',
    tomador: { nome: TOMADOR.nome, cpfCnpj: TOMADOR.cpfCnpj },
    frete: 350,
    ncm: '',
    ncmDescricao: '',
  };
}
/** An NF-e of own load carries no tomador nor freight. */
export function nfeDoc(numero: number, carrega: Mun, descarga: Mun, valor = 2000, pesoKg = 800) {
  return {
    ...cteDoc(numero, carrega, descarga, valor, pesoKg),
    tipo: 'nfe' as const,
    chave: nfeKeyFrom(carrega.uf as 'SP', numero),
    produto: '',
    tomador: { nome: '', cpfCnpj: '' },
    frete: 0,
  };
}

export const cavalo = {
  placa: 'RTA1B23',
  tipo: 'tracao' as const,
  renavam: '123456789',
  tara: 8500,
  capKg: 0,
  capM3: 0,
  tpRod: '03' as const,
  tpCar: '02' as const,
  uf: 'SP' as const,
  proprietario: null,
};
export const carreta = (placa: string) => ({
  placa,
  tipo: 'reboque' as const,
  renavam: null,
  tara: 6000,
  capKg: 30000,
  capM3: null,
  tpRod: null,
  tpCar: '02' as const,
  uf: 'SP' as const,
  proprietario: null,
});

export function mdfeForm(over: Partial<MdfeFormInput> = {}): MdfeFormInput {
  return {
    documentos: [cteDoc(1, MUN.saoPaulo, MUN.curitiba), cteDoc(2, MUN.saoPaulo, MUN.curitiba)],
    rotas: [],
    dhIniViagem: '',
    produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '' },
    unidade: '01',
    veiculo: cavalo,
    reboques: [],
    condutores: [{ nome: 'JOSE DA SILVA', cpf: CPF_MOTORISTA }],
    rntrc: '12345678',
    ciot: [],
    valePedagio: [],
    contratantes: [{ nome: TOMADOR.nome, cpfCnpj: TOMADOR.cpfCnpj }],
    pagamentos: [],
    seguros: [
      {
        responsavel: 1,
        cpfCnpjResponsavel: '',
        seguradora: 'SEGURADORA EXEMPLO',
        cnpjSeguradora: CNPJ_SEGURADORA,
        apolice: '1234567890',
        averbacoes: ['0001234567890'],
      },
    ],
    infCpl: '',
    ...over,
  };
}

/** The payment of a carga lotação's freight (NT 2025.001): the tomador pays, à vista, by PIX. */
export function pagamentoFrete(valor = 350) {
  return {
    nome: TOMADOR.nome,
    cpfCnpj: TOMADOR.cpfCnpj,
    componentes: [{ tipo: '04' as const, valor, descricao: '' }],
    indPag: 0 as const,
    adiantamento: null,
    parcelas: [],
    banco: '',
    agencia: '',
    pix: 'financeiro@rodoviaazul.com.br',
  };
}

/** A carga lotação: one CT-e, with the NCM of the goods and the payment of the freight. */
export function lotacaoForm(over: Partial<MdfeFormInput> = {}): MdfeFormInput {
  return mdfeForm({
    documentos: [cteDoc(1, MUN.saoPaulo, MUN.curitiba)],
    produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
    pagamentos: [pagamentoFrete()],
    ...over,
  });
}
