import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { Logger } from '../app/logger';

const MAX_BYTES = 2 * 1024 * 1024;

function format(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value)?.slice(0, 2000) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Log lines for support: the console while developing, `logs/carreta.log` in the user's folder for
 * an installed app (one previous file kept as carreta.old.log). Logging must never throw.
 */
export function createFileLogger(folder: string, mirror: Logger | null): Logger {
  const file = join(folder, 'carreta.log');
  let ready = false;

  function write(level: string, message: string, rest: unknown[]): void {
    try {
      if (!ready) {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        ready = true;
      }
      try {
        if (statSync(file).size > MAX_BYTES) renameSync(file, join(folder, 'carreta.old.log'));
      } catch {
        // No file yet.
      }
      const line = [new Date().toISOString(), level, message, ...rest.map(format)].join(' ');
      appendFileSync(file, line + '\n', { mode: 0o600 });
    } catch {
      // A full disk or a locked file must not take the app down with it.
    }
  }

  return {
    info(message, ...rest) {
      mirror?.info(message, ...rest);
      write('INFO', message, rest);
    },
    warn(message, ...rest) {
      mirror?.warn(message, ...rest);
      write('WARN', message, rest);
    },
    error(message, ...rest) {
      mirror?.error(message, ...rest);
      write('ERROR', message, rest);
    },
  };
}
