// Numeric character references (XML 1.0 §4.1) are decoded once, before parsing, in text and
// attributes; CDATA and comments keep them as written; markup characters stay markup-safe.
import { describe, expect, it } from 'vitest';
import { decodeCharRefs, parseXmlSafely, txt, attr } from '../../electron/documents/parse/xml';

describe('numeric character references', () => {
  it('decimal and hexadecimal, in text and attributes', () => {
    const { root } = parseXmlSafely('<a x="S&#xE3;o"><b>Gon&#231;alves &#x1F69A;</b></a>');
    expect(txt(root, 'b')).toBe('Gonçalves 🚚');
    expect(attr(root, 'x')).toBe('São');
  });

  it('a reference to a markup character stays text, never markup', () => {
    const { root } = parseXmlSafely('<a><b>1 &#60; 2 &#38;&#38; &#x3E;</b><c>&amp;#233;</c></a>');
    expect(txt(root, 'b')).toBe('1 < 2 && >');
    expect(txt(root, 'c')).toBe('&#233;');
  });

  it('CDATA and comments are left as written; invalid code points are not invented', () => {
    expect(decodeCharRefs('<a><![CDATA[&#233;]]><!-- &#233; --></a>')).toBe(
      '<a><![CDATA[&#233;]]><!-- &#233; --></a>',
    );
    expect(decodeCharRefs('<a>&#0;&#xD800;&#x110000;</a>')).toBe('<a>&#0;&#xD800;&#x110000;</a>');
  });
});
