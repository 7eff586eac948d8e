// Writes the doubles' answers as XML: an object's keys in order become elements, a list repeats its
// element, text is escaped. Enough for the flat `Retorno` shapes and AverbePorto's xml output.

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function elementXml(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => elementXml(name, item)).join('');
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([key, child]) => elementXml(key, child))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escape(String(value))}</${name}>`;
}
