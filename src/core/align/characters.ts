// Words split into characters as sclite's `-c` splits them (character error rate).

/** sclite's `-c` options: `NOASCII` keeps runs of ASCII letters whole, `DH` deletes hyphens. */
export interface CharacterOptions {
  noAscii?: boolean;
  deleteHyphens?: boolean;
}

/**
 * sclite's split of a word into characters (SCTK `text.c`, `TEXT_separate_chars`): one token per
 * character (Unicode code point, as sclite's `-e utf-8`), except that with `noAscii` consecutive ASCII
 * characters stay one token, and with `deleteHyphens` hyphens are dropped. A one-character word is
 * kept as it is (sclite does not expand it, hyphen included).
 */
export function characterTokens(word: string, options: CharacterOptions = {}): string[] {
  const chars = Array.from(word);
  if (chars.length <= 1) return chars.length === 1 ? [word] : [];
  const out: string[] = [];
  let lastAscii = false;
  for (const ch of chars) {
    if (options.deleteHyphens && ch === '-') continue;
    const ascii = ch.charCodeAt(0) < 128;
    if (options.noAscii && ascii && lastAscii && out.length > 0) out[out.length - 1] += ch;
    else out.push(ch);
    lastAscii = ascii;
  }
  return out;
}
