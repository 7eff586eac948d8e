// The accountant's export fetches, one file at a time, what this computer does not have yet: the
// same rules for the CT-e/DC-e files (complete.ts) and the MDF-e files (mdfe-files.ts). A file the
// API does not have is named so; once the API is found offline it is not asked again in this run,
// so an offline export ends at once.
import { isNotFound, isOffline } from '../sync/source';

export const NOT_FOUND = 'a API fiscal não tem este arquivo';
const OFFLINE = 'sem conexão com a API fiscal — exporte de novo quando a conexão voltar';
const NO_SOURCE =
  'não está no computador e não foi possível acessar a API fiscal — confira a conexão e as credenciais em Configurações';

/** Runs one fetch; answers null when done (or nothing to do), else why the file is missing. */
export type FetchAttempt<S> = (fetch: (source: S) => Promise<void>) => Promise<string | null>;

/** One run's fetches against `source` (null: no API to ask). */
export function fetchAttempts<S>(source: S | null): FetchAttempt<S> {
  let offline = source === null;
  const reasonOffline = source === null ? NO_SOURCE : OFFLINE;
  return async (fetch) => {
    if (offline || source === null) return reasonOffline;
    try {
      await fetch(source);
      return null;
    } catch (error) {
      if (isNotFound(error)) return NOT_FOUND;
      if (isOffline(error)) {
        offline = true;
        return OFFLINE;
      }
      return error instanceof Error ? error.message : String(error);
    }
  };
}
