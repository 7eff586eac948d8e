// Every text a form writes into a fiscal XML passes the XML 1.0 character rule of
// fiscal/xml-text.ts. Applied once per form (and event) schema over all of its strings, so a field
// added later is covered too; each problem is reported at the field's own path.
import type { z } from 'zod';

import { firstInvalidXmlChar, invalidXmlCharMessage } from '../../fiscal/xml-text';

export interface XmlTextIssue {
  path: (string | number)[];
  message: string;
}

/** Every string in `value` (objects and arrays, any depth) with a character XML 1.0 refuses. */
export function xmlTextIssues(value: unknown, path: (string | number)[] = []): XmlTextIssue[] {
  if (typeof value === 'string') {
    const found = firstInvalidXmlChar(value);
    return found ? [{ path, message: invalidXmlCharMessage(found) }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => xmlTextIssues(v, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => xmlTextIssues(v, [...path, k]));
  }
  return [];
}

/** A superRefine step: `schema.superRefine(xmlText, ALWAYS)`. */
export function xmlText(value: unknown, ctx: z.RefinementCtx): void {
  for (const issue of xmlTextIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
}

/**
 * Run the step even when other fields still have problems (zod skips refinements after a missing
 * required member otherwise): a form half filled shows the bad character as soon as it is typed.
 */
export const ALWAYS = { when: () => true } as const;
