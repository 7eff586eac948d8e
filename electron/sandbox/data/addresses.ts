import { MUNICIPALITIES } from './municipalities';
import type { Municipality } from './municipalities';

/** `CepEndereco` of the description. */
export interface CepEndereco {
  cep: string;
  tipo_logradouro: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  municipio: string;
  uf: string;
  codigo_ibge: string;
}

/** Fictional streets: the municipalities are real, the street list is generic. */
const STREETS: [string, string, string][] = [
  ['Avenida', 'Brasil', 'Centro'],
  ['Rua', 'das Palmeiras', 'Jardim América'],
  ['Rua', 'Quinze de Novembro', 'Centro'],
  ['Avenida', 'dos Transportadores', 'Distrito Industrial'],
  ['Rua', 'Sete de Setembro', 'Vila Nova'],
];

function entriesFor(m: Municipality): CepEndereco[] {
  return STREETS.map(([tipo, nome, bairro], i) => ({
    cep: `${m.cep}${String(100 + i * 110).padStart(3, '0')}`,
    tipo_logradouro: tipo,
    logradouro: `${tipo} ${nome}`,
    complemento: i === 3 ? 'lado par' : '',
    bairro,
    municipio: m.nome,
    uf: m.uf,
    codigo_ibge: m.ibge,
  }));
}

/** Built-in CEP table: five addresses per municipality, deterministic. */
export const ADDRESSES: ReadonlyMap<string, CepEndereco> = new Map(
  MUNICIPALITIES.flatMap(entriesFor).map((e) => [e.cep, e] as const),
);

/** First address of a municipality (used by the CNPJ data set). */
export function addressIn(ibge: string, index = 0): CepEndereco {
  const m = MUNICIPALITIES.find((x) => x.ibge === ibge);
  if (!m) throw new Error(`município ${ibge} fora da base do sandbox`);
  return entriesFor(m)[index % STREETS.length];
}
