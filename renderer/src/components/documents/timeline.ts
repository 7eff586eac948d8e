// One line of a document's history, shared by the CT-e and MDF-e views and the averbação lines.
export interface TimelineEntry {
  /** ISO time, null when the API did not tell it. */
  when: string | null;
  text: string;
  tone: 'info' | 'success' | 'danger' | 'warn';
}
