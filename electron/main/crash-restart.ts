// After an uncaught exception the main process is in a state nobody planned: the outbox, the cache
// and the local sandbox may be half-way through something. Running on would risk sending or saving
// from that state, so the error is logged and the app starts again clean (app.relaunch + exit),
// after a short, bounded attempt to close the services (SQLite checkpoint, the local sandbox). A
// fault that comes back at every start must not turn into a restart loop: past a few restarts in a
// few minutes the app says so and stays closed.
import type { Logger } from '../app/logger';

/** How many automatic restarts in how long before the app gives up. */
export const MAX_CRASH_RESTARTS = 3;
export const CRASH_WINDOW_MS = 10 * 60_000;
/** How long closing the services may take before the restart goes ahead anyway. */
export const CRASH_DISPOSE_MS = 3000;
/** Carried to the next instance: `--carreta-crash-restarts=<count>:<first restart, epoch ms>`. */
export const RESTART_FLAG = '--carreta-crash-restarts=';

export interface CrashRestartDeps {
  logger: () => Logger;
  /** The arguments of this instance (process.argv.slice(1)). */
  args: string[];
  now?: () => number;
  /** Closes the services; may hang or fail — it gets CRASH_DISPOSE_MS. */
  dispose: () => Promise<void>;
  relaunch: (args: string[]) => void;
  exit: (code: number) => void;
  showError: (title: string, message: string) => void;
  logFolder: () => string;
}

/** The restarts this instance descends from, within the window (none when older or absent). */
export function restartsSoFar(args: readonly string[], now: number): { count: number; since: number } {
  const flag = args.find((a) => a.startsWith(RESTART_FLAG));
  const match = flag ? /^(\d{1,3}):(\d{1,15})$/.exec(flag.slice(RESTART_FLAG.length)) : null;
  if (!match) return { count: 0, since: now };
  const count = Number(match[1]);
  const since = Number(match[2]);
  if (!(since <= now && now - since <= CRASH_WINDOW_MS)) return { count: 0, since: now };
  return { count, since };
}

/** The `uncaughtException` handler of the main process. */
export function createCrashHandler(deps: CrashRestartDeps): (error: unknown) => void {
  let handling = false;
  return (error) => {
    const logger = deps.logger();
    if (handling) {
      // A second fault while closing: logged; the restart already under way goes on.
      logger.error('uncaught exception while restarting', error);
      return;
    }
    handling = true;
    logger.error('uncaught exception: restarting the app', error);
    const now = (deps.now ?? Date.now)();
    const before = restartsSoFar(deps.args, now);
    const giveUp = before.count >= MAX_CRASH_RESTARTS;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CRASH_DISPOSE_MS).unref());
    const disposed = Promise.resolve()
      .then(() => deps.dispose())
      .catch((e: unknown) => logger.error('dispose after crash failed', e));
    void Promise.race([disposed, timeout]).then(() => {
      if (giveUp) {
        logger.error(
          `${before.count} restarts after errors in ${Math.round((now - before.since) / 1000)} s: not restarting`,
        );
        deps.showError(
          'O Carreta foi fechado',
          `O Carreta encontrou um erro inesperado e já foi reiniciado ${before.count} vezes em poucos minutos. ` +
            'Para não arriscar os seus dados, ele foi fechado. Abra-o de novo; se o erro continuar, fale com o ' +
            `suporte e envie o arquivo de registro da pasta ${deps.logFolder()}.`,
        );
        deps.exit(1);
        return;
      }
      const args = deps.args.filter((a) => !a.startsWith(RESTART_FLAG));
      deps.relaunch([...args, `${RESTART_FLAG}${before.count + 1}:${before.since}`]);
      deps.exit(0);
    });
  };
}
