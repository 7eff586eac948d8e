import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fiscal from '../../electron/fiscal';
import { projectRoot } from '../support/shared';

describe('public API', () => {
  it('exports the functions the other modules rely on', () => {
    const names = [
      'normalizeCnpj',
      'isValidCnpj',
      'cnpjCheckDigits',
      'isValidCpf',
      'cpfCheckDigits',
      'isValidCpfCnpj',
      'cpfCnpjKind',
      'accessKeyCheckDigit',
      'buildCteKey',
      'buildDceKey',
      'buildNfeKey',
      'parseAccessKey',
      'isValidAccessKey',
      'randomNumericCode',
      'ufByCode',
      'ufBySigla',
      'isUf',
      'isValidIbgeMunicipio',
      'ibgeMatchesUf',
      'isValidIe',
      'normalizeIe',
      'normalizeCep',
      'isValidCep',
      'ufForCep',
      'cfopScope',
      'cfopMatchesService',
      'searchCfop',
    ];
    for (const name of names) expect(typeof (fiscal as Record<string, unknown>)[name], name).toBe('function');
  });

  it('never throws on garbage, whatever the function', () => {
    const junk: unknown[] = [
      undefined,
      null,
      0,
      -1,
      1e300,
      Number.NaN,
      '',
      ' ',
      '💥',
      {},
      [],
      () => 1,
      Symbol('x'),
    ];
    for (const [name, fn] of Object.entries(fiscal)) {
      if (typeof fn !== 'function') continue;
      for (const a of junk) {
        for (const b of junk) {
          expect(
            () => (fn as (...args: unknown[]) => unknown)(a, b, a),
            `${name}(${String(a)}, ${String(b)})`,
          ).not.toThrow();
        }
      }
    }
  });
});

describe('module boundary', () => {
  it('imports no Node built-in, no electron and nothing outside electron/fiscal', () => {
    const dir = path.join(projectRoot, 'electron', 'fiscal');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const match of source.matchAll(/from\s+'([^']+)'/g)) {
        expect(match[1], `${file} imports ${match[1]}`).toMatch(/^\.\/[a-z0-9-]+$/);
      }
    }
  });
});
