import type { Migration } from '../migrations';

/**
 * The address book's search ignores accents as well as case: SQLite's LIKE folds only ASCII, so
 * "JOAO" never found "João". `nome_folded` keeps the name without diacritics, in lowercase; new
 * rows get it from the repository (NFD, marks removed), existing ones from the letters below,
 * which are the accented letters Portuguese (and its neighbours) write.
 */
export const migration: Migration = {
  id: 8,
  name: 'address-book-folded',
  sql: `
ALTER TABLE address_book ADD COLUMN nome_folded TEXT NOT NULL DEFAULT '';
UPDATE address_book SET nome_folded = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(nome, 'á', 'a'), 'à', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'), 'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ç', 'c'), 'ñ', 'n'), 'ý', 'y'), 'ÿ', 'y'), 'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a'), 'É', 'e'), 'È', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'Í', 'i'), 'Ì', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ó', 'o'), 'Ò', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'Ú', 'u'), 'Ù', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ç', 'c'), 'Ñ', 'n'), 'Ý', 'y'));
`,
};
