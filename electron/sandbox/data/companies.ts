import { withCnpjDigits } from '../http/documents';
import { addressIn } from './addresses';
import { MUNICIPALITIES } from './municipalities';

/** `CnpjEmpresa` of the description (the fields the sandbox fills). */
export interface CnpjEmpresa {
  cnpj: string;
  razao_social: string;
  nome_fantasia: string;
  data_inicio_atividade: string;
  matriz: boolean;
  natureza_juridica: { codigo: string; descricao: string };
  capital_social: number;
  porte: { codigo: string; descricao: string };
  situacao_cadastral: { data: string; codigo: string; descricao: string };
  motivo_situacao_cadastral: { data: string; codigo: string; descricao: string };
  pais: { codigo: string; descricao: string };
  atividade_principal: { codigo: string; descricao: string };
  atividades_secundarias: { codigo: string; descricao: string }[];
  endereco: {
    tipo_logradouro: string;
    logradouro: string;
    numero: string;
    complemento: string;
    bairro: string;
    cep: string;
    uf: string;
    municipio: { codigo_ibge: string; codigo_tom?: string; descricao: string };
  };
  telefones: { ddd: string; numero: string }[];
  email: string;
  simples: { optante: boolean; data_opcao: string | null; data_exclusao: string | null };
  simei: { optante: boolean; data_opcao: string | null; data_exclusao: string | null };
  socios: never[];
}

const CNAES: Record<string, string> = {
  '4930202':
    'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal, interestadual e internacional',
  '4930201': 'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, municipal',
  '4930203': 'Transporte rodoviário de produtos perigosos',
  '4930204': 'Transporte rodoviário de mudanças',
  '5211701': 'Armazéns gerais - emissão de warrant',
  '5250804': 'Organização logística do transporte de carga',
  '4639701': 'Comércio atacadista de produtos alimentícios em geral',
  '4744099': 'Comércio varejista de materiais de construção em geral',
};
const NATUREZAS: Record<string, string> = {
  '2062': 'Sociedade Empresária Limitada',
  '2054': 'Sociedade Anônima Fechada',
  '2135': 'Empresário (Individual)',
};
const PORTES: Record<string, string> = {
  '01': 'Micro Empresa',
  '03': 'Empresa de Pequeno Porte',
  '05': 'Demais',
};

/** Fictional names; the sandbox invents companies, never copies real ones. */
const NAMES = [
  'Rodovia Azul Transportes',
  'Carga Certa Logística',
  'Expresso Serra Verde',
  'Trans Horizonte Cargas',
  'Frota Leve Transportes',
  'Rota Sul Logística',
  'Boa Viagem Transportes',
  'Estrela do Cerrado Cargas',
  'Norte Rápido Transportes',
  'Vale do Aço Logística',
];
const SEED_CNAES = [
  '4930202',
  '4930202',
  '4930201',
  '4930203',
  '4930204',
  '5211701',
  '5250804',
  '4639701',
  '4744099',
];
const SEED_NATUREZAS = ['2062', '2062', '2054', '2135'];

function build(index: number, base12: string, matriz: boolean, ativa: boolean): CnpjEmpresa {
  const m = MUNICIPALITIES[(index * 7) % MUNICIPALITIES.length];
  const address = addressIn(m.ibge, index);
  const cnae = SEED_CNAES[index % SEED_CNAES.length];
  const natureza = SEED_NATUREZAS[index % SEED_NATUREZAS.length];
  const porte = natureza === '2135' ? '01' : ['03', '05'][index % 2];
  const name = `${NAMES[index % NAMES.length]}${index >= NAMES.length ? ` ${m.uf}` : ''}`;
  const suffix = natureza === '2062' ? ' LTDA' : natureza === '2054' ? ' S.A.' : '';
  const year = 1995 + (index % 28);
  const start = `${year}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`;
  const simples = porte !== '05';
  return {
    cnpj: withCnpjDigits(base12),
    razao_social: `${name.toUpperCase()}${suffix}`,
    nome_fantasia: name,
    data_inicio_atividade: start,
    matriz,
    natureza_juridica: { codigo: natureza, descricao: NATUREZAS[natureza] },
    capital_social: 50_000 * ((index % 9) + 1),
    porte: { codigo: porte, descricao: PORTES[porte] },
    situacao_cadastral: ativa
      ? { data: start, codigo: '02', descricao: 'Ativa' }
      : { data: `${year + 2}-06-30`, codigo: '08', descricao: 'Baixada' },
    motivo_situacao_cadastral: ativa
      ? { data: start, codigo: '00', descricao: 'Sem motivo' }
      : {
          data: `${year + 2}-06-30`,
          codigo: '01',
          descricao: 'Extinção por encerramento liquidação voluntária',
        },
    pais: { codigo: '105', descricao: 'Brasil' },
    atividade_principal: { codigo: cnae, descricao: CNAES[cnae] },
    atividades_secundarias: cnae === '5250804' ? [] : [{ codigo: '5250804', descricao: CNAES['5250804'] }],
    endereco: {
      tipo_logradouro: address.tipo_logradouro,
      logradouro: address.logradouro.replace(`${address.tipo_logradouro} `, ''),
      numero: String(100 + index * 13),
      complemento: address.complemento,
      bairro: address.bairro,
      cep: address.cep,
      uf: m.uf,
      municipio: {
        codigo_ibge: m.ibge,
        ...(m.tom ? { codigo_tom: m.tom } : {}),
        descricao: m.nome.toUpperCase(),
      },
    },
    telefones: [{ ddd: '11', numero: `3${String(1000000 + index * 4273).slice(-7)}` }],
    email: `contato@${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.example`,
    simples: { optante: simples, data_opcao: simples ? start : null, data_exclusao: null },
    simei: { optante: false, data_opcao: null, data_exclusao: null },
    socios: [],
  };
}

function generate(): CnpjEmpresa[] {
  const list: CnpjEmpresa[] = [];
  for (let i = 0; i < 40; i++) {
    const root = String(11_222_333 + i * 104_729).padStart(8, '0');
    list.push(build(i, `${root}0001`, true, i % 13 !== 12));
  }
  // A branch of the first company, in another municipality, and companies with the
  // alphanumeric CNPJ introduced in 2026.
  list.push({ ...build(1, '112223330002', false, true), razao_social: list[0].razao_social });
  list.push(build(2, '12ABC345000A'.slice(0, 8) + '0001', true, true));
  list.push(build(3, 'Z9Y8X7W60001', true, true));
  return list;
}

/** Built-in, deterministic CNPJ base: valid check digits, real municipality codes. */
export const CNPJ_COMPANIES: readonly CnpjEmpresa[] = generate();
export const CNPJ_BY_NUMBER: ReadonlyMap<string, CnpjEmpresa> = new Map(
  CNPJ_COMPANIES.map((c) => [c.cnpj, c]),
);
