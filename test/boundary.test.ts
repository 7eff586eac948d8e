// The architecture boundary check: the layer map of DESIGN.md ("Processes and layers") written as
// data. Each folder lists the folders of ours and the npm packages it may import; anything else
// it imports fails the build. Imports are read from the TypeScript syntax tree (test/boundary/
// imports.ts). Files also must not import each other in a cycle.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import type { ImportRef } from './boundary/imports';
import {
  findCycles,
  findImports,
  listSources,
  packageOf,
  resolveFile,
  resolveTarget,
} from './boundary/imports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED_FOLDERS = ['electron', 'renderer', 'test'];
const BUILTINS = new Set(builtinModules);
const ANY = '*';

interface Layer {
  /** Project-relative folder; a file belongs to the layer of the longest folder that contains it. */
  folder: string;
  /** Folders of ours it may import besides its own (a folder covers its subfolders). */
  imports: readonly string[] | typeof ANY;
  /** npm packages it may import (`@scope/name` or `name`). */
  packages: readonly string[] | typeof ANY;
  /** Node built-ins (`node:fs`, `path`, ...): only layers that do I/O. */
  builtins: boolean;
  /** Single files allowed one more folder: the gateways the design names. */
  gateways?: Readonly<Record<string, readonly string[]>>;
}

// Pure packages: no Node I/O, no native code, run in the sandboxed page as well as in Node.
const PURE = ['zod'];
const SHARED = 'electron/shared';
const FISCAL = 'electron/fiscal';
const DOCUMENTS = 'electron/documents';
const SQLITE = 'electron/sqlite';

/** DESIGN.md's layer map. Keep the two in step: a change here is a change of the architecture. */
export const LAYER_MAP: readonly Layer[] = [
  {
    folder: 'renderer',
    imports: [SHARED],
    packages: [...PURE, 'vue', 'vue-router', 'pinia', 'primevue', '@primeuix/themes', 'primeicons'],
    builtins: false,
  },
  { folder: SHARED, imports: [FISCAL], packages: PURE, builtins: false },
  { folder: FISCAL, imports: [], packages: PURE, builtins: false },
  {
    folder: DOCUMENTS,
    imports: [SHARED, FISCAL],
    packages: [
      ...PURE,
      'fast-xml-parser',
      '@xmldom/xmldom',
      'bwip-js',
      'pdf-lib',
      'playwright-core',
      'node-forge',
    ],
    builtins: true,
  },
  { folder: 'electron/nuvemfiscal', imports: [SHARED, FISCAL], packages: [...PURE, 'axios'], builtins: true },
  {
    folder: 'electron/insurers',
    imports: [SHARED, FISCAL],
    packages: [...PURE, 'axios', 'fast-xml-parser'],
    builtins: true,
  },
  // The one SQLite access layer (a promise wrapper over sqlite3 with the transaction gate): the
  // cache and the sandbox both stand on it and may not import each other, so it is a layer of its
  // own below both, importing nothing of ours.
  { folder: SQLITE, imports: [], packages: ['sqlite3'], builtins: true },
  { folder: 'electron/cache', imports: [SHARED, FISCAL, SQLITE], packages: PURE, builtins: true },
  // Never the sandbox: demonstração is the hosts' plug-in (app/demo-plugin.ts), reached over HTTP.
  {
    folder: 'electron/app',
    imports: [SHARED, FISCAL, DOCUMENTS, 'electron/nuvemfiscal', 'electron/insurers', 'electron/cache'],
    // conf: the one JSON settings/secrets file store both hosts open (app/stores/).
    packages: [...PURE, 'fflate', 'write-excel-file', 'nodemailer', 'municipios-brasil', 'conf'],
    builtins: true,
  },
  {
    folder: 'electron/sandbox',
    imports: [SHARED, FISCAL, DOCUMENTS, SQLITE],
    // municipios-brasil: the IBGE table a CEP outside the built-in set is answered from; pdf-lib: the
    // plain PDFs; pngjs: the demonstração logo (embedded.ts).
    packages: [
      ...PURE,
      'fastify',
      'node-forge',
      'xml-crypto',
      '@xmldom/xmldom',
      'fflate',
      'municipios-brasil',
      'pdf-lib',
      'pngjs',
    ],
    builtins: true,
  },
  // The insurers' test doubles are written from the reference pack, never from the clients they
  // test: they reach neither electron/insurers (nor anything the sandbox may not) nor documents/.
  {
    folder: 'electron/sandbox/insurers',
    imports: [SHARED, FISCAL, 'electron/sandbox'],
    packages: [...PURE, 'fastify', 'fast-xml-parser', 'fflate'],
    builtins: true,
  },
  // The hosts compose demonstração's embedded sandbox (only in their composition root) and hand it
  // to the app.
  {
    folder: 'electron/main',
    imports: ['electron/app', SHARED, DOCUMENTS],
    packages: [...PURE, 'electron'],
    builtins: true,
    gateways: { 'electron/main/index.ts': ['electron/sandbox'] },
  },
  { folder: 'electron/preload', imports: [SHARED], packages: ['electron'], builtins: false },
  {
    folder: 'electron/web',
    imports: ['electron/app', SHARED, DOCUMENTS],
    packages: PURE,
    builtins: true,
    gateways: { 'electron/web/server.ts': ['electron/sandbox'] },
  },
  // Tests may reach anything, but Electron (real or mocked) only where its shell is tested.
  { folder: 'test', imports: ANY, packages: ANY, builtins: true },
];

/** Only these folders import Electron, even where other packages are open. */
const ELECTRON_FOLDERS = ['electron/main', 'electron/preload', 'test/main', 'test/preload'];

interface Violation {
  /** Project-relative path with forward slashes. */
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

const within = (file: string, folder: string): boolean => file === folder || file.startsWith(`${folder}/`);
const isElectronPackage = (spec: string): boolean => spec === 'electron' || spec.startsWith('electron/');
const isBuiltin = (spec: string): boolean => spec.startsWith('node:') || BUILTINS.has(spec);

function layerOf(file: string): Layer | undefined {
  return LAYER_MAP.filter((layer) => within(file, layer.folder)).sort(
    (a, b) => b.folder.length - a.folder.length,
  )[0];
}

/** The boundary rules broken by one import of `file`, as readable reasons. */
function rulesBroken(file: string, spec: string): string[] {
  const layer = layerOf(file);
  if (layer === undefined) return [];
  const target = resolveTarget(file, spec);
  if (target !== undefined) {
    if (layer.imports === ANY || within(target, layer.folder)) return [];
    const targetLayer = layerOf(target);
    const allowed = [...layer.imports, ...(layer.gateways?.[file] ?? [])];
    if (targetLayer !== undefined && allowed.includes(targetLayer.folder)) return [];
    return [`${layer.folder} may import only ${[layer.folder, ...allowed].join(', ')} of ours`];
  }
  if (isElectronPackage(spec)) {
    return ELECTRON_FOLDERS.some((folder) => within(file, folder))
      ? []
      : ['only electron/main and electron/preload import electron (mocks only in test/main, test/preload)'];
  }
  if (isBuiltin(spec)) {
    return layer.builtins ? [] : [`${layer.folder} must not import Node built-ins`];
  }
  const name = packageOf(spec);
  if (layer.packages === ANY || layer.packages.includes(name)) return [];
  return [`${layer.folder} may import only the packages ${layer.packages.join(', ')}`];
}

function checkSource(file: string, code: string): Violation[] {
  return checkImports(file, findImports(file, code));
}

function checkImports(file: string, refs: readonly ImportRef[]): Violation[] {
  return refs.flatMap(({ specifier, line }) =>
    rulesBroken(file, specifier).map((rule) => ({ file, line, specifier, rule })),
  );
}

function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `  ${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`).join('\n');
}

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const importCache = new Map<string, ImportRef[]>();
const importsOf = (file: string): ImportRef[] => {
  let refs = importCache.get(file);
  if (refs === undefined) {
    refs = findImports(file, read(file));
    importCache.set(file, refs);
  }
  return refs;
};

/** file → the files it loads at run time (type-only imports vanish in the build). */
function runtimeGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((ref) => !ref.typeOnly)
      .map((ref) => resolveTarget(file, ref.specifier))
      .flatMap((target) => (target === undefined ? [] : [resolveFile(root, target)]))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

describe('architecture boundaries', () => {
  const files = SCANNED_FOLDERS.flatMap((folder) => listSources(root, folder));

  it('every source file under electron/, renderer/ and test/ keeps to the layer map', () => {
    const violations = files.flatMap((file) => checkImports(file, importsOf(file)));
    if (violations.length > 0) console.error(`Boundary violations:\n${formatViolations(violations)}`);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Guard against a scan that passes because it read nothing.
    expect(files).toContain('electron/main/index.ts');
    expect(files).toContain('renderer/src/main.ts');
    expect(
      findImports('electron/main/index.ts', read('electron/main/index.ts')).map((r) => r.specifier),
    ).toContain('electron');
  });

  it('every file of electron/ and renderer/ belongs to a layer of the map', () => {
    const orphans = files.filter((file) => !file.startsWith('test/') && layerOf(file)?.folder === undefined);
    expect(orphans.filter((file) => file.startsWith('electron/'))).toEqual([]);
  });

  it('no files import each other in a cycle', () => {
    const cycles = findCycles(runtimeGraph(files));
    const shown = cycles.map((cycle) => `  ${cycle.join(' → ')}`).join('\n');
    expect(cycles, `Import cycles:\n${shown}`).toEqual([]);
  });
});

describe('boundary scanner', () => {
  const bad: Array<[file: string, code: string, specifier: string]> = [
    // The three holes a review found in the old check (issue 17).
    ['electron/cache/gate.ts', "import '../app/logger';", '../app/logger'],
    ['electron/nuvemfiscal/paging.ts', "import '../app/index';", '../app/index'],
    ['electron/shared/format.ts', "import 'sqlite3';", 'sqlite3'],
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
    ['renderer/src/a.ts', "import axios from 'axios';", 'axios'],
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
    ['renderer/src/a.ts', "import { createApp } from '@shared/../app/index';", '@shared/../app/index'],
    ['electron/shared/a.ts', "import { createHash } from 'node:crypto';", 'node:crypto'],
    ['electron/shared/schemas/a.ts', "import { readFileSync } from 'fs';", 'fs'],
    ['electron/shared/a.ts', "import { logger } from '../app/logger';", '../app/logger'],
    ['electron/shared/schemas/a.ts', "import type { Database } from '../../cache/db';", '../../cache/db'],
    ['electron/shared/a.ts', "import { ipcRenderer } from 'electron';", 'electron'],
    ['electron/fiscal/a.ts', "import { createHash } from 'node:crypto';", 'node:crypto'],
    ['electron/fiscal/a.ts', "import { AppError } from '../shared/errors';", '../shared/errors'],
    ['electron/fiscal/a.ts', "import forge from 'node-forge';", 'node-forge'],
    ['electron/documents/a.ts', "import { openCache } from '../cache/index';", '../cache/index'],
    ['electron/cache/a.ts', "import { startSandbox } from '../sandbox/server';", '../sandbox/server'],
    ['electron/nuvemfiscal/a.ts', "import type { Host } from '../web/server';", '../web/server'],
    ['electron/cache/a.ts', "import axios from 'axios';", 'axios'],
    [
      'electron/app/a.ts',
      "import { readPfx } from '../sandbox/certificates/read-pfx';",
      '../sandbox/certificates/read-pfx',
    ],
    [
      'electron/app/issuing/a.ts',
      "import { startSandbox } from '../../sandbox/server';",
      '../../sandbox/server',
    ],
    // Demonstração is the hosts' plug-in: no file of the app reaches the sandbox, not even lazily.
    [
      'electron/app/embedded-sandbox.ts',
      "const { startSandbox } = await import('../sandbox/server');",
      '../sandbox/server',
    ],
    [
      'electron/app/demo.ts',
      "import { makePfx } from '../sandbox/certificates/make-pfx';",
      '../sandbox/certificates/make-pfx',
    ],
    [
      'electron/app/index.ts',
      "import { createEmbeddedDemo } from '../sandbox/embedded';",
      '../sandbox/embedded',
    ],
    ['electron/main/a.ts', "import { startSandbox } from '../sandbox/server';", '../sandbox/server'],
    ['electron/sandbox/a.ts', "import { openCache } from '../cache/index';", '../cache/index'],
    ['electron/main/a.ts', "import { openCache } from '../cache/index';", '../cache/index'],
    ['electron/web/a.ts', "import { startSandbox } from '../sandbox/server';", '../sandbox/server'],
    ['electron/preload/a.ts', "import { readFileSync } from 'node:fs';", 'node:fs'],
    ['electron/insurers/a.ts', "import { openCache } from '../cache/index';", '../cache/index'],
    ['electron/insurers/a.ts', "import { Issuing } from '../app/issuing';", '../app/issuing'],
    ['electron/insurers/a.ts', "import { parseDocument } from '../documents/parse';", '../documents/parse'],
    ['electron/insurers/a.ts', "import sqlite3 from 'sqlite3';", 'sqlite3'],
    [
      'electron/sandbox/insurers/a.ts',
      "import { AtmSoapClient } from '../../insurers/atm-soap';",
      '../../insurers/atm-soap',
    ],
    [
      'electron/sandbox/insurers/a.ts',
      "import { parseDocument } from '../../documents/parse';",
      '../../documents/parse',
    ],
    [
      'electron/sandbox/a.ts',
      "import { createInsurerClient } from '../insurers/index';",
      '../insurers/index',
    ],
    ['electron/cache/a.ts', "import { createInsurerClient } from '../insurers/index';", '../insurers/index'],
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
    ['renderer/src/a.ts', "import { x } from '../../electron/shared';\nimport { ref } from 'vue';"],
    ['renderer/src/components/a.ts', "import type { Dfe } from '@shared/schemas/dfe';"],
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
    ['electron/main/index.ts', "import { createEmbeddedDemo } from '../sandbox/embedded';"],
    ['electron/web/server.ts', "import { createEmbeddedDemo } from '../sandbox/embedded';"],
    ['electron/app/a.ts', "import { createInsurerClient } from '../insurers/index';"],
    ['electron/insurers/a.ts', "import axios from 'axios';\nimport { atmCode } from '../fiscal/averbacao';"],
    [
      'electron/sandbox/insurers/a.ts',
      "import { createClock } from '../clock';\nimport Fastify from 'fastify';",
    ],
    ['electron/sandbox/a.ts', "import { startInsurerDoubles } from './insurers/server';"],
    ['electron/sqlite/a.ts', "import sqlite3 from 'sqlite3';\nimport { copyDatabase } from './backup';"],
    [
      'electron/cache/a.ts',
      "import { Database } from '../sqlite/database';\nimport { AppError } from '../shared/errors';",
    ],
    [
      'test/cache/a.test.ts',
      "import { openCache } from '../../electron/cache/index';\nimport os from 'node:os';",
    ],
  ];

  it.each(good)('accepts %s: %s', (file, code) => {
    expect(checkSource(file, code)).toEqual([]);
  });

  it('finds a cycle through run-time imports only', () => {
    const graph = new Map<string, string[]>([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
    const refs = findImports(
      'x.ts',
      "import type { A } from './a';\nimport { type B } from './b';\nimport { c } from './c';",
    );
    expect(refs.map((ref) => [ref.specifier, ref.typeOnly])).toEqual([
      ['./a', true],
      ['./b', true],
      ['./c', false],
    ]);
  });
});
