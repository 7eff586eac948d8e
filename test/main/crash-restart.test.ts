// The main process's uncaught-exception policy (crash-restart.ts): log, close the services within
// a bound, relaunch clean — and never loop: the restarts of the last ten minutes travel with the
// relaunch, and the fourth fault in a row leaves the app closed with a message.
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  createCrashHandler,
  CRASH_DISPOSE_MS,
  CRASH_WINDOW_MS,
  MAX_CRASH_RESTARTS,
  restartsSoFar,
  RESTART_FLAG,
} from '../../electron/main/crash-restart';

afterEach(() => vi.useRealTimers());

const NOW = Date.parse('2026-11-28T12:00:00Z');

function harness(args: string[], dispose: () => Promise<void> = async () => undefined) {
  const lines: string[] = [];
  const deps = {
    logger: () => ({
      info: () => undefined,
      warn: () => undefined,
      error: (message: string) => lines.push(message),
    }),
    args,
    now: () => NOW,
    dispose: vi.fn(dispose),
    relaunch: vi.fn(),
    exit: vi.fn(),
    showError: vi.fn(),
    logFolder: () => 'C:\\Users\\ana\\AppData\\Roaming\\Carreta\\logs',
  };
  return { deps, lines, handle: createCrashHandler(deps) };
}

describe('restart after an uncaught exception', () => {
  it('logs it, closes the services, relaunches with the same arguments and a count, exits 0', async () => {
    const { deps, lines, handle } = harness(['.', '--inspect-brk=0', `${RESTART_FLAG}1:${NOW - 60_000}`]);
    handle(new Error('estado desconhecido'));
    await vi.waitFor(() => expect(deps.exit).toHaveBeenCalledWith(0));
    expect(lines[0]).toBe('uncaught exception: restarting the app');
    expect(deps.dispose).toHaveBeenCalledTimes(1);
    expect(deps.relaunch).toHaveBeenCalledWith(['.', '--inspect-brk=0', `${RESTART_FLAG}2:${NOW - 60_000}`]);
  });

  it('a second fault while restarting is logged and does not restart twice', async () => {
    let finish!: () => void;
    const { deps, lines, handle } = harness(['.'], () => new Promise((resolve) => (finish = resolve)));
    handle(new Error('um'));
    await vi.waitFor(() => expect(deps.dispose).toHaveBeenCalledTimes(1));
    handle(new Error('dois'));
    finish();
    await vi.waitFor(() => expect(deps.exit).toHaveBeenCalledTimes(1));
    expect(deps.relaunch).toHaveBeenCalledTimes(1);
    expect(deps.relaunch).toHaveBeenCalledWith(['.', `${RESTART_FLAG}1:${NOW}`]);
    expect(lines).toContain('uncaught exception while restarting');
  });

  it('services that hang or fail to close do not hold the restart', async () => {
    vi.useFakeTimers();
    const hanging = harness(['.'], () => new Promise(() => undefined));
    hanging.handle(new Error('x'));
    await vi.advanceTimersByTimeAsync(CRASH_DISPOSE_MS - 1);
    expect(hanging.deps.exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(hanging.deps.exit).toHaveBeenCalledWith(0);
    const failing = harness(['.'], () => Promise.reject(new Error('sqlite')));
    failing.handle(new Error('y'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.deps.relaunch).toHaveBeenCalledTimes(1);
    expect(failing.lines).toContain('dispose after crash failed');
  });

  it(`gives up after ${MAX_CRASH_RESTARTS} restarts in ${CRASH_WINDOW_MS / 60_000} minutes, with a Portuguese message`, async () => {
    const { deps, handle } = harness(['.', `${RESTART_FLAG}3:${NOW - 5 * 60_000}`]);
    handle(new Error('sempre'));
    await vi.waitFor(() => expect(deps.exit).toHaveBeenCalledWith(1));
    expect(deps.relaunch).not.toHaveBeenCalled();
    expect(deps.showError).toHaveBeenCalledWith(
      'O Carreta foi fechado',
      'O Carreta encontrou um erro inesperado e já foi reiniciado 3 vezes em poucos minutos. Para não arriscar ' +
        'os seus dados, ele foi fechado. Abra-o de novo; se o erro continuar, fale com o suporte e envie o ' +
        'arquivo de registro da pasta C:\\Users\\ana\\AppData\\Roaming\\Carreta\\logs.',
    );
  });

  it('restarts older than the window, or a flag that is not ours, count for nothing', () => {
    expect(restartsSoFar(['.', `${RESTART_FLAG}3:${NOW - CRASH_WINDOW_MS - 1}`], NOW)).toEqual({
      count: 0,
      since: NOW,
    });
    expect(restartsSoFar(['.', `${RESTART_FLAG}2:${NOW - 1000}`], NOW)).toEqual({
      count: 2,
      since: NOW - 1000,
    });
    expect(restartsSoFar(['.', `${RESTART_FLAG}9:${NOW + 1000}`], NOW)).toEqual({ count: 0, since: NOW });
    expect(restartsSoFar(['.', `${RESTART_FLAG}abc`], NOW)).toEqual({ count: 0, since: NOW });
  });
});
