// The API description (OpenAPI 3.0) as JSON Schema for ajv: `nullable` as a type union, boolean
// exclusive bounds as numbers, objects closed so a misspelt member fails.
type Json = Record<string, unknown>;

export function openapiToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openapiToJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'example' || key === 'nullable' || key.startsWith('x-') || key === 'discriminator') continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, openapiToJsonSchema(v)]))
        : openapiToJsonSchema(value);
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  if ((node as Json).nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] };
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.oneOf && !out.anyOf) {
    out.additionalProperties = false;
  }
  return out;
}
