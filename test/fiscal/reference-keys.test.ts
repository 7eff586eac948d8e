// Cross-check of the access-key DV against the reference collection in ../shared: its README marks
// each sample's Id key as DV-OK or DV-BAD, recomputed by an independent script. Our verdict must
// agree on every one of them.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessKeyCheckDigit, isValidAccessKey } from '../../electron/fiscal/access-key';
import { fiscalRef, sharedAvailable } from '../support/shared';

interface Sample {
  path: string;
  verdict: 'DV-OK' | 'DV-BAD';
}

function samples(): Sample[] {
  const readme = readFileSync(fiscalRef('README.md'), 'utf8');
  const rows: Sample[] = [];
  for (const line of readme.split('\n')) {
    const path = /^\| \d+ \| `([^`]+)` \|/.exec(line)?.[1];
    const verdict = /key=(DV-OK|DV-BAD)/.exec(line)?.[1] as Sample['verdict'] | undefined;
    if (path && verdict) rows.push({ path, verdict });
  }
  return rows;
}

describe.skipIf(!sharedAvailable)('access keys of the reference samples', () => {
  it('agrees with the README verdict (DV-OK / DV-BAD) on every sample', () => {
    const rows = samples();
    expect(rows.length).toBeGreaterThan(40);
    let checked = 0;
    for (const { path, verdict } of rows) {
      const file = fiscalRef(...path.split('/'));
      expect(existsSync(file), path).toBe(true);
      const xml = readFileSync(file, 'utf8');
      const key = /\sId="(?:CTe|NFe|DCe|MDFe)([0-9A-Z]{44})"/.exec(xml)?.[1];
      expect(key, `${path}: no 44-character Id`).toBeDefined();
      if (!key) continue;
      const dvMatches = accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
      expect(dvMatches, path).toBe(verdict === 'DV-OK');
      if (verdict === 'DV-BAD') expect(isValidAccessKey(key), path).toBe(false);
      checked++;
    }
    expect(checked).toBe(rows.length);
  });

  it('accepts every DV-OK sample key as a valid access key (cUF and month included)', () => {
    for (const { path } of samples().filter((s) => s.verdict === 'DV-OK')) {
      const xml = readFileSync(fiscalRef(...path.split('/')), 'utf8');
      const key = /\sId="(?:CTe|NFe|DCe|MDFe)([0-9A-Z]{44})"/.exec(xml)?.[1];
      expect(isValidAccessKey(key), path).toBe(true);
    }
  });
});
