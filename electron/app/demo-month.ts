// Demonstração's month of work: about thirty documents of the demo company issued through the
// embedded sandbox over the last four weeks — CT-e on several routes (inside São Paulo and to other
// states) for several tomadores, one cancelled, one corrected, a CT-e OS pair, a CT-e Simplificado,
// a DC-e and the MDF-e of two interstate trips (one closed at the destination, one still on the
// road) — so the Painel, Documentos and "MDF-e em aberto" have something real to show on the first
// launch.
//
// Back-dating: the authority refuses a dhEmi more than 168 h old (rejection 228, MOC rule G103) or
// ahead of the reception (212), so each document is sent with the sandbox's clock moved to its
// emission time through the control API (`POST /_sandbox/clock`), never by writing the cache.
import { BRASILIA_OFFSET_MS } from '../fiscal/brasilia';
import { buildNfeKey } from '../fiscal';
import type { UF_SIGLAS } from '../fiscal/uf';
import { isUfSigla, ufBySigla } from '../fiscal/uf';
import type { EmissionContext, EmitterCompany } from '../fiscal/payload';
import type { CteFamilyRequest, DcePedidoEmissaoInput, MdfePedidoEmissaoInput } from '../fiscal/requests';
import type { InfMDFeInput } from '../fiscal/requests/mdfe';
import { buildCteOsPayload, buildCtePayload, buildCteSimpPayload } from '../fiscal/payload';
import { buildDcePayload } from '../fiscal/payload/dce';
import { buildMdfePayloads, withNumbering } from '../fiscal/payload/mdfe';
import type { NuvemFiscalClient } from '../nuvemfiscal';
import type { CteFormInput } from '../shared/schemas/cte-form';
import { cteFormSchema } from '../shared/schemas/cte-form';
import type { CteOsFormInput } from '../shared/schemas/cteos-form';
import { cteOsFormSchema } from '../shared/schemas/cteos-form';
import type { CteSimpFormInput } from '../shared/schemas/cte-simp-form';
import { cteSimpFormSchema } from '../shared/schemas/cte-simp-form';
import type { DceForm } from '../shared/schemas/dce-form';
import { dceFormSchema } from '../shared/schemas/dce-form';
import type { MdfeFormInput } from '../shared/schemas/mdfe-form';
import { mdfeFormSchema } from '../shared/schemas/mdfe-form';
import { brasiliaDateTime } from './issuing/sender';

type UfSigla = (typeof UF_SIGLAS)[number];

/** Referências of the demo month start with this; nothing else the app sends does. */
export const DEMO_REF_PREFIX = 'demo-mes-';

type PartyInput = CteFormInput['remetente'] & {};

interface Place {
  cMun: string;
  xMun: string;
  uf: UfSigla;
}

function company(
  cpfCnpj: string,
  ie: string | undefined,
  xNome: string,
  xLgr: string,
  nro: string,
  xBairro: string,
  place: Place,
  cep: string,
): PartyInput {
  return { cpfCnpj, ie, xNome, endereco: { xLgr, nro, xBairro, ...place, cep } };
}

// Real IBGE municipality codes; names, CNPJ (valid check digits) and IE (valid for the UF) invented.
const RIBEIRAO_PRETO: Place = { cMun: '3543402', xMun: 'Ribeirão Preto', uf: 'SP' };
const JUNDIAI: Place = { cMun: '3525904', xMun: 'Jundiaí', uf: 'SP' };
const CAMPINAS: Place = { cMun: '3509502', xMun: 'Campinas', uf: 'SP' };
const PIRACICABA: Place = { cMun: '3538709', xMun: 'Piracicaba', uf: 'SP' };
const SANTOS: Place = { cMun: '3548500', xMun: 'Santos', uf: 'SP' };
const MOGI: Place = { cMun: '3530607', xMun: 'Mogi das Cruzes', uf: 'SP' };
const SOROCABA: Place = { cMun: '3552205', xMun: 'Sorocaba', uf: 'SP' };
const SAO_PAULO: Place = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
const BELO_HORIZONTE: Place = { cMun: '3106200', xMun: 'Belo Horizonte', uf: 'MG' };
const RIO: Place = { cMun: '3304557', xMun: 'Rio de Janeiro', uf: 'RJ' };
const LONDRINA: Place = { cMun: '4113700', xMun: 'Londrina', uf: 'PR' };
const BENTO: Place = { cMun: '4302105', xMun: 'Bento Gonçalves', uf: 'RS' };
const GOIANIA: Place = { cMun: '5208707', xMun: 'Goiânia', uf: 'GO' };
const BLUMENAU: Place = { cMun: '4202404', xMun: 'Blumenau', uf: 'SC' };

export const DEMO_PARTIES = {
  agro: company(
    '52871364000140',
    '587123911001',
    'AGROPECUARIA CAMPOS DOURADOS LTDA',
    'Rodovia Anhanguera',
    'KM 312',
    'Distrito Industrial',
    RIBEIRAO_PRETO,
    '14079000',
  ),
  embalagens: company(
    '61820473000120',
    '407382621006',
    'EMBALAGENS JUNDIAI INDUSTRIA LTDA',
    'Avenida Antonio Frederico Ozanan',
    '6000',
    'Vila Rio Branco',
    JUNDIAI,
    '13215010',
  ),
  farma: company(
    '35281796000182',
    '244516830118',
    'FARMADIST CAMPINAS DISTRIBUIDORA LTDA',
    'Rua Doutor Sales de Oliveira',
    '1200',
    'Vila Industrial',
    CAMPINAS,
    '13035270',
  ),
  papel: company(
    '18736452000100',
    '535147829002',
    'PAPEIS PIRACICABA COMERCIO LTDA',
    'Avenida Independência',
    '2500',
    'Alto',
    PIRACICABA,
    '13419155',
  ),
  supermercados: company(
    '24169053000107',
    '633219415005',
    'SUPERMERCADOS LITORAL SUL LTDA',
    'Avenida Ana Costa',
    '300',
    'Gonzaga',
    SANTOS,
    '11060000',
  ),
  construtora: company(
    '46392817000153',
    '454102792004',
    'CONSTRUTORA ALTO TIETE LTDA',
    'Avenida Voluntário Fernando Pinheiro Franco',
    '900',
    'Centro',
    MOGI,
    '08710000',
  ),
  atacado: company(
    '91357284000123',
    '0625437810120',
    'ATACADO MINAS CENTRAL LTDA',
    'Avenida Cristiano Machado',
    '4000',
    'União',
    BELO_HORIZONTE,
    '31160000',
  ),
  carioca: company(
    '57403128000113',
    '78451238',
    'DISTRIBUIDORA CARIOCA DE ALIMENTOS LTDA',
    'Avenida Brasil',
    '15000',
    'Penha',
    RIO,
    '21012000',
  ),
  cooperativa: company(
    '73410926000129',
    '9053218897',
    'COOPERATIVA AGROINDUSTRIAL VALE DO PARANA',
    'Avenida Tiradentes',
    '1450',
    'Jardim Shangri-lá',
    LONDRINA,
    '86070000',
  ),
  moveis: company(
    '82531647000104',
    '0290456789',
    'MOVEIS SERRA GAUCHA LTDA',
    'Rua Marechal Deodoro',
    '880',
    'Centro',
    BENTO,
    '95700000',
  ),
  insumos: company(
    '68514239000113',
    '104387653',
    'AGRO CENTRO-OESTE INSUMOS LTDA',
    'Avenida Anhanguera',
    '5500',
    'Setor Oeste',
    GOIANIA,
    '74110010',
  ),
  textil: company(
    '79625341000102',
    '255413700',
    'TEXTIL VALE DO ITAJAI LTDA',
    'Rua Itajaí',
    '2100',
    'Vorstadt',
    BLUMENAU,
    '89015200',
  ),
  marcos: company(
    '31845672909',
    undefined,
    'Marcos Antônio Ribeiro',
    'Rua Sete de Setembro',
    '145',
    'Centro',
    SOROCABA,
    '18035001',
  ),
} satisfies Record<string, PartyInput>;
type PartyKey = keyof typeof DEMO_PARTIES;

/** A freight the carrier ran: who shipped, who received, who paid (0 remetente, 3 destinatário). */
interface Freight {
  daysAgo: number;
  /** Brasília wall-clock time. */
  at: string;
  rem: PartyKey;
  dest: PartyKey;
  toma: 0 | 3;
  frete: number;
  pedagio: number;
  vCarga: number;
  proPred: string;
  kg: number;
  volumes: number;
  /** What happens to it afterwards. */
  then?: 'cancelar' | 'corrigir';
}

const FREIGHTS: Freight[] = [
  {
    daysAgo: 29,
    at: '08:42',
    rem: 'embalagens',
    dest: 'supermercados',
    toma: 0,
    frete: 1850,
    pedagio: 96.4,
    vCarga: 48300,
    proPred: 'Embalagens plásticas',
    kg: 6200,
    volumes: 310,
  },
  {
    daysAgo: 28,
    at: '10:15',
    rem: 'agro',
    dest: 'atacado',
    toma: 0,
    frete: 4780,
    pedagio: 182.3,
    vCarga: 96500,
    proPred: 'Açúcar cristal',
    kg: 27000,
    volumes: 540,
  },
  {
    daysAgo: 27,
    at: '14:03',
    rem: 'farma',
    dest: 'carioca',
    toma: 3,
    frete: 3120,
    pedagio: 145.8,
    vCarga: 215000,
    proPred: 'Medicamentos',
    kg: 3800,
    volumes: 260,
  },
  {
    daysAgo: 26,
    at: '09:20',
    rem: 'papel',
    dest: 'farma',
    toma: 0,
    frete: 960,
    pedagio: 32.6,
    vCarga: 18700,
    proPred: 'Papel sulfite',
    kg: 5400,
    volumes: 540,
  },
  {
    daysAgo: 24,
    at: '16:48',
    rem: 'embalagens',
    dest: 'moveis',
    toma: 3,
    frete: 6950,
    pedagio: 248.1,
    vCarga: 72400,
    proPred: 'Embalagens de papelão',
    kg: 8100,
    volumes: 410,
  },
  {
    daysAgo: 23,
    at: '07:55',
    rem: 'agro',
    dest: 'insumos',
    toma: 0,
    frete: 5230,
    pedagio: 121.5,
    vCarga: 88900,
    proPred: 'Fertilizantes',
    kg: 26000,
    volumes: 520,
  },
  {
    daysAgo: 22,
    at: '11:30',
    rem: 'farma',
    dest: 'supermercados',
    toma: 3,
    frete: 1420,
    pedagio: 68.9,
    vCarga: 64300,
    proPred: 'Medicamentos e cosméticos',
    kg: 1900,
    volumes: 140,
  },
  {
    daysAgo: 21,
    at: '13:12',
    rem: 'embalagens',
    dest: 'farma',
    toma: 0,
    frete: 780,
    pedagio: 18.4,
    vCarga: 22800,
    proPred: 'Frascos plásticos',
    kg: 2300,
    volumes: 190,
  },
  {
    daysAgo: 20,
    at: '15:40',
    rem: 'papel',
    dest: 'carioca',
    toma: 0,
    frete: 3890,
    pedagio: 163.2,
    vCarga: 41700,
    proPred: 'Papel cartão',
    kg: 12000,
    volumes: 600,
  },
  {
    daysAgo: 19,
    at: '09:05',
    rem: 'agro',
    dest: 'supermercados',
    toma: 3,
    frete: 2640,
    pedagio: 112.7,
    vCarga: 54800,
    proPred: 'Café torrado',
    kg: 9800,
    volumes: 490,
  },
  {
    daysAgo: 17,
    at: '10:50',
    rem: 'embalagens',
    dest: 'textil',
    toma: 3,
    frete: 4960,
    pedagio: 201.3,
    vCarga: 58600,
    proPred: 'Embalagens plásticas',
    kg: 7400,
    volumes: 370,
  },
  {
    daysAgo: 16,
    at: '08:30',
    rem: 'farma',
    dest: 'atacado',
    toma: 0,
    frete: 3340,
    pedagio: 158.6,
    vCarga: 187200,
    proPred: 'Medicamentos',
    kg: 3100,
    volumes: 230,
  },
  {
    daysAgo: 15,
    at: '14:22',
    rem: 'papel',
    dest: 'construtora',
    toma: 0,
    frete: 1280,
    pedagio: 54.2,
    vCarga: 15900,
    proPred: 'Papel kraft',
    kg: 6600,
    volumes: 330,
  },
  {
    daysAgo: 14,
    at: '17:10',
    rem: 'agro',
    dest: 'cooperativa',
    toma: 3,
    frete: 4120,
    pedagio: 139.9,
    vCarga: 76400,
    proPred: 'Milho em grãos',
    kg: 28000,
    volumes: 560,
  },
  {
    daysAgo: 13,
    at: '09:48',
    rem: 'embalagens',
    dest: 'supermercados',
    toma: 0,
    frete: 1790,
    pedagio: 96.4,
    vCarga: 45200,
    proPred: 'Embalagens plásticas',
    kg: 5800,
    volumes: 290,
  },
  {
    daysAgo: 12,
    at: '11:25',
    rem: 'farma',
    dest: 'carioca',
    toma: 3,
    frete: 3260,
    pedagio: 145.8,
    vCarga: 232500,
    proPred: 'Medicamentos',
    kg: 4100,
    volumes: 280,
  },
  {
    daysAgo: 10,
    at: '15:05',
    rem: 'papel',
    dest: 'marcos',
    toma: 0,
    frete: 540,
    pedagio: 24.8,
    vCarga: 6300,
    proPred: 'Material de escritório',
    kg: 380,
    volumes: 22,
  },
  {
    daysAgo: 9,
    at: '08:15',
    rem: 'agro',
    dest: 'atacado',
    toma: 0,
    frete: 4890,
    pedagio: 182.3,
    vCarga: 101200,
    proPred: 'Açúcar cristal',
    kg: 28000,
    volumes: 560,
  },
  {
    daysAgo: 8,
    at: '13:37',
    rem: 'embalagens',
    dest: 'moveis',
    toma: 3,
    frete: 7120,
    pedagio: 248.1,
    vCarga: 75900,
    proPred: 'Embalagens de papelão',
    kg: 8300,
    volumes: 420,
  },
  {
    daysAgo: 7,
    at: '10:02',
    rem: 'farma',
    dest: 'supermercados',
    toma: 3,
    frete: 1390,
    pedagio: 68.9,
    vCarga: 61800,
    proPred: 'Medicamentos e cosméticos',
    kg: 1800,
    volumes: 130,
  },
  {
    daysAgo: 6,
    at: '16:20',
    rem: 'papel',
    dest: 'farma',
    toma: 0,
    frete: 990,
    pedagio: 32.6,
    vCarga: 19400,
    proPred: 'Papel sulfite',
    kg: 5600,
    volumes: 560,
    then: 'corrigir',
  },
  {
    daysAgo: 5,
    at: '09:33',
    rem: 'agro',
    dest: 'insumos',
    toma: 0,
    frete: 5310,
    pedagio: 121.5,
    vCarga: 91300,
    proPred: 'Fertilizantes',
    kg: 27000,
    volumes: 540,
  },
  {
    daysAgo: 3,
    at: '14:45',
    rem: 'embalagens',
    dest: 'textil',
    toma: 3,
    frete: 5050,
    pedagio: 201.3,
    vCarga: 60100,
    proPred: 'Embalagens plásticas',
    kg: 7600,
    volumes: 380,
  },
  {
    daysAgo: 2,
    at: '08:50',
    rem: 'farma',
    dest: 'atacado',
    toma: 0,
    frete: 3410,
    pedagio: 158.6,
    vCarga: 194000,
    proPred: 'Medicamentos',
    kg: 3200,
    volumes: 240,
    then: 'cancelar',
  },
  {
    daysAgo: 2,
    at: '11:05',
    rem: 'farma',
    dest: 'atacado',
    toma: 0,
    frete: 3510,
    pedagio: 158.6,
    vCarga: 194000,
    proPred: 'Medicamentos',
    kg: 3200,
    volumes: 240,
  },
  {
    daysAgo: 1,
    at: '10:20',
    rem: 'agro',
    dest: 'supermercados',
    toma: 3,
    frete: 2710,
    pedagio: 112.7,
    vCarga: 56900,
    proPred: 'Café torrado',
    kg: 10100,
    volumes: 505,
  },
];

/**
 * The month's parties as the address book (Parceiros) keeps them — the form's party shape in `data`
 * — with how many of the month's CT-e each took part in.
 */
export function demoPartyEntries() {
  const uses = (p: PartyInput) =>
    Math.max(1, FREIGHTS.filter((f) => DEMO_PARTIES[f.rem] === p || DEMO_PARTIES[f.dest] === p).length);
  return Object.values(DEMO_PARTIES).map((p) => ({
    uses: uses(p),
    cpfCnpj: p.cpfCnpj,
    nome: p.xNome,
    inscricaoEstadual: p.ie ?? null,
    uf: p.endereco.uf,
    municipio: p.endereco.xMun,
    data: p,
  }));
}

export const DEMO_RNTRC = '45723174';
const round2 = (v: number) => Math.round(v * 100) / 100;
/** ICMS on freight from SP: 12% to the South/Southeast and inside SP, 7% to the other regions. */
const icmsRate = (ufFim: string) => (['SP', 'MG', 'RJ', 'PR', 'SC', 'RS'].includes(ufFim) ? 12 : 7);

/** The NF-e the shipper issued for the load (a key with valid check digit, of the shipper's CNPJ). */
function nfeKeyOf(shipper: PartyInput, numero: number, at: Date): string {
  const brt = new Date(at.getTime() + BRASILIA_OFFSET_MS);
  const cUF = Number(ufBySigla(shipper.endereco.uf)?.code ?? 35);
  return buildNfeKey({
    cUF,
    year: brt.getUTCFullYear(),
    month: brt.getUTCMonth() + 1,
    cnpj: shipper.cpfCnpj,
    serie: 1,
    numero,
    tpEmis: 1,
    codigo: 10_000_000 + numero * 7919,
  })!;
}

function freightForm(f: Freight, index: number, at: Date): CteFormInput {
  const rem = DEMO_PARTIES[f.rem];
  const dest = DEMO_PARTIES[f.dest];
  const inicio = { cMun: rem.endereco.cMun, xMun: rem.endereco.xMun, uf: rem.endereco.uf };
  const fim = { cMun: dest.endereco.cMun, xMun: dest.endereco.xMun, uf: dest.endereco.uf };
  const intra = inicio.uf === fim.uf;
  const naoContribuinte = DEMO_PARTIES[f.toma === 0 ? f.rem : f.dest].ie === undefined;
  const cfop = `${intra ? '5' : '6'}${naoContribuinte ? '357' : '353'}`;
  const vTPrest = round2(f.frete + f.pedagio);
  return {
    geral: {
      cfop,
      natOp: 'Prestação de serviço de transporte',
      tpServ: 0,
      toma: f.toma,
      inicio,
      fim,
      dhEmi: brasiliaDateTime(at),
      retira: false,
    },
    remetente: rem,
    destinatario: dest,
    valores: {
      componentes: [
        { xNome: 'Frete peso', vComp: f.frete },
        { xNome: 'Pedágio', vComp: f.pedagio },
      ],
      vTPrest,
      vRec: vTPrest,
    },
    impostos: { icms: { situacao: '00', pICMS: icmsRate(fim.uf) } },
    carga: {
      vCarga: f.vCarga,
      proPred: f.proPred,
      quantidades: [
        { cUnid: '01', tpMed: 'PESO BRUTO', qCarga: f.kg },
        { cUnid: '03', tpMed: 'VOLUMES', qCarga: f.volumes },
      ],
    },
    documentos: { nfe: [{ chave: nfeKeyOf(rem, 4100 + index * 13, at) }], dce: [], outros: [] },
    rodoviario: { rntrc: DEMO_RNTRC },
    observacoes: { xObs: 'Mercadoria conferida na coleta.', obsCont: [] },
  };
}

function charterForm(
  at: Date,
  tomador: PartyInput,
  fim: Place,
  valor: number,
  passengers: number,
): CteOsFormInput {
  return {
    geral: {
      cfop: '5357',
      natOp: 'Prestação de serviço de transporte de pessoas',
      tpServ: 6,
      inicio: { cMun: tomador.endereco.cMun, xMun: tomador.endereco.xMun, uf: tomador.endereco.uf },
      fim,
      dhEmi: brasiliaDateTime(at),
      percurso: [],
    },
    tomador,
    valores: { componentes: [{ xNome: 'Fretamento', vComp: valor }], vTPrest: valor, vRec: valor },
    // INSS retained by a company tomador on the charter: 11% of 20% of the service (MOC CT-e OS, infTribFed).
    impostos: {
      icms: { situacao: '00', pICMS: 12 },
      tributosFederais: { vINSS: round2(valor * 0.2 * 0.11) },
    },
    servico: { xDescServ: 'Fretamento eventual', qCarga: passengers },
    seguro: [{ respSeg: 4, xSeg: 'Seguradora Estrada Segura', nApol: 'AP2026-0457' }],
    rodoviario: {
      nroRegEstadual: '3509502202600000000045723',
      placa: 'FJK4E21',
      ufVeiculo: 'SP',
      fretamento: { tpFretamento: 2 },
    },
    observacoes: { xObs: 'Ida e volta no mesmo dia.', obsCont: [] },
  };
}

function simpForm(at: Date): CteSimpFormInput {
  const farma = DEMO_PARTIES.farma;
  const key = (n: number) => nfeKeyOf(farma, n, at);
  return {
    geral: {
      cfop: '5353',
      natOp: 'Prestação de serviço de transporte',
      tpServ: 0,
      toma: 0,
      ufIni: 'SP',
      ufFim: 'SP',
      dhEmi: brasiliaDateTime(at),
      retira: false,
    },
    tomador: farma,
    entregas: [
      {
        origem: CAMPINAS,
        destino: SANTOS,
        vPrest: 680,
        vRec: 680,
        componentes: [{ xNome: 'Frete peso', vComp: 680 }],
        nfe: [{ chave: key(5301) }, { chave: key(5302) }],
      },
      {
        origem: CAMPINAS,
        destino: SOROCABA,
        vPrest: 420,
        vRec: 420,
        componentes: [{ xNome: 'Frete peso', vComp: 420 }],
        nfe: [{ chave: key(5303) }],
      },
    ],
    impostos: { icms: { situacao: '00', pICMS: 12 } },
    carga: {
      vCarga: 38600,
      proPred: 'Medicamentos',
      quantidades: [
        { cUnid: '01', tpMed: '02', qCarga: 640 },
        { cUnid: '03', tpMed: '07', qCarga: 48 },
      ],
    },
    rodoviario: { rntrc: DEMO_RNTRC },
    observacoes: { xObs: 'Duas entregas na mesma viagem.', obsCont: [] },
  };
}

function dceForm(at: Date): DceForm {
  return dceFormSchema.parse({
    remetente: {
      cpfCnpj: DEMO_PARTIES.marcos.cpfCnpj,
      xNome: DEMO_PARTIES.marcos.xNome,
      endereco: { ...DEMO_PARTIES.marcos.endereco },
    },
    destinatario: {
      cpfCnpj: '27519384691',
      xNome: 'Ana Paula Ribeiro Santos',
      endereco: {
        xLgr: 'Rua Voluntários da Pátria',
        nro: '210',
        xCpl: 'Apto 502',
        xBairro: 'Botafogo',
        ...RIO,
        cep: '22270000',
      },
    },
    itens: [
      { xProd: 'Livros usados', ncm: '49019900', qCom: 24, vUnCom: 18.5 },
      { xProd: 'Jogo de panelas', ncm: '73239300', qCom: 1, vUnCom: 320 },
      { xProd: 'Roupas de uso pessoal', ncm: '62', qCom: 15, vUnCom: 35 },
    ],
    modTrans: 2,
    dhEmi: brasiliaDateTime(at),
    observacoes: 'Mudança de residência: objetos de uso pessoal.',
  });
}

/** The demo company's truck: a tractor (cavalo mecânico) with a closed trailer, and its driver. */
export const DEMO_TRUCK = {
  veiculo: {
    placa: 'CRT4E21',
    tipo: 'tracao' as const,
    renavam: '00918273645',
    tara: 8900,
    capKg: 0,
    capM3: 0,
    tpRod: '03' as const,
    tpCar: '00' as const,
    uf: 'SP' as const,
    proprietario: null,
  },
  reboque: {
    placa: 'CRT7B35',
    tipo: 'reboque' as const,
    renavam: '00927364518',
    tara: 7400,
    capKg: 32000,
    capM3: 95,
    tpRod: null,
    tpCar: '02' as const,
    uf: 'SP' as const,
    proprietario: null,
  },
  condutor: { nome: 'JOAO PEREIRA DA SILVA', cpf: '38621594773' },
};

/** Where the demo carrier receives its freight (infPag/infBanc): invented bank and branch. */
const DEMO_BANK = { banco: '001', agencia: '3378' };

/** A trip of the demo truck: the CT-e it carried (by day and time of FREIGHTS) and when it ended. */
interface Trip {
  daysAgo: number;
  at: string;
  freights: { daysAgo: number; at: string }[];
  /** Closed at the last unloading municipality this many hours after the MDF-e; open when absent. */
  closedAfterHours?: number;
  averbacao: string;
  /** NCM of the goods (NT 2025.001: a single-CT-e trip is a carga lotação and needs it, 301). */
  ncm: string;
}

const TRIPS: Trip[] = [
  // Ribeirão Preto/SP → Belo Horizonte/MG: delivered the next afternoon and closed there.
  {
    daysAgo: 9,
    at: '09:10',
    freights: [{ daysAgo: 9, at: '08:15' }],
    closedAfterHours: 31,
    averbacao: '0458712309001',
    // 1701.14.00: outros açúcares de cana (açúcar cristal).
    ncm: '17011400',
  },
  // Campinas/SP → Belo Horizonte/MG with the CT-e that replaced the cancelled one: still on the road.
  {
    daysAgo: 2,
    at: '11:40',
    freights: [{ daysAgo: 2, at: '11:05' }],
    averbacao: '0458712309002',
    // 3004.90.99: outros medicamentos em doses.
    ncm: '30049099',
  },
];

function tripForm(
  trip: Trip,
  keys: ReadonlyMap<string, string>,
  averbacoes: ReadonlyMap<string, readonly string[]> = new Map(),
): MdfeFormInput {
  const numbers: string[] = [];
  const documentos = trip.freights.map((ref) => {
    const index = FREIGHTS.findIndex((f) => f.daysAgo === ref.daysAgo && f.at === ref.at);
    const f = FREIGHTS[index];
    const chave = keys.get(cteReferencia(index));
    if (!f || !chave) throw new Error(`demonstração: CT-e da viagem não emitido (${ref.daysAgo}d ${ref.at})`);
    numbers.push(...(averbacoes.get(cteReferencia(index)) ?? []));
    const rem = DEMO_PARTIES[f.rem].endereco;
    const dest = DEMO_PARTIES[f.dest].endereco;
    return {
      tipo: 'cte' as const,
      chave,
      rotulo: '',
      carrega: { cMun: rem.cMun, xMun: rem.xMun, uf: rem.uf as UfSigla },
      descarga: { cMun: dest.cMun, xMun: dest.xMun, uf: dest.uf as UfSigla },
      valor: f.vCarga,
      pesoKg: f.kg,
      produto: f.proPred,
    };
  });
  // The tomador contracts the trip (G085, 578) and pays the freight (infPag, 302): the CT-e's vTPrest
  // as one "04 – Frete" component, à vista, into the carrier's account.
  const tomadores = trip.freights.map((ref) => {
    const f = FREIGHTS.find((x) => x.daysAgo === ref.daysAgo && x.at === ref.at)!;
    const p = DEMO_PARTIES[f.toma === 0 ? f.rem : f.dest];
    return { nome: p.xNome, cpfCnpj: p.cpfCnpj, frete: round2(f.frete + f.pedagio) };
  });
  const payer = tomadores[0]!;
  return {
    documentos,
    rotas: [],
    dhIniViagem: '',
    produto: { tpCarga: '05', xProd: documentos[0]!.produto, ncm: trip.ncm },
    unidade: '01',
    veiculo: DEMO_TRUCK.veiculo,
    reboques: [DEMO_TRUCK.reboque],
    condutores: [DEMO_TRUCK.condutor],
    rntrc: DEMO_RNTRC,
    ciot: [],
    valePedagio: [],
    contratantes: [{ nome: payer.nome, cpfCnpj: payer.cpfCnpj }],
    pagamentos: [
      {
        nome: payer.nome,
        cpfCnpj: payer.cpfCnpj,
        componentes: [
          { tipo: '04', valor: round2(tomadores.reduce((t, x) => t + x.frete, 0)), descricao: '' },
        ],
        indPag: 0,
        adiantamento: null,
        parcelas: [],
        banco: DEMO_BANK.banco,
        agencia: DEMO_BANK.agencia,
        pix: '',
      },
    ],
    seguros: [
      {
        responsavel: 1,
        cpfCnpjResponsavel: '',
        seguradora: 'SEGURADORA DEMONSTRACAO SA',
        cnpjSeguradora: '31487265000190',
        apolice: '0458712309',
        // The numbers the averbadora (the local double) gave the trip's CT-e, as the form fills them.
        averbacoes: numbers.length ? [...new Set(numbers)] : [trip.averbacao],
      },
    ],
    infCpl: '',
  };
}

const cteReferencia = (index: number) => `${DEMO_REF_PREFIX}cte-${String(index + 1).padStart(2, '0')}`;

export type DemoKind = 'cte' | 'cteos' | 'cte-simp' | 'dce' | 'mdfe';

/**
 * The request body; `keys` are the access keys of the month's documents so far, by referência, and
 * `averbacoes` the averbação numbers their CT-e received.
 */
type DemoBuild<R> = (
  ctx: EmissionContext,
  keys: ReadonlyMap<string, string>,
  averbacoes?: ReadonlyMap<string, readonly string[]>,
) => R;

interface DemoDocumentBase {
  referencia: string;
  /** Emission instant. */
  at: Date;
  then?: 'cancelar' | 'corrigir' | 'encerrar';
  /** When an MDF-e is closed, and where (its last unloading municipality). */
  encerramento?: { at: Date; uf: string; cMun: string };
}
export type DemoDocument = DemoDocumentBase &
  (
    | { kind: 'mdfe'; build: DemoBuild<MdfePedidoEmissaoInput> }
    | { kind: Exclude<DemoKind, 'mdfe'>; build: DemoBuild<CteFamilyRequest | DcePedidoEmissaoInput> }
  );

/** Brasília wall-clock `hh:mm`, `daysAgo` days before `now`, as an instant. */
export function demoInstant(now: Date, daysAgo: number, at: string): Date {
  const [h, m] = at.split(':').map(Number);
  const brt = new Date(now.getTime() + BRASILIA_OFFSET_MS - daysAgo * 86_400_000);
  const day = Date.UTC(brt.getUTCFullYear(), brt.getUTCMonth(), brt.getUTCDate(), h!, m!);
  return new Date(day - BRASILIA_OFFSET_MS);
}

/** The month's documents, oldest first, dated relative to `now`. */
export function demoMonthPlan(now: Date): DemoDocument[] {
  const docs: DemoDocument[] = FREIGHTS.map((f, i) => {
    const at = demoInstant(now, f.daysAgo, f.at);
    const form = cteFormSchema.parse(freightForm(f, i, at));
    return {
      referencia: cteReferencia(i),
      kind: 'cte' as const,
      at,
      build: (ctx: EmissionContext) => buildCtePayload(form, ctx),
      ...(f.then ? { then: f.then } : {}),
    };
  });
  const os1 = demoInstant(now, 18, '06:40');
  const os1Form = cteOsFormSchema.parse(charterForm(os1, DEMO_PARTIES.construtora, SAO_PAULO, 2400, 42));
  docs.push({
    referencia: `${DEMO_REF_PREFIX}cteos-01`,
    kind: 'cteos',
    at: os1,
    build: (ctx) => buildCteOsPayload(os1Form, ctx),
  });
  const os2 = demoInstant(now, 4, '07:10');
  const os2Form = cteOsFormSchema.parse(charterForm(os2, DEMO_PARTIES.farma, JUNDIAI, 1850, 38));
  docs.push({
    referencia: `${DEMO_REF_PREFIX}cteos-02`,
    kind: 'cteos',
    at: os2,
    build: (ctx) => buildCteOsPayload(os2Form, ctx),
  });
  const simp = demoInstant(now, 11, '09:00');
  const simpParsed = cteSimpFormSchema.parse(simpForm(simp));
  docs.push({
    referencia: `${DEMO_REF_PREFIX}cte-simp-01`,
    kind: 'cte-simp',
    at: simp,
    build: (ctx) => buildCteSimpPayload(simpParsed, ctx),
  });
  const dce = demoInstant(now, 4, '15:30');
  const dceParsed = dceForm(dce);
  docs.push({
    referencia: `${DEMO_REF_PREFIX}dce-01`,
    kind: 'dce',
    at: dce,
    build: (ctx) => buildDcePayload(dceParsed, ctx),
  });
  TRIPS.forEach((trip, i) => {
    const at = demoInstant(now, trip.daysAgo, trip.at);
    const build = (
      ctx: EmissionContext,
      keys: ReadonlyMap<string, string>,
      averbacoes?: ReadonlyMap<string, readonly string[]>,
    ): MdfePedidoEmissaoInput => {
      const form = mdfeFormSchema.parse(tripForm(trip, keys, averbacoes));
      const [manifest] = buildMdfePayloads(form, ctx.company);
      return {
        ambiente: ctx.ambiente,
        referencia: ctx.referencia,
        infMDFe: withNumbering(manifest!.infMDFe, {
          serie: ctx.serie,
          numero: ctx.numero,
          dhEmi: ctx.dhEmi,
          ambiente: ctx.ambiente,
        }),
      };
    };
    const last = FREIGHTS.find(
      (f) => f.daysAgo === trip.freights.at(-1)!.daysAgo && f.at === trip.freights.at(-1)!.at,
    )!;
    const destino = DEMO_PARTIES[last.dest].endereco;
    docs.push({
      referencia: `${DEMO_REF_PREFIX}mdfe-${String(i + 1).padStart(2, '0')}`,
      kind: 'mdfe',
      at,
      build,
      ...(trip.closedAfterHours === undefined
        ? {}
        : {
            then: 'encerrar' as const,
            encerramento: {
              at: new Date(at.getTime() + trip.closedAfterHours * 3_600_000),
              uf: destino.uf,
              cMun: destino.cMun,
            },
          }),
    });
  });
  return docs.sort((a, b) => a.at.getTime() - b.at.getTime());
}

export interface DemoMonthDeps {
  client: NuvemFiscalClient;
  company: EmitterCompany;
  /** Moves the sandbox's clock (`null`: back to real time) through its control API. */
  setClock: (at: Date | null) => Promise<void>;
  now?: Date;
  /** The app is closing: stop after the document being sent (the next start completes the month). */
  signal?: AbortSignal;
  /**
   * Registers an authorized document or event with the averbadora (the local double) as the app's
   * queue would, right after it; answers the averbação numbers. The month's MDF-e carry them.
   */
  averbar?: (doc: { family: 'cte' | 'mdfe'; chave: string; xml: string }) => Promise<string[]>;
}

export interface DemoMonthResult {
  issued: number;
  skipped: 'tem-documentos' | null;
  ms: number;
  /** The infMDFe of each MDF-e issued now: the app remembers its vehicles and driver. */
  trips: InfMDFeInput[];
}

const MODEL: Record<Exclude<DemoKind, 'mdfe'>, 'cte' | 'cteos' | 'dce'> = {
  cte: 'cte',
  'cte-simp': 'cte',
  cteos: 'cteos',
  dce: 'dce',
};
const PATH: Record<Exclude<DemoKind, 'mdfe'>, string> = {
  cte: '/cte',
  'cte-simp': '/cte/simp',
  cteos: '/cteos',
  dce: '/dce',
};

/**
 * Issues the documents of the month that the sandbox does not have yet (by referência), so a
 * second start adds nothing and a start interrupted half-way completes the month. A demo the user
 * already worked in (documents of its own, none of the month's) is left alone.
 */
export async function seedDemoMonth(deps: DemoMonthDeps): Promise<DemoMonthResult> {
  const started = Date.now();
  const { client, company } = deps;
  const filter = { cpf_cnpj: company.cpf_cnpj, ambiente: 'homologacao' as const };
  /** Referência → access key of the month's documents the sandbox already has. */
  const keys = new Map<string, string>();
  let own = 0;
  for (const model of ['cte', 'cteos', 'dce', 'mdfe'] as const) {
    for (let skip = 0; ; skip += 100) {
      const page = await client[model].listar(filter, { top: 100, skip });
      for (const doc of page.data) {
        if (doc.referencia?.startsWith(DEMO_REF_PREFIX)) keys.set(doc.referencia, doc.chave ?? '');
        else own++;
      }
      if (page.data.length < 100) break;
    }
  }
  const empty = (sent: number) => ({ issued: sent, skipped: null, ms: Date.now() - started, trips: [] });
  if (keys.size === 0 && own > 0) return { ...empty(0), skipped: 'tem-documentos' };
  const plan = demoMonthPlan(deps.now ?? new Date());
  const numbers = { cte: 0, cteos: 0, dce: 0, mdfe: 0 };
  const trips: InfMDFeInput[] = [];
  const averbacoes = new Map<string, string[]>();
  /** Averbação is a convenience of the demo: a failure leaves the queue to do it later. */
  const averbar = async (
    family: 'cte' | 'mdfe',
    chave: string | null | undefined,
    xml: () => Promise<{ data: Buffer }>,
  ) => {
    if (!deps.averbar || !chave) return [];
    try {
      return await deps.averbar({ family, chave, xml: (await xml()).data.toString('utf8') });
    } catch {
      return [];
    }
  };
  let issued = 0;
  try {
    for (const doc of plan) {
      if (deps.signal?.aborted) break;
      const numero = ++numbers[doc.kind === 'mdfe' ? 'mdfe' : MODEL[doc.kind]];
      if (keys.has(doc.referencia)) continue;
      // Received a minute after it was signed, as an office's send would be.
      await deps.setClock(new Date(doc.at.getTime() + 60_000));
      const ctx: EmissionContext = {
        company,
        serie: 1,
        numero,
        ambiente: 'homologacao',
        referencia: doc.referencia,
        dhEmi: brasiliaDateTime(doc.at),
      };
      if (doc.kind === 'mdfe') {
        const payload = doc.build(ctx, keys, averbacoes);
        const sent = await client.mdfe.emitir(payload, filter);
        issued++;
        keys.set(doc.referencia, sent.chave ?? '');
        if (sent.status !== 'autorizado' || !sent.id) continue;
        const mdfeId = sent.id;
        trips.push(payload.infMDFe);
        await averbar('mdfe', sent.chave, () => client.mdfe.xml(mdfeId));
        // The demo's places are all in the 27 UFs; the guard only narrows the type.
        if (doc.encerramento && isUfSigla(doc.encerramento.uf)) {
          const end = { ...doc.encerramento, uf: doc.encerramento.uf };
          await deps.setClock(end.at);
          await client.mdfe.encerrar(sent.id, {
            uf: end.uf,
            codigo_municipio: end.cMun,
            data_encerramento: brasiliaDateTime(end.at).slice(0, 10),
          });
          await averbar('mdfe', sent.chave, () => client.mdfe.xmlEncerramento(mdfeId));
        }
        continue;
      }
      const model = MODEL[doc.kind];
      const sent = await client[model].emitir(doc.build(ctx, keys, averbacoes), filter, PATH[doc.kind]);
      issued++;
      keys.set(doc.referencia, sent.chave ?? '');
      if (sent.status !== 'autorizado' || !sent.id) continue;
      const sentId = sent.id;
      // The CT-e (and CT-e Simplificado) the demo policy covers; CT-e OS and DC-e are not averbados.
      if (model === 'cte')
        averbacoes.set(doc.referencia, await averbar('cte', sent.chave, () => client.cte.xml(sentId)));
      if (doc.then === 'cancelar') {
        await deps.setClock(new Date(doc.at.getTime() + 2 * 3_600_000));
        await client[model].cancelar(
          sent.id,
          'Valor do frete digitado errado; CT-e substituído por outro emitido em seguida.',
        );
        if (model === 'cte') await averbar('cte', sent.chave, () => client.cte.xmlCancelamento(sentId));
      } else if (doc.then === 'corrigir' && model !== 'dce') {
        await deps.setClock(new Date(doc.at.getTime() + 20 * 3_600_000));
        await client[model].corrigir(sent.id, [
          {
            grupo_alterado: 'compl',
            campo_alterado: 'xObs',
            valor_alterado: 'Entrega agendada com o recebedor; descarga pela doca 2.',
          },
        ]);
      }
    }
  } finally {
    await deps.setClock(null);
  }
  return { ...empty(issued), trips };
}
