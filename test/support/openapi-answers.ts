// Answers checked against the API description (../shared): the status must be one the operation
// describes and the body must validate against that response's schema (objects closed, so a field
// the description lacks fails). Records which operations were exercised, for coverage checks.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { parse } from 'yaml';

import { openapiToJsonSchema } from './openapi-json-schema';
import { openapiPath } from './shared';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
export type DescribedPaths = Record<string, Record<string, Operation>>;
export interface Answer {
  status: number;
  body: unknown;
  raw: Buffer;
}

export function answerChecker(
  adjust: (schemas: Record<string, Json>) => void = () => undefined,
  descriptionPath: string = openapiPath,
) {
  const doc = parse(readFileSync(descriptionPath, 'utf8')) as {
    paths: DescribedPaths;
    components: { schemas: Json };
  };
  const schemas = openapiToJsonSchema(doc.components.schemas) as Record<string, Json>;
  adjust(schemas);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const f of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(f, true);
  ajv.addSchema({ $id: 'openapi.json', components: { schemas } });
  const covered = new Set<string>();

  /** Checks an answer against the description's schema for (template path, method, status). */
  function check(template: string, method: string, res: Answer): void {
    const op = doc.paths[template]?.[method];
    expect(op, `${method.toUpperCase()} ${template} is not in the description`).toBeDefined();
    const response = op!.responses[String(res.status)];
    expect(
      response,
      `${method.toUpperCase()} ${template}: status ${res.status} not described (${res.raw.toString().slice(0, 200)})`,
    ).toBeDefined();
    covered.add(`${method} ${template}`);
    const content = response!.content ?? {};
    const schema = content['application/json']?.schema;
    if (schema) {
      const validate = ajv.compile(
        schema.$ref ? { $ref: `openapi.json${String(schema.$ref)}` } : (openapiToJsonSchema(schema) as Json),
      );
      const ok = validate(res.body);
      expect(ok, `${method.toUpperCase()} ${template}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    } else if (Object.keys(content).length > 0) {
      expect(res.raw.length, `${method.toUpperCase()} ${template}: empty body`).toBeGreaterThan(0);
    } else {
      expect(res.raw.length).toBe(0);
    }
  }

  /** The described operations under paths matching `prefixes` that no check has exercised. */
  function uncovered(prefixes: RegExp): string[] {
    return Object.entries(doc.paths)
      .filter(([p]) => prefixes.test(p))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'parameters')
          .map((m) => `${m} ${p}`),
      )
      .filter((op) => !covered.has(op));
  }

  return { ajv, paths: doc.paths, check, uncovered };
}
