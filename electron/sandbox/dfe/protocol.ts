// Protocol numbers in the authorities' shape: CT-e 15 digits (TProt), DC-e 16 digits.

/** CT-e / CT-e OS / events: type digit 1 + cUF + AA + 10-digit sequence = 15 digits. */
export function cteProtocolNumber(cUF: string | number, now: Date, sequence: number): string {
  const yy = String(now.getUTCFullYear() % 100).padStart(2, '0');
  return `1${String(cUF).padStart(2, '0')}${yy}${String(sequence % 1e10).padStart(10, '0')}`;
}

/** DC-e: 16 digits. */
export function dceProtocolNumber(cUF: string | number, now: Date, sequence: number): string {
  return `${cteProtocolNumber(cUF, now, sequence)}9`;
}
