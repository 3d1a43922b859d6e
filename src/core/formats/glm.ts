// NIST GLM files (global mapping rules, SCTK `doc/GLMRules.txt`) and their application to transcripts
// as `csrfilt.sh -i trn` applies them with `rfilter1`, before sclite scores.
import {
  type Diagnostic,
  type ParseResult,
  LineIndex,
  diagnosticAt,
  valueOrThrow,
} from '../text/diagnostics';

/** One rewriting rule `A => B / C __ D`: `from` becomes `to` where `left` precedes and `right` follows. */
export interface GlmRule {
  from: string;
  to: string;
  left: string;
  right: string;
  /** 1-based line in the file. */
  line: number;
}

/** A parsed GLM file: its header values and its rules in file order. */
export interface Glm {
  name: string;
  copyNoHit: boolean;
  caseSensitive: boolean;
  rules: GlmRule[];
}

/** Which sections apply: `csrfilt.sh -i TYPE [-t ref|hyp]` (`;; INPUT_DEPENDENT_APPLICATION = "re"`). */
export interface GlmSection {
  inputType?: 'trn' | 'ctm' | 'stm' | 'txt' | 'rttm';
  purpose?: 'ref' | 'hyp';
}

const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\f' || c === '\v';

function unbracket(s: string): string {
  if (s.length >= 2 && ((s[0] === '[' && s.endsWith(']')) || (s[0] === '"' && s.endsWith('"')))) {
    return s.slice(1, -1);
  }
  return s;
}

/** A field after a marker (`=>`, `/`, `__`): skip the marker's characters, then spaces (rfilter1). */
function fieldAfter(line: string, start: number, end: number): string {
  let s = start;
  while (!isSpace(line[s]) && s < end) s++;
  if (s >= end) return '';
  while (isSpace(line[s])) s++;
  return unbracket(line.slice(s, end + 1));
}

/** Index of the last non-space character of `line[0, before)`, not before `floor`. */
function trimBack(line: string, before: number, floor: number): number {
  let e = before;
  while (e > floor && isSpace(line[e])) e--;
  return e;
}

/**
 * Reads a GLM file as SCTK's `rfilter1` does (`grules2.c`): the first token of the first line is the
 * comment flag (that line itself is never a rule); lines starting with `*` set `name`, `copy_no_hit`
 * and `case_sensitive` from their quoted value; other lines not starting with the flag are rules, cut
 * at the flag. In a rule the context is after the last `/` unless that `/` is inside `[ ]`; fields
 * bounded by `[ ]` or `" "` keep their inner spaces. Sections under `;; INPUT_DEPENDENT_APPLICATION =
 * "RE"` are kept only when RE matches the input type or purpose (`csrfilt.sh`). A line without `=>` is
 * an error with its line and column. Never throws.
 */
export function parseGlm(text: string, section: GlmSection = { inputType: 'trn' }): ParseResult<Glm> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const glm: Glm = { name: '', copyNoHit: true, caseSensitive: true, rules: [] };
  const lines = text.split('\n');
  const type = section.inputType ?? 'trn';
  const purpose = section.purpose ?? '';
  let applies = true;
  let comment = '';
  let offset = 0;
  lines.forEach((raw, k) => {
    const lineOffset = offset;
    offset += raw.length + 1;
    const dep = /^;;\s+INPUT_DEPENDENT_APPLICATION\s*=\s*"([^"]*)"/.exec(raw);
    if (dep) {
      let re: RegExp;
      try {
        re = new RegExp(dep[1]!.toLowerCase());
      } catch {
        diagnostics.push(diagnosticAt(index, lineOffset, 'glm.badSection', `bad expression '${dep[1]}'`));
        return;
      }
      applies = re.test(type) || re.test(purpose);
    }
    if (!applies) return;
    if (k === 0) {
      comment = /^\S*/.exec(raw)![0];
      return;
    }
    let line = raw.replace(/\s+$/, '');
    if (line.length === 0 || (comment !== '' && line.startsWith(comment))) return;
    if (line[0] === '*') {
      const value = /["']([^"']*)["']/.exec(line)?.[1];
      if (value === undefined) {
        diagnostics.push(diagnosticAt(index, lineOffset, 'glm.aux', 'a header line without a quoted value'));
        return;
      }
      const upper = line.toUpperCase();
      const bool = /^(T|YES|TRUE)$/i.test(value.trim());
      if (upper.includes('NAME')) glm.name = value;
      if (upper.includes('COPY_NO_HIT')) glm.copyNoHit = bool;
      if (upper.includes('CASE_SENSITIVE')) glm.caseSensitive = bool;
      return;
    }
    if (comment !== '') {
      const at = line.indexOf(comment);
      if (at >= 0) line = line.slice(0, at).replace(/\s+$/, '');
    }
    if (line.trim() === '') return;
    const eq = line.indexOf('=>');
    if (eq < 0) {
      diagnostics.push(diagnosticAt(index, lineOffset, 'glm.noArrow', "a rule without '=>'"));
      return;
    }
    // rfilter1: the context marker is the last '/', unless it is enclosed: C compares the pointers of
    // the first ']' and '[' after it, a missing one being NULL (smaller than any): ']' < '['.
    let slash = line.lastIndexOf('/');
    let slot = -1;
    if (slash >= 0) {
      if (line.indexOf(']', slash) < line.indexOf('[', slash)) slash = -1;
      else slot = line.indexOf('_', slash);
    }
    let s = 0;
    while (isSpace(line[s])) s++;
    const from = s < eq ? unbracket(line.slice(s, trimBack(line, eq - 1, s) + 1)) : '';
    const toEnd = slash < 0 ? line.length - 1 : trimBack(line, slash - 1, eq);
    const to = fieldAfter(line, eq, toEnd);
    let left = '';
    let right = '';
    if (slash >= 0 && slot >= 0) {
      left = fieldAfter(line, slash, trimBack(line, slot - 1, slash));
      right = fieldAfter(line, slot, line.length - 1);
    }
    glm.rules.push({ from, to, left, right, line: k + 1 });
  });
  return { value: glm, diagnostics };
}

/** `parseGlm`, throwing a `ParseError` (`file:line:col: …`) on the first problem. */
export function parseGlmOrThrow(text: string, file?: string, section?: GlmSection): Glm {
  return valueOrThrow(parseGlm(text, section), file);
}

const upperAscii = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

/**
 * rfilter1's rewriting (`aprules2.c`): a cursor moves along the text; at each position the first rule
 * in file order whose `from` starts there, with `left` just before and `right` just after (matched in
 * the input, ASCII case ignored unless the file is case-sensitive), writes `to` and skips `from`; with
 * no rule, the character is copied (or dropped when `copy_no_hit` is false).
 */
export function rewriteWithGlm(glm: Glm, text: string): string {
  const fold = (s: string): string => (glm.caseSensitive ? s : upperAscii(s));
  const byFirst = new Map<string, { rule: GlmRule; from: string; left: string; right: string }[]>();
  for (const rule of glm.rules) {
    if (rule.from === '') continue;
    const from = fold(rule.from);
    let list = byFirst.get(from[0]!);
    if (!list) byFirst.set(from[0]!, (list = []));
    list.push({ rule, from, left: fold(rule.left), right: fold(rule.right) });
  }
  const input = fold(text);
  let out = '';
  let i = 0;
  while (i < text.length) {
    let hit: GlmRule | undefined;
    for (const r of byFirst.get(input[i]!) ?? []) {
      if (
        input.startsWith(r.from, i) &&
        i >= r.left.length &&
        input.startsWith(r.left, i - r.left.length) &&
        input.startsWith(r.right, i + r.from.length)
      ) {
        hit = r.rule;
        break;
      }
    }
    if (hit) {
      out += hit.to;
      i += hit.from.length;
    } else {
      if (glm.copyNoHit) out += text[i];
      i++;
    }
  }
  return out;
}

/** How `applyGlm` treats the text around the rules (`csrfilt.sh` options). */
export interface GlmApplyOptions {
  /** Upper-case ASCII letters first (csrfilt's default; `-s` turns it off). */
  upcase?: boolean;
}

/**
 * The words of one transcript after `csrfilt.sh -i trn`: ASCII letters upper-cased, a space put inside
 * every parenthesis and around the text, the rules applied, parenthesised groups of several words split
 * into one optionally deletable word each (`( a b )` → `(a) (b)`), and the text split at white space.
 */
export function applyGlm(glm: Glm, words: readonly string[], options: GlmApplyOptions = {}): string[] {
  let text = words.join(' ');
  if (options.upcase !== false) text = upperAscii(text);
  text = `  ${text.replace(/\(/g, '( ').replace(/\)/g, ' )')}  `;
  text = rewriteWithGlm(glm, text);
  // csrfilt's propogateOptDel: ( A B → ( A ) ( B, until no group of two words is left open.
  const group = /(\(\s+[^()\s]+\s+)([^()\s]+)/;
  for (let m = group.exec(text); m; m = group.exec(text)) {
    text = `${text.slice(0, m.index)}${m[1]}) ( ${m[2]}${text.slice(m.index + m[0].length)}`;
  }
  text = text.replace(/\(\s+/g, '(').replace(/\s+\)/g, ')');
  return text.split(/\s+/).filter((w) => w !== '');
}

/**
 * `applyGlm` over one transcript and, for each resulting word, the index of the written word it comes
 * from — when the rules rewrite word by word (no rule's match or context spans two written words);
 * otherwise `sources` is null (the words are still those of the whole transcript).
 */
export function applyGlmWithSources(
  glm: Glm,
  words: readonly string[],
  options: GlmApplyOptions = {},
): { tokens: string[]; sources: number[] | null } {
  const tokens = applyGlm(glm, words, options);
  const each = words.map((w) => applyGlm(glm, [w], options));
  const flat = each.flat();
  const same = flat.length === tokens.length && flat.every((t, k) => t === tokens[k]);
  return { tokens, sources: same ? each.flatMap((ts, i) => ts.map(() => i)) : null };
}
