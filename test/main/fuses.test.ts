// The packaged binary's Electron fuses, read from electron-builder.yml as electron-builder reads it.
// Each fuse is asserted with its literal value: flipping one (or dropping the block) turns this red.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { projectRoot } from '../support/shared';

describe('electron-builder fuses', () => {
  const config = parse(readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as {
    electronFuses?: Record<string, unknown>;
    asar?: unknown;
  };

  it('flips every hardening fuse', () => {
    expect(config.electronFuses).toStrictEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('packs the app into an ASAR (what the integrity fuse validates)', () => {
    expect(config.asar).toBe(true);
  });
});
