// NCM (Nomenclatura Comum do Mercosul) for the MDF-e's predominant product (prodPred/NCM, XSD
// mdfeTiposBasico: [0-9]{2}|[0-9]{8}, the chapter or the full code). The chapters are those of the
// Harmonized System the NCM follows (TEC/NCM, Decreto 11.158/2022 Tabela da TIPI; chapter 77 is
// reserved); the full 8-digit codes a carrier meets come from the NF-e it carries. Any well-formed
// code is accepted: the table only helps to find one (new codes appear), it never refuses.
// Pure.

/** The 96 chapters (2 digits) with their titles, shortened where the official title runs long. */
export const NCM_CAPITULOS: Readonly<Record<string, string>> = {
  '01': 'Animais vivos',
  '02': 'Carnes e miudezas comestíveis',
  '03': 'Peixes e crustáceos, moluscos e outros invertebrados aquáticos',
  '04': 'Leite e laticínios; ovos de aves; mel natural',
  '05': 'Outros produtos de origem animal',
  '06': 'Plantas vivas e produtos de floricultura',
  '07': 'Produtos hortícolas, plantas, raízes e tubérculos comestíveis',
  '08': 'Frutas; cascas de citros e de melões',
  '09': 'Café, chá, mate e especiarias',
  '10': 'Cereais',
  '11': 'Produtos da indústria de moagem; malte; amidos e féculas; glúten de trigo',
  '12': 'Sementes e frutos oleaginosos; grãos, sementes e frutos diversos; plantas industriais; palhas e forragens',
  '13': 'Gomas, resinas e outros sucos e extratos vegetais',
  '14': 'Matérias para entrançar e outros produtos de origem vegetal',
  '15': 'Gorduras e óleos animais, vegetais ou de origem microbiana; ceras',
  '16': 'Preparações de carne, de peixes, de crustáceos ou de moluscos',
  '17': 'Açúcares e produtos de confeitaria',
  '18': 'Cacau e suas preparações',
  '19': 'Preparações à base de cereais, farinhas, amidos, féculas ou leite; produtos de pastelaria',
  '20': 'Preparações de produtos hortícolas, de frutas ou de outras partes de plantas',
  '21': 'Preparações alimentícias diversas',
  '22': 'Bebidas, líquidos alcoólicos e vinagres',
  '23': 'Resíduos e desperdícios das indústrias alimentares; alimentos preparados para animais (rações)',
  '24': 'Tabaco e seus sucedâneos manufaturados',
  '25': 'Sal; enxofre; terras e pedras; gesso, cal e cimento',
  '26': 'Minérios, escórias e cinzas',
  '27': 'Combustíveis minerais, óleos minerais e produtos da sua destilação; matérias betuminosas; ceras minerais',
  '28': 'Produtos químicos inorgânicos',
  '29': 'Produtos químicos orgânicos',
  '30': 'Produtos farmacêuticos',
  '31': 'Adubos (fertilizantes)',
  '32': 'Extratos tanantes e tintoriais; pigmentos; tintas e vernizes; mástiques; tintas de escrever',
  '33': 'Óleos essenciais e resinoides; produtos de perfumaria ou de toucador; cosméticos',
  '34': 'Sabões, agentes orgânicos de superfície, preparações para lavagem e lubrificantes; ceras e velas',
  '35': 'Matérias albuminoides; amidos modificados; colas; enzimas',
  '36': 'Pólvoras e explosivos; artigos de pirotecnia; fósforos',
  '37': 'Produtos para fotografia e cinematografia',
  '38': 'Produtos diversos das indústrias químicas',
  '39': 'Plásticos e suas obras',
  '40': 'Borracha e suas obras',
  '41': 'Peles, exceto as peles com pelo, e couros',
  '42': 'Obras de couro; artigos de correeiro ou de seleiro; artigos de viagem, bolsas',
  '43': 'Peles com pelo e suas obras; peles com pelo artificiais',
  '44': 'Madeira, carvão vegetal e obras de madeira',
  '45': 'Cortiça e suas obras',
  '46': 'Obras de espartaria ou de cestaria',
  '47': 'Pastas de madeira ou de outras matérias fibrosas celulósicas; papel ou cartão para reciclar',
  '48': 'Papel e cartão; obras de pasta de celulose, de papel ou de cartão',
  '49': 'Livros, jornais, gravuras e outros produtos das indústrias gráficas',
  '50': 'Seda',
  '51': 'Lã, pelos finos ou grosseiros; fios e tecidos de crina',
  '52': 'Algodão',
  '53': 'Outras fibras têxteis vegetais; fios de papel e tecidos de fios de papel',
  '54': 'Filamentos sintéticos ou artificiais',
  '55': 'Fibras sintéticas ou artificiais, descontínuas',
  '56': 'Pastas, feltros e falsos tecidos; fios especiais; cordéis, cordas e cabos',
  '57': 'Tapetes e outros revestimentos para pisos, de matérias têxteis',
  '58': 'Tecidos especiais; tecidos tufados; rendas; tapeçarias; bordados',
  '59': 'Tecidos impregnados, revestidos, recobertos ou estratificados; artigos para usos técnicos',
  '60': 'Tecidos de malha',
  '61': 'Vestuário e seus acessórios, de malha',
  '62': 'Vestuário e seus acessórios, exceto de malha',
  '63': 'Outros artefatos têxteis confeccionados; sortidos; artefatos de matérias têxteis usados; trapos',
  '64': 'Calçados, polainas e artefatos semelhantes; suas partes',
  '65': 'Chapéus e outros artefatos de uso semelhante, e suas partes',
  '66': 'Guarda-chuvas, sombrinhas, guarda-sóis, bengalas, chicotes, e suas partes',
  '67': 'Penas e penugem preparadas; flores artificiais; obras de cabelo',
  '68': 'Obras de pedra, gesso, cimento, amianto, mica ou de matérias semelhantes',
  '69': 'Produtos cerâmicos',
  '70': 'Vidro e suas obras',
  '71': 'Pérolas, pedras preciosas, metais preciosos e suas obras; bijuterias; moedas',
  '72': 'Ferro fundido, ferro e aço',
  '73': 'Obras de ferro fundido, ferro ou aço',
  '74': 'Cobre e suas obras',
  '75': 'Níquel e suas obras',
  '76': 'Alumínio e suas obras',
  '78': 'Chumbo e suas obras',
  '79': 'Zinco e suas obras',
  '80': 'Estanho e suas obras',
  '81': 'Outros metais comuns; ceramais; obras dessas matérias',
  '82': 'Ferramentas, artefatos de cutelaria e talheres, de metais comuns',
  '83': 'Obras diversas de metais comuns',
  '84': 'Reatores nucleares, caldeiras, máquinas, aparelhos e instrumentos mecânicos, e suas partes',
  '85': 'Máquinas, aparelhos e materiais elétricos; aparelhos de som e de imagem, e suas partes',
  '86': 'Veículos e material para vias férreas; aparelhos de sinalização',
  '87': 'Veículos automóveis, tratores, ciclos e outros veículos terrestres, suas partes e acessórios',
  '88': 'Aeronaves e aparelhos espaciais, e suas partes',
  '89': 'Embarcações e estruturas flutuantes',
  '90': 'Instrumentos e aparelhos de óptica, fotografia, medida, controle, médico-cirúrgicos',
  '91': 'Artigos de relojoaria',
  '92': 'Instrumentos musicais, suas partes e acessórios',
  '93': 'Armas e munições; suas partes e acessórios',
  '94': 'Móveis; mobiliário médico-cirúrgico; colchões e semelhantes; iluminação; construções pré-fabricadas',
  '95': 'Brinquedos, jogos, artigos para divertimento ou para esporte',
  '96': 'Obras diversas',
  '97': 'Objetos de arte, de coleção e antiguidades',
};

/** prodPred/NCM as the layout takes it: the chapter (2 digits) or the full code (8 digits). */
export const NCM_PATTERN = /^(\d{2}|\d{8})$/;

/** "8471.30.12", " 84713012 " → "84713012"; other text comes back trimmed, for the pattern to refuse. */
export function normalizeNcm(value: unknown): string {
  if (typeof value !== 'string') return '';
  const t = value.trim();
  return /^[\d.\s-]+$/.test(t) ? t.replace(/[.\s-]/g, '') : t;
}

export function isValidNcm(value: unknown): boolean {
  return NCM_PATTERN.test(normalizeNcm(value));
}

/** The chapter's title of a code ('' for a reserved or unknown chapter). */
export function ncmChapterOf(ncm: string): string {
  return NCM_CAPITULOS[normalizeNcm(ncm).slice(0, 2)] ?? '';
}

export interface NcmOption {
  ncm: string;
  descricao: string;
  /** Where it came from: the trip's NF-e, or the chapter table. */
  origem: 'nfe' | 'capitulo';
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const wordsOf = (s: string) =>
  fold(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The codes whose description has a word starting with each word of `query` (accents and case ignored), or whose
 * digits start with it: the `known` ones (the trip's NF-e) first, then the chapters. At most `limit`.
 */
export function searchNcm(query: string, known: readonly NcmOption[] = [], limit = 20): NcmOption[] {
  const q = typeof query === 'string' ? fold(query.trim()) : '';
  // Sorted: '10'…'97' are integer-like keys, which objects list before '01'…'09'.
  const chapters: NcmOption[] = Object.entries(NCM_CAPITULOS)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ncm, descricao]) => ({
      ncm,
      descricao,
      origem: 'capitulo',
    }));
  const seen = new Set<string>();
  const all = [...(Array.isArray(known) ? known : []), ...chapters].filter((o) => {
    if (!o || typeof o.ncm !== 'string' || seen.has(o.ncm)) return false;
    seen.add(o.ncm);
    return true;
  });
  if (q === '') return all.slice(0, limit);
  const digits = q.replace(/[.\s-]/g, '');
  const words = q.split(/\s+/).filter(Boolean);
  return all
    .filter((o) =>
      /^\d+$/.test(digits)
        ? o.ncm.startsWith(digits) || digits.startsWith(o.ncm)
        : words.every((w) => wordsOf(o.descricao).some((d) => d.startsWith(w))),
    )
    .slice(0, limit);
}

/**
 * Everyday words a clerk types that the chapter's title does not carry ("celular", "roupas",
 * "remédios"), so a DC-e item's description finds its chapter (issue 26).
 */
const NCM_PALAVRAS: Readonly<Record<string, string>> = {
  '04': 'queijo manteiga iogurte',
  '06': 'flores mudas',
  '07': 'legumes verduras',
  '10': 'arroz milho trigo',
  '11': 'farinha',
  '12': 'soja',
  '15': 'azeite',
  '16': 'embutidos conservas',
  '17': 'doces balas',
  '18': 'chocolate',
  '19': 'biscoitos massas pães',
  '20': 'sucos geleias',
  '21': 'temperos molhos',
  '22': 'cerveja vinho refrigerante água',
  '23': 'ração',
  '27': 'combustível',
  '30': 'remédios medicamentos',
  '33': 'perfume maquiagem',
  '34': 'detergente limpeza',
  '39': 'plástico',
  '40': 'pneus',
  '42': 'malas mochilas',
  '48': 'caixas embalagens',
  '49': 'revistas impressos',
  '61': 'roupas camisetas',
  '62': 'roupas calças camisas',
  '63': 'roupas usadas cama mesa banho',
  '64': 'sapatos tênis',
  '69': 'louça pisos azulejos',
  '71': 'joias',
  '83': 'fechaduras',
  '84': 'computadores peças',
  '85': 'celular eletrônicos',
  '87': 'autopeças bicicletas motos',
  '90': 'óculos',
  '91': 'relógios',
  '94': 'cadeiras mesas luminárias',
  '96': 'canetas escovas',
};

export interface NcmChapter {
  code: string;
  title: string;
}

/** A word and its simple plural/singular read the same ("roupa" finds "roupas"). */
const stem = (word: string) => word.replace(/(oes|aes|ns|es|s)$/, '');
const wordsForSuggestion = (text: string) =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !/^\d+$/.test(w))
    .map(stem);

const CHAPTER_WORDS = Object.entries(NCM_CAPITULOS).map(([code, title]) => ({
  chapter: { code, title },
  words: wordsForSuggestion(`${title} ${NCM_PALAVRAS[code] ?? ''}`),
}));

/**
 * Chapters whose title (or everyday words) share a word with a free description — a chapter code
 * typed first matches it too — the most words in common first; none for a text of no word.
 */
export function suggestNcmChapters(text: string, limit = 5): NcmChapter[] {
  const query = typeof text === 'string' ? fold(text) : '';
  const code = /^\s*(\d{2})/.exec(query)?.[1];
  const words = wordsForSuggestion(query);
  return CHAPTER_WORDS.map(({ chapter, words: own }) => {
    let score = chapter.code === code ? 10 : 0;
    for (const w of words) if (own.some((o) => o === w || (w.length > 4 && o.startsWith(w)))) score += 1;
    return { chapter, score };
  })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.chapter.code.localeCompare(b.chapter.code))
    .slice(0, limit)
    .map((s) => s.chapter);
}
