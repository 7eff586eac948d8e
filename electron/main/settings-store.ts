import type { SettingsStore } from '../app/host';
import type { Logger } from '../app/logger';
import { describeIssues } from '../app/dispatcher';
import { AppError } from '../shared/errors';
import type { Settings, SettingsPatch } from '../shared/schemas/settings';
import {
  defaultSettings,
  settingsPatchSchema,
  settingsSchema,
  upgradeSettings,
} from '../shared/schemas/settings';
import type { JsonStore } from './json-store';

const KEY = 'settings';

/**
 * Settings kept in an electron-store file. What is read is validated: a field that no longer
 * passes (hand edit, older version) falls back to its default instead of stopping the app, and
 * nothing invalid is ever written.
 */
export function createSettingsStore(store: JsonStore, logger: Logger): SettingsStore {
  function read(): Settings {
    let raw: unknown;
    try {
      raw = store.get(KEY);
    } catch (error) {
      logger.warn('settings: could not read the file, using defaults', String(error));
      return structuredClone(defaultSettings);
    }
    if (raw === undefined) return structuredClone(defaultSettings);
    const settings = recover(raw, logger);
    const upgraded = upgradeSettings(settings);
    if (upgraded === null) return settings;
    store.set(KEY, upgraded);
    return upgraded;
  }

  return {
    get: read,
    update(patch: SettingsPatch): Settings {
      const checkedPatch = settingsPatchSchema.safeParse(patch);
      if (!checkedPatch.success) {
        const { message, fields } = describeIssues(checkedPatch.error);
        throw new AppError('invalid_input', `Configurações inválidas: ${message}`, { fields });
      }
      const next = settingsSchema.safeParse({ ...read(), ...checkedPatch.data });
      if (!next.success) {
        const { message, fields } = describeIssues(next.error);
        throw new AppError('invalid_input', `Configurações inválidas: ${message}`, { fields });
      }
      store.set(KEY, next.data);
      return structuredClone(next.data);
    },
  };
}

/** Keeps every top-level field that still validates and takes the default for the rest. */
function recover(raw: unknown, logger: Logger): Settings {
  const whole = settingsSchema.safeParse(raw);
  if (whole.success) return whole.data;
  let result: Settings = structuredClone(defaultSettings);
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      if (!(key in defaultSettings)) continue;
      const candidate = settingsSchema.safeParse({ ...result, [key]: value });
      if (candidate.success) result = candidate.data;
    }
  }
  logger.warn(
    `settings: invalid stored values replaced by defaults (${describeIssues(whole.error).message})`,
  );
  return result;
}
