import type { Notice } from '../../shared/schemas/app';

/**
 * What the host found while opening its files, for the user: the window is not open yet, so the
 * notices wait here and `app:info` hands each one to the renderer once.
 */
export class StartupNotices {
  private readonly pending: Notice[] = [];

  add(notice: Notice): void {
    this.pending.push(notice);
  }

  /** The notices not yet shown; each is handed out once. */
  take(): Notice[] {
    return this.pending.splice(0);
  }
}

/** The user's words for a store file that was damaged, and what the app did about it. */
export function damagedFileNotice(what: string, consequence: string, copy: string | null): Notice {
  return {
    severity: 'warn',
    summary: `O arquivo de ${what} estava danificado`,
    detail:
      `Ele não pôde ser lido, por isso ${consequence}. ` +
      (copy === null
        ? 'Não foi possível guardar uma cópia do arquivo danificado.'
        : `Uma cópia do arquivo danificado foi guardada em ${copy}.`),
  };
}
