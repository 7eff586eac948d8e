/** One measured number. The runner prints it as `{"bench":"<area>.<name>","value":…,"unit":…}`. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/** A benchmark area: measures and yields its figures one by one. Diagnostics go to stderr. */
export type BenchArea = () => AsyncIterable<Figure>;

/** Progress and details for humans; stdout is reserved for the JSON lines. */
export function note(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
