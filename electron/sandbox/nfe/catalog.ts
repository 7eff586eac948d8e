// Fictional parties and goods for generated NF-e. Names and CNPJ roots are invented; the
// municipalities are real (IBGE codes from the sandbox's municipality table).
import { cnpjCheckDigits, isValidIe } from '../../fiscal';
import { MUNICIPALITIES } from '../data/municipalities';
import type { Municipality } from '../data/municipalities';

export interface Party {
  cnpj: string;
  xNome: string;
  xFant?: string;
  ie: string;
  xLgr: string;
  nro: string;
  xBairro: string;
  mun: Municipality;
  cep: string;
  fone?: string;
}

export interface Product {
  cProd: string;
  xProd: string;
  ncm: string;
  unit: string;
  /** Price range per unit, in reais. */
  price: [number, number];
  /** Net weight per unit, kg. */
  kg: number;
  /** Units per shipping volume, and what the volume is. */
  perVolume: number;
  esp: string;
}

function municipality(ibge: string): Municipality {
  const found = MUNICIPALITIES.find((m) => m.ibge === ibge);
  if (!found) throw new Error(`município ${ibge} ausente da tabela do sandbox`);
  return found;
}

/**
 * The nearest valid IE at or above `seed` for the UF: the catalog's numbers are invented, but an NF-e
 * the app imports must carry IEs its own validator accepts (as real ones do).
 */
export function validIeFor(seed: string, uf: string): string {
  const width = seed.length;
  let value = BigInt(seed);
  for (let tries = 0; tries < 200_000; tries++, value++) {
    const candidate = value.toString().padStart(width, '0');
    if (candidate.length > width) break;
    if (isValidIe(candidate, uf, { allowIsento: false })) return candidate;
  }
  throw new Error(`sem IE válida para ${uf} a partir de ${seed}`);
}

function party(
  base12: string,
  xNome: string,
  xFant: string,
  ibge: string,
  street: string,
  ie: string,
): Party {
  const mun = municipality(ibge);
  return {
    cnpj: `${base12}${cnpjCheckDigits(base12)}`,
    xNome,
    xFant,
    ie: validIeFor(ie, mun.uf),
    xLgr: street,
    nro: String(100 + (Number(base12.slice(4, 8)) % 1800)),
    xBairro: 'Distrito Industrial',
    mun,
    cep: `${mun.cep}${base12.slice(5, 8)}`,
    fone: '1130000000',
  };
}

/** Suppliers that sell to the companies (emitters of the NF-e). */
export const EMITTERS: readonly Party[] = [
  party(
    '478213650001',
    'MOINHO BOA SAFRA ALIMENTOS LTDA',
    'Boa Safra',
    '4113700',
    'Rodovia do Café',
    '9012345678',
  ),
  party(
    '523901470001',
    'CERAMICA TERRA NOBRE S.A.',
    'Terra Nobre',
    '3552205',
    'Avenida Itavuvu',
    '669123456117',
  ),
  party(
    '610582930001',
    'QUIMICA VALE DO SOL LTDA',
    'Vale do Sol',
    '3118601',
    'Avenida das Indústrias',
    '1861234560078',
  ),
  party(
    '734619280001',
    'METALURGICA PONTE ALTA LTDA',
    'Ponte Alta',
    '4209102',
    'Rua Dona Francisca',
    '254789631',
  ),
  party('815730640001', 'TEXTIL FIO DE OURO LTDA', 'Fio de Ouro', '4202404', 'Rua Itajaí', '257123890'),
  party(
    '926841570001',
    'DISTRIBUIDORA CERRADO VIVO LTDA',
    'Cerrado Vivo',
    '5208707',
    'Avenida Anhanguera',
    '104567893',
  ),
];

/** Carriers named in notes the company receives as buyer. */
export const CARRIERS: readonly Party[] = [
  party(
    '381649270001',
    'TRANSPORTES CAMINHO LIVRE LTDA',
    'Caminho Livre',
    '3509502',
    'Rodovia Anhanguera',
    '244567890110',
  ),
  party(
    '295184630001',
    'EXPRESSO PLANALTO CARGAS LTDA',
    'Planalto Cargas',
    '5300108',
    'SIA Trecho 3',
    '0712345600145',
  ),
];

/** Buyers of the notes the company only carries. */
export const BUYERS: readonly Party[] = [
  party(
    '167482950001',
    'SUPERMERCADOS BOM PRECO LTDA',
    'Bom Preço',
    '2611606',
    'Avenida Recife',
    '032145678',
  ),
  party(
    '248573160001',
    'CONSTRUTORA ALICERCE FORTE LTDA',
    'Alicerce Forte',
    '4314902',
    'Avenida Ipiranga',
    '0961234567',
  ),
  party('359264870001', 'FARMACIAS SAUDE TOTAL LTDA', 'Saúde Total', '3304557', 'Avenida Brasil', '78123456'),
];

export const PRODUCTS: readonly Product[] = [
  {
    cProd: 'FAR-25',
    xProd: 'FARINHA DE TRIGO TIPO 1 SACO 25 KG',
    ncm: '11010010',
    unit: 'SC',
    price: [68, 95],
    kg: 25,
    perVolume: 1,
    esp: 'SACO',
  },
  {
    cProd: 'PIS-4560',
    xProd: 'PISO CERAMICO 45X45 CX 2,5 M2',
    ncm: '69072100',
    unit: 'CX',
    price: [42, 70],
    kg: 22.5,
    perVolume: 1,
    esp: 'CAIXA',
  },
  {
    cProd: 'DET-5L',
    xProd: 'DETERGENTE NEUTRO GALAO 5 L',
    ncm: '34022000',
    unit: 'UN',
    price: [14, 26],
    kg: 5.2,
    perVolume: 4,
    esp: 'CAIXA',
  },
  {
    cProd: 'PAR-M8',
    xProd: 'PARAFUSO SEXTAVADO ACO M8X50 CX 100',
    ncm: '73181500',
    unit: 'CX',
    price: [35, 58],
    kg: 2.4,
    perVolume: 10,
    esp: 'CAIXA',
  },
  {
    cProd: 'TEC-ALG',
    xProd: 'TECIDO ALGODAO CRU ROLO 50 M',
    ncm: '52081100',
    unit: 'RL',
    price: [310, 480],
    kg: 9.5,
    perVolume: 1,
    esp: 'ROLO',
  },
  {
    cProd: 'ARR-5',
    xProd: 'ARROZ AGULHINHA TIPO 1 FARDO 30 KG',
    ncm: '10063021',
    unit: 'FD',
    price: [120, 165],
    kg: 30,
    perVolume: 1,
    esp: 'FARDO',
  },
  {
    cProd: 'TIN-18',
    xProd: 'TINTA ACRILICA BRANCA LATA 18 L',
    ncm: '32091010',
    unit: 'LT',
    price: [180, 290],
    kg: 24,
    perVolume: 1,
    esp: 'LATA',
  },
  {
    cProd: 'CAB-25',
    xProd: 'CABO FLEXIVEL 2,5 MM ROLO 100 M',
    ncm: '85444900',
    unit: 'RL',
    price: [190, 260],
    kg: 3.1,
    perVolume: 5,
    esp: 'CAIXA',
  },
];
