import type { SettingsStore } from '../host';
import type { Logger } from '../logger';
import { describeIssues } from '../dispatcher';
import { AppError } from '../../shared/errors';
import type { Settings, SettingsPatch } from '../../shared/schemas/settings';
import {
  defaultSettings,
  settingsPatchSchema,
  settingsSchema,
  upgradeSettings,
} from '../../shared/schemas/settings';
import type { JsonStore } from './json-file';
import { openJsonStore } from './json-file';
import type { StartupNotices } from './notices';
import { damagedFileNotice } from './notices';

const KEY = 'settings';

/**
 * The settings of both hosts: `settings.json` in the data folder, under one `settings` key. A
 * damaged file is kept aside and the user is told (in `notices`) that the defaults apply.
 */
export function openSettingsStore(cwd: string, logger: Logger, notices: StartupNotices): SettingsStore {
  const file = openJsonStore({
    name: 'settings',
    cwd,
    logger,
    onDamaged: (copy) =>
      notices.add(
        damagedFileNotice(
          'configurações',
          'o Carreta começou com as configurações padrão (modo demonstração); confira-as em Configurações',
          copy,
        ),
      ),
  });
  return createSettingsStore(file, logger, (fields) =>
    notices.add({
      severity: 'warn',
      summary: 'Algumas configurações salvas eram inválidas',
      detail: `Voltaram ao valor padrão: ${fields.join(', ')}. Confira-as em Configurações.`,
    }),
  );
}

/**
 * Settings kept in a JSON file store. What is read is validated: a field that no longer passes
 * (hand edit, older version) falls back to its default instead of stopping the app, and nothing
 * invalid is ever written.
 */
export function createSettingsStore(
  store: JsonStore,
  logger: Logger,
  /** Told once which stored fields were replaced by their defaults. */
  onRecovered?: (fields: string[]) => void,
): SettingsStore {
  let told = false;
  function read(): Settings {
    let raw: unknown;
    try {
      raw = store.get(KEY) ?? adoptFlatSettings(store);
    } catch (error) {
      logger.warn('settings: could not read the file, using defaults', String(error));
      return structuredClone(defaultSettings);
    }
    if (raw === undefined) return structuredClone(defaultSettings);
    const settings = recover(raw, logger, (fields) => {
      if (!told) onRecovered?.(fields);
      told = true;
    });
    const upgraded = upgradeSettings(settings);
    if (upgraded === null) return settings;
    store.set(KEY, upgraded);
    return upgraded;
  }

  return {
    get: read,
    update(patch: SettingsPatch): Settings {
      const checkedPatch = settingsPatchSchema.safeParse(patch);
      const next = checkedPatch.success
        ? settingsSchema.safeParse({ ...read(), ...checkedPatch.data })
        : checkedPatch;
      if (!next.success) {
        const { message, fields } = describeIssues(next.error);
        throw new AppError('invalid_input', `Configurações inválidas: ${message}`, { fields });
      }
      store.set(KEY, next.data);
      return structuredClone(next.data);
    },
  };
}

/**
 * The browser host kept its settings at the top level of the same file before both hosts shared
 * this store: they are moved under the key once, so a developer's setup is not lost.
 */
function adoptFlatSettings(store: JsonStore): unknown {
  if (!store.has('environment')) return undefined;
  const flat: Record<string, unknown> = {};
  for (const key of Object.keys(settingsSchema.shape)) {
    if (!store.has(key)) continue;
    flat[key] = store.get(key);
    store.delete(key);
  }
  store.set(KEY, flat);
  return flat;
}

/** Keeps every top-level field that still validates and takes the default for the rest. */
function recover(raw: unknown, logger: Logger, onReplaced: (fields: string[]) => void): Settings {
  const whole = settingsSchema.safeParse(raw);
  if (whole.success) return whole.data;
  let result: Settings = structuredClone(defaultSettings);
  const replaced = new Set(whole.error.issues.map((issue) => String(issue.path[0] ?? '(arquivo)')));
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      if (!(key in defaultSettings)) continue;
      const candidate = settingsSchema.safeParse({ ...result, [key]: value });
      if (candidate.success) result = candidate.data;
    }
  }
  onReplaced([...replaced]);
  logger.warn(
    `settings: invalid stored values replaced by defaults (${describeIssues(whole.error).message})`,
  );
  return result;
}
