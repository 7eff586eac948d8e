// Response bodies checked against the API description's schemas (../shared), read with ajv.
// OpenAPI 3.0 `nullable` becomes a JSON-Schema null type, and every object with `properties`
// is closed (additionalProperties: false) so a field the description lacks is caught too.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { openapiPath } from '../../support/shared';

type Json = Record<string, unknown>;

function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'example' || k === 'nullable' || k === 'x-codegen-request-body-name') continue;
    out[k] = adapt(v);
  }
  const src = node as Json;
  if (src.properties && src.additionalProperties === undefined) out.additionalProperties = false;
  if (src.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  if (out.$ref && typeof out.$ref === 'string') out.$ref = `openapi${out.$ref}`;
  return out;
}

let ajv: Ajv | null = null;
const cache = new Map<string, ValidateFunction>();

export function schemaErrors(name: string, body: unknown): string | null {
  if (!ajv) {
    const doc = parse(readFileSync(openapiPath, 'utf8')) as { components: { schemas: Json } };
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi', components: { schemas: adapt(doc.components.schemas) } });
  }
  let validate = cache.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
    cache.set(name, validate);
  }
  return validate(body) ? null : ajv.errorsText(validate.errors, { separator: '\n' });
}
