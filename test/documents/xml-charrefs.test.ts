// Numeric character references (XML 1.0 §4.1) are decoded once, in text and attributes; CDATA keeps
// them as written; markup characters stay text.
import { describe, expect, it } from 'vitest';
import { decodeXmlText, parseXmlSafely, txt, attr } from '../../electron/documents/parse/xml';

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

  it('CDATA is left as written; invalid code points are not invented', () => {
    const { root } = parseXmlSafely('<a><b><![CDATA[&#233;]]></b></a>');
    expect(txt(root, 'b')).toBe('&#233;');
    expect(decodeXmlText('&#0;&#xD800;&#x110000;')).toBe('&#0;&#xD800;&#x110000;');
  });
});
