/**
 * Real municipalities (IBGE codes verified with the IBGE check digit; the 2 first digits are
 * the UF code) used by the sandbox's built-in address and CNPJ data. `cep` is the first five
 * digits of a CEP range the Correios assign to the city. `tom` (Receita Federal's TOM code) is
 * given only where known.
 */
export interface Municipality {
  ibge: string;
  nome: string;
  uf: string;
  cep: string;
  tom?: string;
}

export const MUNICIPALITIES: Municipality[] = [
  { ibge: '3550308', nome: 'São Paulo', uf: 'SP', cep: '01310', tom: '7107' },
  { ibge: '3509502', nome: 'Campinas', uf: 'SP', cep: '13015' },
  { ibge: '3548500', nome: 'Santos', uf: 'SP', cep: '11010' },
  { ibge: '3518800', nome: 'Guarulhos', uf: 'SP', cep: '07010' },
  { ibge: '3543402', nome: 'Ribeirão Preto', uf: 'SP', cep: '14010' },
  { ibge: '3552205', nome: 'Sorocaba', uf: 'SP', cep: '18010' },
  { ibge: '3549904', nome: 'São José dos Campos', uf: 'SP', cep: '12210' },
  { ibge: '3304557', nome: 'Rio de Janeiro', uf: 'RJ', cep: '20040', tom: '6001' },
  { ibge: '3303302', nome: 'Niterói', uf: 'RJ', cep: '24020' },
  { ibge: '3106200', nome: 'Belo Horizonte', uf: 'MG', cep: '30130', tom: '4123' },
  { ibge: '3170206', nome: 'Uberlândia', uf: 'MG', cep: '38400' },
  { ibge: '3118601', nome: 'Contagem', uf: 'MG', cep: '32010' },
  { ibge: '3136702', nome: 'Juiz de Fora', uf: 'MG', cep: '36010' },
  { ibge: '4106902', nome: 'Curitiba', uf: 'PR', cep: '80010', tom: '7535' },
  { ibge: '4113700', nome: 'Londrina', uf: 'PR', cep: '86010' },
  { ibge: '4115200', nome: 'Maringá', uf: 'PR', cep: '87013' },
  { ibge: '4314902', nome: 'Porto Alegre', uf: 'RS', cep: '90010', tom: '8801' },
  { ibge: '4305108', nome: 'Caxias do Sul', uf: 'RS', cep: '95010' },
  { ibge: '4205407', nome: 'Florianópolis', uf: 'SC', cep: '88010' },
  { ibge: '4209102', nome: 'Joinville', uf: 'SC', cep: '89201' },
  { ibge: '4202404', nome: 'Blumenau', uf: 'SC', cep: '89010' },
  { ibge: '4208203', nome: 'Itajaí', uf: 'SC', cep: '88301' },
  { ibge: '2927408', nome: 'Salvador', uf: 'BA', cep: '40020' },
  { ibge: '2910800', nome: 'Feira de Santana', uf: 'BA', cep: '44001' },
  { ibge: '2611606', nome: 'Recife', uf: 'PE', cep: '50030' },
  { ibge: '2304400', nome: 'Fortaleza', uf: 'CE', cep: '60030' },
  { ibge: '5208707', nome: 'Goiânia', uf: 'GO', cep: '74003' },
  { ibge: '5201108', nome: 'Anápolis', uf: 'GO', cep: '75020' },
  { ibge: '5300108', nome: 'Brasília', uf: 'DF', cep: '70040', tom: '9701' },
  { ibge: '5002704', nome: 'Campo Grande', uf: 'MS', cep: '79002' },
  { ibge: '5103403', nome: 'Cuiabá', uf: 'MT', cep: '78005' },
  { ibge: '1302603', nome: 'Manaus', uf: 'AM', cep: '69005' },
  { ibge: '1501402', nome: 'Belém', uf: 'PA', cep: '66010' },
  { ibge: '3205309', nome: 'Vitória', uf: 'ES', cep: '29010' },
  { ibge: '3205002', nome: 'Serra', uf: 'ES', cep: '29160' },
  { ibge: '2408102', nome: 'Natal', uf: 'RN', cep: '59012' },
  { ibge: '2507507', nome: 'João Pessoa', uf: 'PB', cep: '58010' },
  { ibge: '2704302', nome: 'Maceió', uf: 'AL', cep: '57020' },
  { ibge: '2800308', nome: 'Aracaju', uf: 'SE', cep: '49010' },
  { ibge: '2211001', nome: 'Teresina', uf: 'PI', cep: '64000' },
  { ibge: '2111300', nome: 'São Luís', uf: 'MA', cep: '65010' },
  { ibge: '1721000', nome: 'Palmas', uf: 'TO', cep: '77001' },
  { ibge: '1100205', nome: 'Porto Velho', uf: 'RO', cep: '76801' },
  { ibge: '1200401', nome: 'Rio Branco', uf: 'AC', cep: '69900' },
  { ibge: '1400100', nome: 'Boa Vista', uf: 'RR', cep: '69301' },
  { ibge: '1600303', nome: 'Macapá', uf: 'AP', cep: '68900' },
];
