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
  htmlEntities: false,
  textNodeName: '#text',
});

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
  const text = decodeCharRefs(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new AppError('xml_malformed', `O arquivo não é um XML válido (linha ${line}, coluna ${col}).`, {
      detail: msg,
    });
  }
  const doc = parser.parse(text) as XNode;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = rootName === undefined ? undefined : doc[rootName];
  if (rootName === undefined || root === undefined) {
    throw new AppError('xml_no_root', 'O arquivo XML não tem elemento raiz.');
  }
  return { rootName, root: asNode(root) ?? {} };
}

/** The characters the markup needs stay as the predefined entities the parser decodes itself. */
const MARKUP_REFS: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Numeric character references (`&#231;`, `&#xE7;`) as the characters they stand for: real documents
 * from other systems use them for accented names (XML 1.0 §4.1), and the parser leaves them as text.
 * CDATA sections and comments are left as written; an invalid code point is left alone for the
 * validator to refuse.
 */
export function decodeCharRefs(xml: string): string {
  if (!xml.includes('&#')) return xml;
  return xml
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            /&#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}));/g,
            (ref, hex: string | undefined, dec: string | undefined) => {
              const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
              if (
                code < 0x20
                  ? ![0x9, 0xa, 0xd].includes(code)
                  : code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
              )
                return ref;
              const ch = String.fromCodePoint(code);
              return MARKUP_REFS[ch] ?? ch;
            },
          ),
    )
    .join('');
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
