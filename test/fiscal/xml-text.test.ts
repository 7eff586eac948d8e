// The XML 1.0 character rule (W3C XML 1.0 §2.2, production [2] Char) as fiscal/xml-text.ts states
// it, at its edges: the allowed ranges' ends, the controls XML keeps (tab, LF, CR), surrogates.
import { describe, expect, it } from 'vitest';

import { firstInvalidXmlChar, invalidXmlCharMessage, isXmlText } from '../../electron/fiscal/xml-text';

describe('firstInvalidXmlChar', () => {
  it('accepts what Char allows, including tab, LF, CR, accents, U+FFFD and a whole emoji pair', () => {
    for (const text of [
      '',
      'São Paulo – Ré',
      'a\tb\nc\rd',
      '\u0020\uD7FF\uE000\uFFFD',
      'caminhão 🚚',
      '\u{10FFFF}',
    ])
      expect(firstInvalidXmlChar(text), JSON.stringify(text)).toBeNull();
  });

  it('names the first refused character, its position as the clerk counts and its kind', () => {
    expect(firstInvalidXmlChar('Rua\u0007 A')).toEqual({
      position: 4,
      codePoint: 7,
      code: 'U+0007',
      kind: 'controle',
    });
    expect(firstInvalidXmlChar('\u0000')).toMatchObject({ code: 'U+0000', kind: 'controle' });
    expect(firstInvalidXmlChar('x\u001F')).toMatchObject({ code: 'U+001F', position: 2 });
    expect(firstInvalidXmlChar('ok\uFFFE')).toMatchObject({ code: 'U+FFFE', kind: 'nao-caractere' });
    expect(firstInvalidXmlChar('\uFFFF')).toMatchObject({ code: 'U+FFFF', kind: 'nao-caractere' });
    // An emoji counts as one character: the lone surrogate after it is at position 3.
    expect(firstInvalidXmlChar('🚚a\uDC00')).toMatchObject({
      position: 3,
      code: 'U+DC00',
      kind: 'surrogate',
    });
    expect(firstInvalidXmlChar('\uD800b')).toMatchObject({ position: 1, code: 'U+D800', kind: 'surrogate' });
    expect(isXmlText('a\u0008')).toBe(false);
  });

  it('says it in Portuguese', () => {
    expect(invalidXmlCharMessage(firstInvalidXmlChar('Rua\u0007 A')!)).toBe(
      'o caractere de controle U+0007 (posição 4) não é aceito no documento fiscal: apague-o (costuma vir de texto colado)',
    );
    expect(invalidXmlCharMessage(firstInvalidXmlChar('a\uD800')!)).toContain('caractere incompleto');
  });
});
