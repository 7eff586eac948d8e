// Address lists typed as text: "a@x.com, b@y.com; c@z.com" ↔ ['a@x.com', 'b@y.com', 'c@z.com'].

export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

export function joinAddresses(list: readonly string[]): string {
  return list.join(', ');
}

/** Adds an address unless it is already there (addresses compare without case). */
export function withAddress(text: string, email: string): string {
  const list = splitAddresses(text);
  if (list.some((item) => item.toLowerCase() === email.toLowerCase())) return joinAddresses(list);
  return joinAddresses([...list, email]);
}

/** zod issue paths like ['to', 2] name the list; the message is enough for the user. */
export function issuesByField(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}
