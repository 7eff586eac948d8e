// The architecture boundary check (DESIGN.md, "Processes and layers"): only electron/main and
// electron/preload may import Electron; the renderer reaches the main side only through
// electron/shared; electron/shared stays pure so the renderer can import it. Imports are read
// from the TypeScript syntax tree, so text in strings and comments never counts and every form
// (static, re-export, side effect, dynamic, require, import type, typeof import) does.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED_FOLDERS = ['electron', 'renderer', 'test'];
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-electron',
  'test-results',
  'playwright-report',
]);
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|vue)$/;
const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
const BUILTINS = new Set(builtinModules);

interface ImportRef {
  specifier: string;
  line: number;
}

interface Violation {
  /** Project-relative path with forward slashes. */
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

function literalText(node: ts.Node | undefined): string | undefined {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}

/** The module a call loads: import('x'), require('x'), vi.mock('x') and friends. */
function calledModule(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  const loads =
    callee.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isIdentifier(callee) && callee.text === 'require') ||
    (ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'vi' &&
      MOCK_CALLS.has(callee.name.text));
  return loads ? literalText(call.arguments[0]) : undefined;
}

function moduleOf(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return literalText(node.moduleSpecifier);
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    return literalText(node.moduleReference.expression);
  }
  if (ts.isCallExpression(node)) return calledModule(node);
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
    return literalText(node.argument.literal);
  return undefined;
}

function importsOfScript(fileName: string, code: string, lineOffset: number): ImportRef[] {
  const kind = /\.[cm]?[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = moduleOf(node);
    if (specifier !== undefined) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 + lineOffset;
      found.push({ specifier, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every module a source file loads; .vue files are read through their <script> blocks. */
function findImports(fileName: string, code: string): ImportRef[] {
  if (!fileName.endsWith('.vue')) return importsOfScript(fileName, code, 0);
  const found: ImportRef[] = [];
  for (const block of code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const start = (block.index ?? 0) + block[0].indexOf('>') + 1;
    const offset = code.slice(0, start).split('\n').length - 1;
    found.push(...importsOfScript(`${fileName}.ts`, block[1], offset));
  }
  return found;
}

const under = (file: string, folder: string): boolean => file.startsWith(`${folder}/`);
const isElectronPackage = (spec: string): boolean => spec === 'electron' || spec.startsWith('electron/');
const isBuiltin = (spec: string): boolean => spec.startsWith('node:') || BUILTINS.has(spec);

/** Where a relative import lands, project-relative; undefined for package imports. */
function resolveRelative(file: string, spec: string): string | undefined {
  if (spec !== '.' && spec !== '..' && !spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
}

/** Does this import land in electron/ outside the given pure folders? */
function reachesOutside(file: string, spec: string, allowed: string[]): boolean {
  const target = resolveRelative(file, spec);
  if (target === undefined || !(target === 'electron' || under(target, 'electron'))) return false;
  return !allowed.some((folder) => target === folder || under(target, folder));
}

const reachesPastShared = (file: string, spec: string) => reachesOutside(file, spec, ['electron/shared']);
// electron/fiscal holds pure rules (check digits, IE, CFOP) that the shared form schemas use, so the
// renderer validates with the same code the main side enforces. It must be as pure as shared.
const reachesPastPure = (file: string, spec: string) =>
  reachesOutside(file, spec, ['electron/shared', 'electron/fiscal']);

/** The boundary rules broken by one import of `file`, as readable reasons. */
function rulesBroken(file: string, spec: string): string[] {
  const broken: string[] = [];
  const electronAllowed = ['electron/main', 'electron/preload', 'test/main', 'test/preload'].some((folder) =>
    under(file, folder),
  );
  if (isElectronPackage(spec) && !electronAllowed) {
    broken.push(
      'only electron/main and electron/preload import electron (mocks only in test/main, test/preload)',
    );
  }
  if (under(file, 'renderer')) {
    if (isBuiltin(spec)) broken.push('the renderer must not import Node built-ins');
    if (reachesPastShared(file, spec))
      broken.push('the renderer may import only electron/shared from electron/');
  }
  if (under(file, 'electron/shared')) {
    if (isBuiltin(spec)) broken.push('electron/shared must stay pure: no Node built-ins');
    if (reachesPastPure(file, spec))
      broken.push('electron/shared may import only electron/fiscal from electron/');
  }
  if (under(file, 'electron/fiscal')) {
    if (isBuiltin(spec)) broken.push('electron/fiscal must stay pure: no Node built-ins');
    if (reachesOutside(file, spec, ['electron/fiscal'])) {
      broken.push('electron/fiscal must not import other electron/ folders');
    }
  }
  return broken;
}

function checkSource(file: string, code: string): Violation[] {
  return findImports(file, code).flatMap(({ specifier, line }) =>
    rulesBroken(file, specifier).map((rule) => ({ file, line, specifier, rule })),
  );
}

function listSources(folder: string): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name)) files.push(child);
    }
  };
  walk(folder);
  return files;
}

function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `  ${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`).join('\n');
}

describe('architecture boundaries', () => {
  it('holds for every source file under electron/, renderer/ and test/', () => {
    const files = SCANNED_FOLDERS.flatMap(listSources);
    const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
    const violations = files.flatMap((file) => checkSource(file, read(file)));
    if (violations.length > 0) console.error(`Boundary violations:\n${formatViolations(violations)}`);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Guard against a scan that passes because it read nothing.
    expect(files).toContain('electron/main/index.ts');
    expect(files).toContain('renderer/src/main.ts');
    const mainImports = findImports('electron/main/index.ts', read('electron/main/index.ts'));
    expect(mainImports.map((ref) => ref.specifier)).toContain('electron');
  });
});

describe('boundary scanner', () => {
  const bad: Array<[file: string, code: string, specifier: string]> = [
    ['electron/app/a.ts', "import { app } from 'electron';", 'electron'],
    ['electron/app/a.ts', "import type { BrowserWindow } from 'electron';", 'electron'],
    ['electron/app/a.ts', "export { shell } from 'electron';", 'electron'],
    ['electron/app/a.ts', "import 'electron';", 'electron'],
    ['electron/app/a.ts', "const e = await import('electron');", 'electron'],
    ['electron/cache/a.ts', "const { ipcMain } = require('electron');", 'electron'],
    ['electron/cache/a.ts', "import electron = require('electron');", 'electron'],
    ['electron/app/a.ts', "type Shell = typeof import('electron').shell;", 'electron'],
    ['electron/web/a.ts', "import { app } from 'electron/main';", 'electron/main'],
    ['test/app/a.test.ts', "vi.mock('electron', () => ({ app: {} }));", 'electron'],
    ['test/a.test.ts', "import { app } from 'electron';", 'electron'],
    ['renderer/src/a.ts', "import fs from 'fs';", 'fs'],
    ['renderer/src/a.ts', "import { readFile } from 'node:fs/promises';", 'node:fs/promises'],
    ['renderer/src/a.ts', "import { join } from 'path/posix';", 'path/posix'],
    ['renderer/src/a.ts', "const cp = require('child_process');", 'child_process'],
    ['renderer/src/a.ts', "const c = await import('node:crypto');", 'node:crypto'],
    [
      'renderer/src/a.ts',
      "import { createDispatcher } from '../../electron/app/dispatcher';",
      '../../electron/app/dispatcher',
    ],
    ['renderer/src/stores/a.ts', "import '../../../electron/cache/db';", '../../../electron/cache/db'],
    ['renderer/src/a.ts', "export * from '../../electron/main/index';", '../../electron/main/index'],
    [
      'renderer/src/a.ts',
      "import x from '../../electron/shared/../app/index';",
      '../../electron/shared/../app/index',
    ],
    ['renderer/src/a.ts', "import { ipcRenderer } from 'electron';", 'electron'],
    ['electron/shared/a.ts', "import { createHash } from 'node:crypto';", 'node:crypto'],
    ['electron/shared/schemas/a.ts', "import { readFileSync } from 'fs';", 'fs'],
    ['electron/shared/a.ts', "import { logger } from '../app/logger';", '../app/logger'],
    ['electron/shared/schemas/a.ts', "import type { Database } from '../../cache/db';", '../../cache/db'],
    ['electron/shared/a.ts', "import { ipcRenderer } from 'electron';", 'electron'],
    ['electron/fiscal/a.ts', "import { createHash } from 'node:crypto';", 'node:crypto'],
    ['electron/fiscal/a.ts', "import { AppError } from '../shared/errors';", '../shared/errors'],
  ];

  it.each(bad)('flags %s: %s', (file, code, specifier) => {
    const violations = checkSource(file, `// header\n${code}\n`);
    expect(violations.map((v) => v.specifier)).toContain(specifier);
    expect(violations.every((v) => v.file === file && v.line === 2)).toBe(true);
    expect(formatViolations(violations)).toContain(`${file}:2 imports '${specifier}'`);
  });

  it('flags imports inside the <script> blocks of a Vue component, with the right line', () => {
    const component = [
      '<template>',
      '  <div>import fs from "fs"</div>',
      '</template>',
      '<script setup lang="ts">',
      "import { ref } from 'vue';",
      "import { ipcRenderer } from 'electron';",
      '</script>',
    ].join('\n');
    const violations = checkSource('renderer/src/views/Home.vue', component);
    expect(violations.map((v) => [v.specifier, v.line])).toEqual([['electron', 6]]);
  });

  const good: Array<[file: string, code: string]> = [
    ['electron/main/a.ts', "import { app, BrowserWindow } from 'electron';\nimport fs from 'node:fs';"],
    ['electron/preload/index.ts', "import { contextBridge, ipcRenderer } from 'electron';"],
    ['test/main/a.test.ts', "vi.mock('electron', () => ({ app: {} }));\nimport { app } from 'electron';"],
    ['test/preload/a.test.ts', "vi.doMock('electron');\nconst e = await import('electron');"],
    [
      'renderer/src/a.ts',
      "import { commandErrorSchema } from '../../electron/shared/errors';\nimport { z } from 'zod';\n" +
        "import App from './App.vue';\nconst Home = () => import('./views/Home.vue');",
    ],
    ['renderer/src/stores/a.ts', "import type { Channel } from '../../../electron/shared/channels';"],
    [
      'renderer/src/a.ts',
      "import { x } from '../../electron/shared';\nimport y from 'electron-to-chromium';",
    ],
    [
      'renderer/src/a.ts',
      "// import fs from 'fs'\nconst s = \"import 'electron'\";\nconst t = `require('node:fs')`;\n/* import('path') */",
    ],
    [
      'electron/shared/a.ts',
      "import { z } from 'zod';\nimport type { X } from './schemas/app';\nexport * from './channels';",
    ],
    ['electron/shared/schemas/a.ts', "import { AppError } from '../errors';"],
    ['electron/shared/schemas/a.ts', "import { isValidCnpj } from '../../fiscal/cnpj';"],
    ['electron/app/a.ts', "import fs from 'node:fs';\nimport { openCache } from '../cache/index';"],
    [
      'test/cache/a.test.ts',
      "import { openCache } from '../../electron/cache/index';\nimport os from 'node:os';",
    ],
  ];

  it.each(good)('accepts %s: %s', (file, code) => {
    expect(checkSource(file, code)).toEqual([]);
  });
});
