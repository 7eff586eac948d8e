// A note the company carries stops being "new" in the inbox once a CT-e carrying its key is
// authorized. Opening the CT-e form is not enough: a form left aside, or a CT-e rejected, must
// leave the note waiting where the clerk will see it again.
import { parseAccessKey } from '../../fiscal/access-key';
import type { StoredPayload } from '../issuing/stored-payload';

/** Every NF-e key (modelo 55) in a CT-e / CT-e simplificado request, wherever its layout puts it. */
export function nfeKeysOfPayload(payload: StoredPayload): string[] {
  const keys = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length === 44 && parseAccessKey(value)?.kind === 'nfe') keys.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(payload);
  return [...keys];
}
