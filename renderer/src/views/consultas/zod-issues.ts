// A zod result as messages by field name, for the consultation forms (the same schemas the main side
// enforces, so the user sees the message before any request).
import type { z } from 'zod';

export type FieldMessages = Record<string, string>;

export function issuesByField(error: z.ZodError): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    messages[key] ??= issue.message;
  }
  return messages;
}
