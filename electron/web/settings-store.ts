import Conf from 'conf';

import type { SettingsStore } from '../app/host';
import type { Logger } from '../app/logger';
import type { Settings } from '../shared/schemas/settings';
import {
  defaultSettings,
  settingsPatchSchema,
  settingsSchema,
  upgradeSettings,
} from '../shared/schemas/settings';
import { AppError } from '../shared/errors';
import { describeIssues } from '../app/dispatcher';

/**
 * Settings of the web host: a JSON file in the data folder, handled by `conf`. Whatever is on disk
 * is re-validated on every read, so a hand-edited or half-written file cannot reach the services;
 * in that case the defaults apply (demonstração), which is always a safe place to start from.
 */
export function createWebSettingsStore(dataDir: string, logger: Logger): SettingsStore {
  // `conf` merges its defaults into what it reads: the upgrade markers must come from the file only,
  // or an old file would look upgraded.
  const { upgrades: _fresh, ...defaults } = defaultSettings;
  const conf = new Conf<Settings>({
    cwd: dataDir,
    configName: 'settings',
    // Readable by the user only (POSIX; Windows ignores the mode).
    configFileMode: 0o600,
    defaults,
    // Unparseable JSON starts over from the defaults instead of stopping the host.
    clearInvalidConfig: true,
  });

  const read = (): Settings => {
    let raw: unknown;
    try {
      raw = conf.store;
    } catch (error) {
      logger.warn('settings: could not read the settings file, using defaults', error);
      return structuredClone(defaultSettings);
    }
    const parsed = settingsSchema.safeParse(raw);
    if (parsed.success) {
      const upgraded = upgradeSettings(parsed.data);
      if (upgraded === null) return parsed.data;
      conf.store = upgraded;
      return upgraded;
    }
    logger.warn(`settings: invalid settings file, using defaults (${describeIssues(parsed.error).message})`);
    return structuredClone(defaultSettings);
  };

  return {
    get: read,
    update(patch) {
      const checkedPatch = settingsPatchSchema.safeParse(patch);
      const next = checkedPatch.success
        ? settingsSchema.safeParse({ ...read(), ...checkedPatch.data })
        : checkedPatch;
      if (!next.success) {
        const { message, fields } = describeIssues(next.error);
        throw new AppError('invalid_settings', `Configurações inválidas: ${message}`, { fields });
      }
      conf.store = next.data as Settings;
      return next.data as Settings;
    },
  };
}
