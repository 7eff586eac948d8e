// Generated SDKs send every member of their models, the unset ones as null. For each DF-e request
// body, every optional member the API description declares (on each object the fixture fills) is
// set to null in turn: the sandbox must take it as absent, as the hosted service does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parse } from 'yaml';
import { ctePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import { cteSimpPedidoEmissao } from '../../../electron/fiscal/requests/cte-simp';
import { cteOsPedidoEmissao } from '../../../electron/fiscal/requests/cteos';
import { dcePedidoEmissao } from '../../../electron/fiscal/requests/dce';
import { openapiPath, sharedAvailable } from '../../support/shared';
import { cteBody, cteOsBody, cteSimpBody, dceBody } from './fixtures';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}
type Node = Record<string, unknown>;

/** Paths of the optional members the refused body set to null, with the refusal. */
function refusedNulls(schemas: Record<string, Schema>, name: string, body: Node, zod: z.ZodType): string[] {
  const deref = (s: Schema | undefined) => (s?.$ref ? schemas[s.$ref.split('/').pop()!] : s);
  const refused: string[] = [];
  let tried = 0;
  const walk = (schema: Schema | undefined, value: unknown, at: (string | number)[]) => {
    const s = deref(schema);
    if (Array.isArray(value)) return value.forEach((v, i) => walk(s?.items, v, [...at, i]));
    if (!s?.properties || !value || typeof value !== 'object') return;
    for (const [key, member] of Object.entries(s.properties)) {
      if (key in (value as Node)) {
        walk(member, (value as Node)[key], [...at, key]);
        continue;
      }
      if (s.required?.includes(key)) continue;
      const copy = structuredClone(body);
      let node: Node = copy;
      for (const part of at) node = node[part] as Node;
      node[key] = null;
      tried += 1;
      const result = zod.safeParse(copy);
      if (!result.success) refused.push(`${[...at, key].join('.')}: ${result.error.issues[0]!.message}`);
    }
  };
  walk(schemas[name], body, []);
  expect(tried, name).toBeGreaterThanOrEqual(20);
  return refused;
}

describe.skipIf(!sharedAvailable)('optional members sent as null', () => {
  it.each([
    ['CtePedidoEmissao', cteBody, ctePedidoEmissao],
    ['CteOsPedidoEmissao', cteOsBody, cteOsPedidoEmissao],
    ['CteSimpPedidoEmissao', cteSimpBody, cteSimpPedidoEmissao],
    ['DcePedidoEmissao', dceBody, dcePedidoEmissao],
  ] as const)('%s takes each of them as absent', (name, fixture, zod) => {
    const doc = parse(readFileSync(openapiPath, 'utf8')) as {
      components: { schemas: Record<string, Schema> };
    };
    expect(refusedNulls(doc.components.schemas, name, fixture() as unknown as Node, zod)).toEqual([]);
  });
});
