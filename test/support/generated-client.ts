// Helpers of the generated-client contract tests: generate the types of a description with
// openapi-typescript into a temporary folder (never committed), read back the operations they
// declare, and type-check the recorded calls against them with openapi-fetch's own types.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import ts from 'typescript';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined>;
export interface CallInit {
  params?: { path?: Record<string, string>; query?: Query };
  body?: unknown;
  parseAs?: 'json' | 'arrayBuffer';
  /** `null` unsets a header (openapi-fetch), e.g. the JSON type on a multipart upload. */
  headers?: Record<string, string | null>;
}
export interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}
/** openapi-fetch's client, as called here with templates only known once the types are generated. */
export type LooseClient = Record<Method, (template: string, init?: CallInit) => Promise<CallResult>> & {
  use(middleware: { onRequest(arg: { request: Request }): Request | undefined }): void;
};

/** What generated SDKs send on every list: the paging defaults spelled out. */
export const PAGING = { $top: 10, $skip: 0, $inlinecount: false } as const;

/** Generates `api.ts` from the description into a new temporary folder; returns the folder. */
export async function generateTypes(descriptionPath: string, prefix: string): Promise<string> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), prefix));
  const pkg = createRequire(import.meta.url).resolve('openapi-typescript/package.json');
  const cli = path.join(path.dirname(pkg), 'bin', 'cli.js');
  await promisify(execFile)(process.execPath, [cli, descriptionPath, '-o', path.join(tmp, 'api.ts')]);
  return tmp;
}

/** The operations of the generated `paths`, with the names of their query parameters. */
export function generatedOperations(file: string): Map<string, Set<string>> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const nameOf = (m: ts.TypeElement) =>
    m.name && (ts.isStringLiteral(m.name) || ts.isIdentifier(m.name)) ? m.name.text : '';
  const member = (members: ts.NodeArray<ts.TypeElement>, name: string) =>
    members.find((m) => nameOf(m) === name) as ts.PropertySignature | undefined;
  const literalMembers = (type: ts.TypeNode | undefined) =>
    type && ts.isTypeLiteralNode(type) ? type.members : undefined;
  const operations = interfaces.get('operations')!.members;
  const result = new Map<string, Set<string>>();
  for (const entry of interfaces.get('paths')!.members) {
    const methods = literalMembers((entry as ts.PropertySignature).type)!;
    for (const method of ['get', 'put', 'post', 'delete']) {
      const type = member(methods, method)?.type;
      if (!type || type.kind === ts.SyntaxKind.NeverKeyword) continue;
      // `operations["ConsultarCep"]`
      const opName = ((type as ts.IndexedAccessTypeNode).indexType as ts.LiteralTypeNode)
        .literal as ts.StringLiteral;
      const op = literalMembers(member(operations, opName.text)!.type)!;
      const query = literalMembers(member(literalMembers(member(op, 'parameters')!.type)!, 'query')?.type);
      result.set(`${method.toUpperCase()} ${nameOf(entry)}`, new Set(query?.map(nameOf) ?? []));
    }
  }
  return result;
}

/** A call's options as a TypeScript literal; a multipart form as its fields (files as text). */
export function asLiteral(init: CallInit): string {
  if (!(init.body instanceof FormData)) return JSON.stringify(init);
  const fields: Record<string, string> = {};
  for (const [name, value] of init.body.entries())
    fields[name] = typeof value === 'string' ? value : '(arquivo)';
  return JSON.stringify({ ...init, body: fields });
}

/** Type-checks the recorded calls (`await client.GET(...)` lines) against the generated types. */
export function typeCheckCalls(tmp: string, recorded: string[]): string[] {
  const driver = path.join(tmp, 'calls.ts');
  writeFileSync(
    driver,
    [
      "import createClient from 'openapi-fetch';",
      "import type { paths } from './api';",
      "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });",
      'export async function calls(): Promise<void> {',
      ...recorded,
      '}',
    ].join('\n'),
  );
  const fetchTypes = path.join(
    path.dirname(createRequire(import.meta.url).resolve('openapi-fetch/package.json')),
    'dist',
    'index.d.mts',
  );
  const program = ts.createProgram([driver], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    paths: { 'openapi-fetch': [fetchTypes] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const line = d.file?.fileName === driver ? recorded[where - 4]?.slice(0, 120) : d.file?.fileName;
    return `${line ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 4000)}`;
  });
}

/** What `callerOf` needs; the fields are read at each call, so they may be set in a `beforeAll`. */
export interface CallerState {
  operations: Map<string, Set<string>>;
  api: LooseClient;
  checker: {
    check(template: string, method: string, answer: { status: number; body: unknown; raw: Buffer }): void;
  };
  /** Every call made, as `METHOD /template`. */
  called: string[];
  /** Every call as a line the generated types can check (`typeCheckCalls`). */
  recorded: string[];
}

/**
 * One call of the scenario: declared by the generated client (operation and query parameters),
 * answered as the description says (2xx, closed schema), recorded for the type check.
 */
export function callerOf(state: CallerState) {
  return async function call<T = Record<string, unknown>>(
    method: Method,
    template: string,
    init: CallInit = {},
  ): Promise<T> {
    const operation = state.operations.get(`${method} ${template}`);
    expect(operation, `${method} ${template} is not in the generated client`).toBeDefined();
    for (const name of Object.keys(init.params?.query ?? {}))
      expect(operation!.has(name), `${method} ${template}: query "${name}" not generated`).toBe(true);
    const { data, error, response } = await state.api[method](template, init);
    const raw =
      data instanceof ArrayBuffer
        ? Buffer.from(data)
        : Buffer.from(data === undefined && error === undefined ? '' : JSON.stringify(data ?? error));
    expect(response.ok, `${method} ${template} → ${response.status} ${raw.toString().slice(0, 300)}`).toBe(
      true,
    );
    state.checker.check(template, method.toLowerCase(), { status: response.status, body: data, raw });
    state.called.push(`${method} ${template}`);
    state.recorded.push(`  await client.${method}(${JSON.stringify(template)}, ${asLiteral(init)});`);
    return data as T;
  };
}

/** What the client sent: each request's content type and query string. */
export interface SentLog {
  contentTypes: Set<string | null>;
  queries: string[];
}

/**
 * openapi-fetch as generated SDKs use it: `Content-Type: application/json` on every call (bodyless
 * ones included) and the bearer token; each request's content type and query go to `sent`.
 */
export function sdkClient(baseUrl: string, accessToken: string, sent: SentLog): LooseClient {
  const api = createClient({
    baseUrl,
    headers: { 'Content-Type': 'application/json' },
  }) as unknown as LooseClient;
  api.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${accessToken}`);
      sent.contentTypes.add(request.headers.get('content-type'));
      sent.queries.push(new URL(request.url).search);
      return request;
    },
  });
  return api;
}

/** A file download (XML, PDF) through `call`, as bytes. */
export function fileGetter(call: ReturnType<typeof callerOf>) {
  return (template: string, params: Record<string, string>, query?: Query) =>
    call<ArrayBuffer>('GET', template, {
      params: { path: params, ...(query ? { query } : {}) },
      parseAs: 'arrayBuffer',
    });
}
