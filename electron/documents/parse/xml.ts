import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../shared/errors';

/** A parsed element: children by local name (namespace prefixes dropped), attributes as `@_name`, text as `#text`. */
export interface XNode {
  [name: string]: XValue;
}
export type XValue = string | XNode | XValue[];

export interface ParsedXml {
  rootName: string;
  root: XNode;
}

/** Fiscal XMLs are a few KB; 20 MB already means a wrong file, and refusing early keeps the UI responsive. */
export const MAX_XML_CHARS = 20 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Entities are decoded below in one pass (the parser would decode &amp; before the numeric
  // references, turning the text "&amp;#201;" into "É"); CDATA stays apart so it is never decoded.
  processEntities: false,
  htmlEntities: false,
  textNodeName: '#text',
  cdataPropName: '#cdata',
});

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0 §2.2 Char: what a character reference may name. */
function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/**
 * The five predefined entities and numeric character references (XML 1.0 §4.1, §4.6), decoded
 * in one pass. Real documents from other systems write accents as `&#218;` or `&#xC9;`.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return PREDEFINED[ref] ?? whole;
    const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return isXmlChar(cp) ? String.fromCodePoint(cp) : whole;
  });
}

/** Decodes text and attributes, folds CDATA into the text (trimmed like text), recursively. */
function normalize(value: unknown): XValue {
  if (typeof value === 'string') return decodeXmlText(value);
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return String(value ?? '');
  const source = value as Record<string, unknown>;
  const out: XNode = {};
  let text = '';
  let hasText = false;
  for (const [key, child] of Object.entries(source)) {
    if (key === '#text' || key === '#cdata') {
      const parts = Array.isArray(child) ? child : [child];
      for (const part of parts) {
        const piece = typeof part === 'string' ? part : String(part ?? '');
        text += key === '#cdata' ? piece.trim() : decodeXmlText(piece);
      }
      hasText = true;
    } else out[key] = normalize(child);
  }
  if (!hasText) return out;
  if (Object.keys(out).length === 0) return text;
  out['#text'] = text;
  return out;
}

/**
 * Parses untrusted XML without ever expanding user-defined entities: any DOCTYPE or ENTITY
 * declaration is refused outright (billion-laughs and external-entity attacks need one).
 */
export function parseXmlSafely(xml: string): ParsedXml {
  if (typeof xml !== 'string' || xml.length === 0) {
    throw new AppError('xml_empty', 'O arquivo XML está vazio.');
  }
  if (xml.length > MAX_XML_CHARS) {
    throw new AppError(
      'xml_too_large',
      `O arquivo XML é grande demais (${Math.round(xml.length / 1024 / 1024)} MB; o limite é ${MAX_XML_CHARS / 1024 / 1024} MB). Verifique se escolheu o arquivo certo.`,
    );
  }
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new AppError(
      'xml_doctype',
      'O XML contém declaração DOCTYPE ou ENTITY, que não é aceita em documentos fiscais por segurança. Use o XML original do documento.',
    );
  }
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new AppError('xml_malformed', `O arquivo não é um XML válido (linha ${line}, coluna ${col}).`, {
      detail: msg,
    });
  }
  const doc = normalize(parser.parse(text)) as XNode;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = rootName === undefined ? undefined : doc[rootName];
  if (rootName === undefined || root === undefined) {
    throw new AppError('xml_no_root', 'O arquivo XML não tem elemento raiz.');
  }
  return { rootName, root: asNode(root) ?? {} };
}

function asNode(value: XValue | undefined): XNode | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return asNode(value[0]);
  if (typeof value === 'string') return { '#text': value };
  return value;
}

/** The first element at the given path, or undefined when any step is missing. */
export function el(node: XNode | undefined, ...path: string[]): XNode | undefined {
  let current = node;
  for (const name of path) {
    if (current === undefined) return undefined;
    current = asNode(current[name]);
  }
  return current;
}

/** All elements with this name under `node` (an empty list when absent). */
export function els(node: XNode | undefined, name: string): XNode[] {
  const value = node?.[name];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => asNode(v)).filter((v): v is XNode => v !== undefined);
}

/** Text of the element at the path; '' when missing. */
export function txt(node: XNode | undefined, ...path: string[]): string {
  const target = path.length === 0 ? node : el(node, ...path);
  const value = target?.['#text'];
  return typeof value === 'string' ? value : '';
}

export function attr(node: XNode | undefined, name: string): string {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : '';
}

/** Name of the first child element among `names` that exists, and the element. */
export function firstOf(node: XNode | undefined, names: readonly string[]): [string, XNode] | undefined {
  for (const name of names) {
    const found = el(node, name);
    if (found !== undefined) return [name, found];
  }
  return undefined;
}
