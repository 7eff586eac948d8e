// A HostAdapter kept in memory, for tests of the command table without Electron or the web host.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { HostAdapter, SecretStore, SettingsStore } from '../../electron/app/host';
import { silentLogger } from '../../electron/app/logger';
import { createEmbeddedDemo } from '../../electron/sandbox/embedded';
import type { Settings, SettingsPatch } from '../../electron/shared/schemas/settings';
import { defaultSettings, settingsSchema } from '../../electron/shared/schemas/settings';

export class MemorySecrets implements SecretStore {
  readonly values = new Map<string, string>();
  async get(name: string) {
    return this.values.get(name) ?? null;
  }
  async set(name: string, value: string) {
    this.values.set(name, value);
  }
  async delete(name: string) {
    this.values.delete(name);
  }
  async has(name: string) {
    return this.values.has(name);
  }
}

export class MemorySettings implements SettingsStore {
  private value: Settings;
  constructor(initial: Partial<Settings> = {}) {
    this.value = settingsSchema.parse({ ...defaultSettings, ...initial });
  }
  get() {
    return this.value;
  }
  update(patch: SettingsPatch) {
    this.value = settingsSchema.parse({ ...this.value, ...patch });
    return this.value;
  }
}

export function memoryHost(options: { settings?: Partial<Settings>; userDataDir?: string } = {}) {
  const secrets = new MemorySecrets();
  const settings = new MemorySettings(options.settings);
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'carreta-test-'));
  const host: HostAdapter = {
    kind: 'web',
    version: '0.0.0-test',
    platform: process.platform,
    userDataDir,
    settings,
    secrets,
    logger: silentLogger,
    // As both hosts do: demonstração runs on the embedded sandbox they compose.
    demo: createEmbeddedDemo({ userDataDir, logger: silentLogger, secrets }),
  };
  return { host, secrets, settings };
}
