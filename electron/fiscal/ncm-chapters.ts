// The chapters of the Nomenclatura Comum do Mercosul (NCM, the Harmonized System's 2-digit level):
// a DC-e item may carry the chapter alone (dce_v1.00.xsd, and dce-form.ts), so the clerk who declares
// "roupas usadas" finds 61/62 by the words of the description (issue 26). Titles summarised from the
// Tarifa Externa Comum's chapter headings (NCM/SH 2022, Resolução Gecex nº 272/2021, in force since
// 2022-04-01); chapter 77 is reserved by the HS and has no goods. A few everyday words a clerk types
// ("celular", "roupa", "remédio") are added where the title's own words would not find them.

export interface NcmChapter {
  code: string;
  title: string;
}

const CHAPTERS: readonly (readonly [string, string, string?])[] = [
  ['01', 'Animais vivos'],
  ['02', 'Carnes e miudezas comestíveis'],
  ['03', 'Peixes, crustáceos, moluscos e outros invertebrados aquáticos'],
  ['04', 'Leite e laticínios; ovos; mel natural', 'queijo manteiga iogurte'],
  ['05', 'Outros produtos de origem animal'],
  ['06', 'Plantas vivas e produtos de floricultura', 'flores mudas'],
  ['07', 'Produtos hortícolas, plantas, raízes e tubérculos comestíveis', 'legumes verduras'],
  ['08', 'Frutas; cascas de citros e de melões'],
  ['09', 'Café, chá, mate e especiarias'],
  ['10', 'Cereais', 'arroz milho trigo'],
  ['11', 'Produtos da indústria de moagem; malte; amidos', 'farinha'],
  ['12', 'Sementes e frutos oleaginosos; grãos, sementes e frutos diversos', 'soja'],
  ['13', 'Gomas, resinas e outros sucos e extratos vegetais'],
  ['14', 'Matérias para entrançar e outros produtos de origem vegetal'],
  ['15', 'Gorduras e óleos animais ou vegetais', 'azeite'],
  ['16', 'Preparações de carne, peixes ou crustáceos', 'embutidos conservas'],
  ['17', 'Açúcares e produtos de confeitaria', 'doces balas'],
  ['18', 'Cacau e suas preparações', 'chocolate'],
  ['19', 'Preparações à base de cereais, farinhas, amidos ou leite; pastelaria', 'biscoitos massas pães'],
  ['20', 'Preparações de produtos hortícolas, de frutas ou de outras partes de plantas', 'sucos geleias'],
  ['21', 'Preparações alimentícias diversas', 'temperos molhos'],
  ['22', 'Bebidas, líquidos alcoólicos e vinagres', 'cerveja vinho refrigerante água'],
  ['23', 'Resíduos das indústrias alimentares; alimentos para animais', 'ração'],
  ['24', 'Tabaco e seus sucedâneos'],
  ['25', 'Sal; enxofre; terras e pedras; gesso, cal e cimento'],
  ['26', 'Minérios, escórias e cinzas'],
  ['27', 'Combustíveis minerais, óleos minerais e produtos da sua destilação', 'combustível'],
  ['28', 'Produtos químicos inorgânicos'],
  ['29', 'Produtos químicos orgânicos'],
  ['30', 'Produtos farmacêuticos', 'remédios medicamentos'],
  ['31', 'Adubos ou fertilizantes'],
  ['32', 'Extratos tanantes e tintoriais; tintas e vernizes; tintas de escrever'],
  ['33', 'Óleos essenciais; perfumaria e cosméticos', 'perfume maquiagem'],
  ['34', 'Sabões, produtos de limpeza, ceras e velas', 'detergente'],
  ['35', 'Matérias albuminoides; colas; enzimas'],
  ['36', 'Pólvoras e explosivos; fósforos; artigos de pirotecnia'],
  ['37', 'Produtos para fotografia e cinematografia'],
  ['38', 'Produtos diversos das indústrias químicas'],
  ['39', 'Plásticos e suas obras', 'plástico'],
  ['40', 'Borracha e suas obras', 'pneus'],
  ['41', 'Peles, exceto as peles com pelo, e couros'],
  ['42', 'Obras de couro; artigos de viagem, bolsas', 'malas mochilas'],
  ['43', 'Peles com pelo e suas obras'],
  ['44', 'Madeira, carvão vegetal e obras de madeira'],
  ['45', 'Cortiça e suas obras'],
  ['46', 'Obras de cestaria'],
  ['47', 'Pastas de madeira; papel ou cartão para reciclar'],
  ['48', 'Papel e cartão; obras de pasta de celulose, de papel ou de cartão', 'caixas embalagens'],
  ['49', 'Livros, jornais, gravuras e outros produtos das indústrias gráficas', 'revistas impressos'],
  ['50', 'Seda'],
  ['51', 'Lã, pelos finos ou grosseiros; fios e tecidos de crina'],
  ['52', 'Algodão'],
  ['53', 'Outras fibras têxteis vegetais'],
  ['54', 'Filamentos sintéticos ou artificiais'],
  ['55', 'Fibras sintéticas ou artificiais descontínuas'],
  ['56', 'Pastas, feltros e falsos tecidos; cordéis e cordas'],
  ['57', 'Tapetes e outros revestimentos para pisos de matérias têxteis'],
  ['58', 'Tecidos especiais; rendas; tapeçarias; bordados'],
  ['59', 'Tecidos impregnados, revestidos ou estratificados'],
  ['60', 'Tecidos de malha'],
  ['61', 'Vestuário e seus acessórios, de malha', 'roupas camisetas'],
  ['62', 'Vestuário e seus acessórios, exceto de malha', 'roupas calças camisas'],
  ['63', 'Outros artigos têxteis confeccionados; roupas usadas e trapos', 'cama mesa banho'],
  ['64', 'Calçados e suas partes', 'sapatos tênis'],
  ['65', 'Chapéus e artigos de uso semelhante'],
  ['66', 'Guarda-chuvas, bengalas e chicotes'],
  ['67', 'Penas e penugem; flores artificiais; obras de cabelo'],
  ['68', 'Obras de pedra, gesso, cimento, amianto e mica'],
  ['69', 'Produtos cerâmicos', 'louça pisos azulejos'],
  ['70', 'Vidro e suas obras'],
  ['71', 'Pérolas, pedras preciosas, metais preciosos e bijuterias', 'joias'],
  ['72', 'Ferro fundido, ferro e aço'],
  ['73', 'Obras de ferro fundido, ferro ou aço'],
  ['74', 'Cobre e suas obras'],
  ['75', 'Níquel e suas obras'],
  ['76', 'Alumínio e suas obras'],
  ['78', 'Chumbo e suas obras'],
  ['79', 'Zinco e suas obras'],
  ['80', 'Estanho e suas obras'],
  ['81', 'Outros metais comuns; ceramais'],
  ['82', 'Ferramentas, cutelaria e talheres de metais comuns'],
  ['83', 'Obras diversas de metais comuns', 'fechaduras'],
  ['84', 'Máquinas, aparelhos e instrumentos mecânicos; reatores nucleares; caldeiras', 'computadores peças'],
  ['85', 'Máquinas, aparelhos e materiais elétricos; aparelhos de som e de televisão', 'celular eletrônicos'],
  ['86', 'Veículos e material para vias férreas'],
  ['87', 'Veículos automóveis, tratores, ciclos e suas partes', 'autopeças bicicletas motos'],
  ['88', 'Aeronaves e aparelhos espaciais'],
  ['89', 'Embarcações e estruturas flutuantes'],
  ['90', 'Instrumentos de óptica, fotografia, medida, médicos e cirúrgicos', 'óculos'],
  ['91', 'Artigos de relojoaria', 'relógios'],
  ['92', 'Instrumentos musicais'],
  ['93', 'Armas e munições'],
  ['94', 'Móveis; colchões; iluminação; construções pré-fabricadas', 'cadeiras mesas luminárias'],
  ['95', 'Brinquedos, jogos e artigos para esporte'],
  ['96', 'Obras diversas', 'canetas escovas'],
  ['97', 'Objetos de arte, de coleção e antiguidades'],
];

export const NCM_CHAPTERS: readonly NcmChapter[] = CHAPTERS.map(([code, title]) => ({ code, title }));

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
/** A word and its simple plural/singular read the same ("roupa" finds "roupas"). */
const stem = (word: string) => word.replace(/(oes|aes|ns|es|s)$/, '');
const WORDS = CHAPTERS.map(([, title, extra]) =>
  fold(`${title} ${extra ?? ''}`)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2)
    .map(stem),
);

/**
 * Chapters whose title (or everyday words) share a word with `text` — a chapter code typed matches
 * it too — the most words in common first; none for a text of no word.
 */
export function searchNcmChapters(text: string, limit = 5): NcmChapter[] {
  const query = fold(text);
  const code = /^\s*(\d{2})/.exec(query)?.[1];
  const words = query
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !/^\d+$/.test(w))
    .map(stem);
  const scored = NCM_CHAPTERS.map((chapter, i) => {
    const own = WORDS[i]!;
    let score = chapter.code === code ? 10 : 0;
    for (const w of words) if (own.some((o) => o === w || (w.length > 4 && o.startsWith(w)))) score += 1;
    return { chapter, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.chapter.code.localeCompare(b.chapter.code))
    .slice(0, limit)
    .map((s) => s.chapter);
}
