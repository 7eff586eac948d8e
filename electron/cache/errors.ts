import { AppError } from '../shared/errors';

/** SQLite result codes that mean the file itself is damaged or is not a database at all. */
const CORRUPT_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);
/** Another process (a second Carreta window, an antivirus scan, a sync tool) holds the file. */
const LOCKED_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

export function sqliteCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function describe(file: string, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return `${file}: ${text}`;
}

export function cacheCorruptError(file: string, cause: unknown): AppError {
  return new AppError(
    'cache_corrupt',
    'Não foi possível abrir o banco de dados local: o arquivo está danificado ou não é um banco de dados ' +
      'do Carreta. Você pode restaurar uma cópia de segurança (backup) para recuperar os dados; os documentos ' +
      'emitidos continuam disponíveis na Nuvem Fiscal e podem ser sincronizados de novo.',
    { detail: describe(file, cause), cause },
  );
}

/**
 * Turns a failure while opening the cache into something the user can act on. Anything that is
 * not recognisably corruption or a lock is reported as "unavailable" (permissions, disk full,
 * missing folder), never as corruption, so nobody restores a backup over a healthy file.
 */
export function openFailure(file: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = sqliteCode(error);
  if (code !== undefined && CORRUPT_CODES.has(code)) return cacheCorruptError(file, error);
  if (code !== undefined && LOCKED_CODES.has(code)) {
    return new AppError(
      'cache_locked',
      'O banco de dados local está em uso por outro programa ou por outra janela do Carreta. ' +
        'Feche as outras janelas do Carreta e tente novamente.',
      { detail: describe(file, error), cause: error },
    );
  }
  return new AppError(
    'cache_unavailable',
    'Não foi possível abrir o banco de dados local. Verifique se há espaço em disco e se a pasta de dados ' +
      'do Carreta pode ser gravada; depois tente novamente.',
    { detail: describe(file, error), cause: error },
  );
}
