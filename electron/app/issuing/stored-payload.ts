// A request kept in the outbox comes back from SQLite as `unknown` (it was typed when built, by
// fiscal/requests): these readers narrow it one member at a time, so a row written by an older
// version, or damaged, reads as empty values instead of crashing the screen that asked.
export type StoredPayload = Record<string, unknown>;

export function isRecord(v: unknown): v is StoredPayload {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The member as an object, or an empty one. */
export const rec = (v: unknown): StoredPayload => (isRecord(v) ? v : {});

/** The member as an object, or undefined when it is not one. */
export const recOrNone = (v: unknown): StoredPayload | undefined => (isRecord(v) ? v : undefined);

/** The member's objects, when it is a list (anything else in it is left out). */
export const recs = (v: unknown): StoredPayload[] => (Array.isArray(v) ? v.filter(isRecord) : []);
