// Text the layouts carry must be characters XML 1.0 allows (W3C XML 1.0, §2.2 "Characters",
// production [2] Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]).
// Anything else — the C0 controls other than tab, line feed and carriage return, half of a UTF-16
// surrogate pair, U+FFFE and U+FFFF — makes a document no XML parser reads, the authority's
// included (it answers the schema failure before any rule). One rule for the app's forms and the
// sandbox's request check.

export interface InvalidXmlChar {
  /** Position in the text, counting characters from 1 as the clerk sees them. */
  position: number;
  codePoint: number;
  /** 'U+0007'. */
  code: string;
  kind: 'controle' | 'surrogate' | 'nao-caractere';
}

function allowed(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** The first character of `text` XML 1.0 does not allow, or null when every one is allowed. */
export function firstInvalidXmlChar(text: string): InvalidXmlChar | null {
  let position = 0;
  // for…of walks code points: a lone surrogate comes out on its own (0xD800–0xDFFF).
  for (const ch of text) {
    position += 1;
    const cp = ch.codePointAt(0)!;
    if (allowed(cp)) continue;
    const kind =
      cp >= 0xd800 && cp <= 0xdfff ? 'surrogate' : cp < 0x20 || cp === 0x7f ? 'controle' : 'nao-caractere';
    return { position, codePoint: cp, code: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`, kind };
  }
  return null;
}

export const isXmlText = (text: string): boolean => firstInvalidXmlChar(text) === null;

const KIND_WORDS: Record<InvalidXmlChar['kind'], string> = {
  controle: 'caractere de controle',
  surrogate: 'caractere incompleto (metade de um par UTF-16)',
  'nao-caractere': 'caractere inválido',
};

/**
 * The clerk's words: "o caractere de controle U+0007 (posição 12) não é aceito no documento
 * fiscal: apague-o (costuma vir de texto colado)".
 */
export function invalidXmlCharMessage(found: InvalidXmlChar): string {
  return `o ${KIND_WORDS[found.kind]} ${found.code} (posição ${found.position}) não é aceito no documento fiscal: apague-o (costuma vir de texto colado)`;
}
