// The IBGE municipality table for the place pickers. The data (municipios-brasil, ~1 MB) is
// imported on the first search, on the main side only, so it costs neither the renderer bundle nor
// the app's start-up.
import { EXTERIOR_MUNICIPIO, isValidIbgeMunicipio, normalizeIbgeCode } from '../fiscal/ibge';

export interface MunicipioEntry {
  codigo: string;
  nome: string;
  uf: string;
}

interface Indexed extends MunicipioEntry {
  key: string;
  words: string[];
}

export type MunicipioSource = () => Promise<readonly { codigoIbge: number; nome: string; uf: string }[]>;

export const MUNICIPIO_SEARCH_LIMIT = 20;
export const IBGE_NOT_IN_TABLE = 'Código IBGE não encontrado na tabela do IBGE; confira antes de emitir.';

/** Lower case, no accents, punctuation (hyphens, apostrophes) as spaces: "Pau-d'Arco" → "pau d arco". */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const packageSource: MunicipioSource = async () => {
  const { carregarMunicipios } = await import('municipios-brasil');
  return (await carregarMunicipios()).listar();
};

// Lower is better: the whole name, its start, the start of a later word, anywhere.
function rankOf(entry: Indexed, query: string): number {
  if (entry.key === query) return 0;
  if (entry.key.startsWith(query)) return 1;
  if (entry.words.some((_, i) => i > 0 && entry.words.slice(i).join(' ').startsWith(query))) return 2;
  return entry.key.includes(query) ? 3 : -1;
}

export class MunicipioTable {
  private loading: Promise<{ list: Indexed[]; byCode: Map<string, Indexed> }> | null = null;

  constructor(private readonly source: MunicipioSource = packageSource) {}

  private table(): Promise<{ list: Indexed[]; byCode: Map<string, Indexed> }> {
    this.loading ??= this.source().then(
      (rows) => {
        const list = rows.map((row) => {
          const key = foldName(row.nome);
          return { codigo: String(row.codigoIbge), nome: row.nome, uf: row.uf, key, words: key.split(' ') };
        });
        list.sort((a, b) => a.key.localeCompare(b.key) || a.uf.localeCompare(b.uf));
        return { list, byCode: new Map(list.map((entry) => [entry.codigo, entry])) };
      },
      (error: unknown) => {
        // A failed import may succeed on the next try (e.g. a file briefly locked by an antivirus).
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  async all(): Promise<MunicipioEntry[]> {
    return (await this.table()).list.map(toEntry);
  }

  async get(codigo: string): Promise<MunicipioEntry | null> {
    const found = (await this.table()).byCode.get(normalizeIbgeCode(codigo));
    return found ? toEntry(found) : null;
  }

  /** Ranked by how the name matches, then alphabetically; a 7-digit code finds its municipality. */
  async search(query: string, uf?: string, limit = MUNICIPIO_SEARCH_LIMIT): Promise<MunicipioEntry[]> {
    const { list, byCode } = await this.table();
    const digits = query.replace(/[.\-\s]/g, '');
    if (/^\d+$/.test(digits)) {
      // Digits search the codes: a whole code finds one municipality, a prefix lists its neighbours.
      if (digits.length === 7) return byCode.has(digits) ? [toEntry(byCode.get(digits)!)] : [];
      return list
        .filter((entry) => entry.codigo.startsWith(digits) && (!uf || entry.uf === uf))
        .sort((a, b) => a.codigo.localeCompare(b.codigo))
        .slice(0, limit)
        .map(toEntry);
    }
    const folded = foldName(query);
    if (!folded) return [];
    const ranked: { entry: Indexed; rank: number }[] = [];
    for (const entry of list) {
      if (uf && entry.uf !== uf) continue;
      const rank = rankOf(entry, folded);
      if (rank >= 0) ranked.push({ entry, rank });
    }
    // The list is already alphabetical and sort is stable: ranking keeps A→Z within a rank.
    ranked.sort((a, b) => a.rank - b.rank);
    return ranked.slice(0, limit).map(({ entry }) => toEntry(entry));
  }

  /**
   * A structurally valid code the table lacks gets a warning, never a refusal (DESIGN.md: new
   * municipalities appear before any table has them). Invalid codes are the validators' business.
   */
  async warningFor(codigo: string): Promise<string | null> {
    const code = normalizeIbgeCode(codigo);
    if (code === EXTERIOR_MUNICIPIO || !isValidIbgeMunicipio(code)) return null;
    return (await this.table()).byCode.has(code) ? null : IBGE_NOT_IN_TABLE;
  }
}

function toEntry(entry: Indexed): MunicipioEntry {
  return { codigo: entry.codigo, nome: entry.nome, uf: entry.uf };
}
