// Reads the imports of a source file from the TypeScript syntax tree, so text in strings and
// comments never counts and every form (static, re-export, side effect, dynamic, require,
// import type, typeof import, vi.mock) does. Used by the boundary test.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

export interface ImportRef {
  specifier: string;
  line: number;
  /** `import type` / `export type` / `typeof import()`: gone at run time, so it cannot form a cycle. */
  typeOnly: boolean;
}

const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-electron',
  'test-results',
  'playwright-report',
]);
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|vue)$/;
const RESOLVED_EXTENSIONS = ['.ts', '.tsx', '.vue', '.js', '.mjs', '.cjs', '.json'];

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

function isTypeOnly(node: ts.Node): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (clause === undefined) return false;
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return (
      clause.name === undefined &&
      named !== undefined &&
      ts.isNamedImports(named) &&
      named.elements.length > 0 &&
      named.elements.every((element) => element.isTypeOnly)
    );
  }
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  return ts.isImportTypeNode(node);
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
      found.push({ specifier, line, typeOnly: isTypeOnly(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every module a source file loads; .vue files are read through their <script> blocks. */
export function findImports(fileName: string, code: string): ImportRef[] {
  if (!fileName.endsWith('.vue')) return importsOfScript(fileName, code, 0);
  const found: ImportRef[] = [];
  for (const block of code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const start = (block.index ?? 0) + block[0].indexOf('>') + 1;
    const offset = code.slice(0, start).split('\n').length - 1;
    found.push(...importsOfScript(`${fileName}.ts`, block[1], offset));
  }
  return found;
}

/** Path aliases of tsconfig/vite/vitest: the prefix and the project folder it stands for. */
export const PATH_ALIASES: ReadonlyArray<readonly [alias: string, folder: string]> = [
  ['@shared', 'electron/shared'],
];

/** Where a relative (or aliased) import lands, project-relative; undefined for package imports. */
export function resolveTarget(file: string, spec: string): string | undefined {
  for (const [alias, folder] of PATH_ALIASES) {
    if (spec === alias) return folder;
    if (spec.startsWith(`${alias}/`)) return path.posix.join(folder, spec.slice(alias.length + 1));
  }
  if (spec !== '.' && spec !== '..' && !spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
}

/** The npm package an import names (`@scope/name` or `name`), or undefined for a relative import. */
export function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The source file a project-relative target names, as the bundler would find it. */
export function resolveFile(root: string, target: string): string | undefined {
  const candidates = [
    target,
    ...RESOLVED_EXTENSIONS.map((ext) => `${target}${ext}`),
    ...RESOLVED_EXTENSIONS.map((ext) => `${target}/index${ext}`),
  ];
  for (const candidate of candidates) {
    const candidatePath = path.join(root, candidate);
    if (existsSync(candidatePath) && statSync(candidatePath).isFile()) return candidate;
  }
  return undefined;
}

export function listSources(root: string, folder: string): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.push(child);
    }
  };
  walk(folder);
  return files;
}

/**
 * Import cycles among the given files, following only imports that exist at run time. Each cycle
 * is listed once, as the files in order starting from the smallest name.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components; any component with more than one file (or a file
  // importing itself) holds a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}
