// A small XML reader for data files such as ELAN's EAF: elements, attributes, text, CDATA, the five
// predefined entities and character references; declarations, processing instructions, comments and the
// DOCTYPE are skipped. No namespaces (names are kept with their prefix), no DTD entities. Core has no DOM,
// and a data format needs no more. Iterative, so deep nesting cannot overflow the stack.
import type { ParseResult } from '../text/diagnostics';
import { Reporter, shown } from './common';

/** One attribute: its name, its decoded value, and the offset of the value's first character. */
export interface XmlAttribute {
  name: string;
  value: string;
  offset: number;
}

/** One element: name, attributes in document order, child elements, and its own text. */
export interface XmlElement {
  name: string;
  // An array, not a Map: elements have a handful of attributes, and a file of a million elements
  // spends most of its time in the garbage collector when each carries a Map.
  attributes: XmlAttribute[];
  children: XmlElement[];
  /**
   * The element's character data (text and CDATA directly inside it), entities decoded; whitespace-only
   * runs after its first child element are left out.
   */
  text: string;
  /** Offset of the `<` that opens the element. */
  offset: number;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes entity and character references in `raw`, which starts at `offset` in the reporter's text. */
function decode(raw: string, offset: number, report: Reporter): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s<]{0,10});?/g, (all: string, name: string, at: number) => {
    const ref = /^#x([0-9a-fA-F]{1,6})$/.exec(name) ?? /^#([0-9]{1,7})$/.exec(name);
    if (ref && all.endsWith(';')) {
      const cp = parseInt(ref[1]!, name[1] === 'x' ? 16 : 10);
      if (cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) return String.fromCodePoint(cp);
    } else if (all.endsWith(';') && Object.hasOwn(PREDEFINED, name)) return PREDEFINED[name]!;
    report.error(
      offset + at,
      'xml.entity',
      `expected &lt; &gt; &amp; &quot; &apos; or &#N;, found ${shown(all)}`,
    );
    return all;
  });
}

const isBlank = (s: string): boolean => /^\s*$/.test(s);

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

const NAME = /[^\s/>=<"'!?]+/y;

/** Reads an XML document into its root element (null when there is none). Never throws. */
export function parseXml(text: string): ParseResult<XmlElement | null> {
  const report = new Reporter(text);
  const stack: XmlElement[] = [];
  // How many elements of each name are open: an end tag whose name is not open is found out without
  // searching the stack, so every element is looked at a bounded number of times (linear in the text).
  const open = new Map<string, number>();
  const push = (e: XmlElement): void => {
    stack.push(e);
    open.set(e.name, (open.get(e.name) ?? 0) + 1);
  };
  const pop = (): XmlElement => {
    const e = stack.pop()!;
    open.set(e.name, open.get(e.name)! - 1);
    return e;
  };
  let root: XmlElement | null = null;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipTo = (end: string, what: string): void => {
    const k = text.indexOf(end, i);
    if (k < 0) {
      report.error(i, 'xml.unclosed', `expected '${end}' to close this ${what}`);
      i = text.length;
    } else i = k + end.length;
  };
  const addText = (s: string, at: number): void => {
    const top = stack[stack.length - 1];
    // Whitespace after a child element is layout, not data; keeping it would make every container hold
    // one piece per child (a tier of 200,000 annotations).
    if (top && (top.children.length === 0 || !isBlank(s))) top.text += s;
    else if (!top && !isBlank(s))
      report.error(at, 'xml.outside', 'expected only whitespace outside the root element');
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt !== i) {
      const end = lt < 0 ? text.length : lt;
      addText(decode(text.slice(i, end), i, report), i);
      i = end;
      continue;
    }
    if (text.startsWith('<!--', i)) skipTo('-->', 'comment');
    else if (text.startsWith('<![CDATA[', i)) {
      const start = i;
      skipTo(']]>', 'CDATA section');
      addText(text.slice(start + 9, Math.max(start + 9, i - 3)), start);
    } else if (text.startsWith('<?', i)) skipTo('?>', 'declaration');
    else if (text.startsWith('<!', i)) {
      // DOCTYPE (with an internal subset in brackets) or another markup declaration. Only its own
      // characters are looked at: searching the rest of the file for a '[' at every '<!' is quadratic.
      let k = i + 2;
      while (k < text.length && text[k] !== '>' && text[k] !== '[') k++;
      if (text[k] === '[') skipTo(']', 'DOCTYPE');
      skipTo('>', 'declaration');
    } else if (text.startsWith('</', i)) {
      const at = i;
      NAME.lastIndex = i + 2;
      const name = NAME.exec(text)?.[0] ?? '';
      i = skipSpace(text, i + 2 + name.length);
      if (text[i] !== '>') report.error(i, 'xml.syntax', `expected '>' to end </${name}`);
      else i++;
      let depth = (open.get(name) ?? 0) > 0 ? stack.length - 1 : -1;
      while (depth >= 0 && stack[depth]!.name !== name) depth--;
      if (depth < 0) {
        report.error(
          at,
          'xml.mismatch',
          `found </${name}> but ${stack.length ? `<${stack[stack.length - 1]!.name}> is open` : 'no element is open'}`,
        );
        continue;
      }
      if (depth !== stack.length - 1) {
        report.error(at, 'xml.mismatch', `expected </${stack[stack.length - 1]!.name}> before </${name}>`);
      }
      while (stack.length > depth) close(pop());
    } else i = openTag(text, i, report, push, close);
  }
  for (let k = stack.length - 1; k >= 0; k--) {
    report.error(
      stack[k]!.offset,
      'xml.unclosed',
      `expected </${stack[k]!.name}> before the end of the file`,
    );
    close(pop());
  }
  if (!root && !report.failed) report.error(text.length, 'xml.empty', 'expected a root element');
  return { value: root, diagnostics: report.diagnostics };

  function close(e: XmlElement): void {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(e);
    else if (!root) root = e;
    else report.error(e.offset, 'xml.roots', `expected one root element, found a second: <${e.name}>`);
  }
}

// Reads `<name attr="v" …>` or `<name …/>` at `i`; returns where reading goes on.
function openTag(
  text: string,
  i: number,
  report: Reporter,
  push: (e: XmlElement) => void,
  close: (e: XmlElement) => void,
): number {
  const start = i;
  NAME.lastIndex = i + 1;
  const name = NAME.exec(text)?.[0];
  if (!name) {
    report.error(i, 'xml.syntax', "expected an element name after '<'");
    return i + 1;
  }
  const e: XmlElement = { name, attributes: [], children: [], text: '', offset: start };
  i += 1 + name.length;
  while (true) {
    i = skipSpace(text, i);
    if (i >= text.length) {
      report.error(start, 'xml.unclosed', `expected '>' to close <${name}`);
      close(e);
      return i;
    }
    if (text.startsWith('/>', i)) {
      close(e);
      return i + 2;
    }
    if (text[i] === '>') {
      push(e);
      return i + 1;
    }
    NAME.lastIndex = i;
    const attr = NAME.exec(text)?.[0];
    // name = "value" (or 'value'), with optional spaces around the '='.
    let k = attr ? skipSpace(text, i + attr.length) : i;
    const hasEq = attr !== undefined && text[k] === '=';
    if (hasEq) k = skipSpace(text, k + 1);
    const q = text[k];
    if (!attr || !hasEq || (q !== '"' && q !== "'")) {
      const what = !attr ? `'>', '/>' or an attribute in <${name}>` : `="value" after attribute ${attr}`;
      report.error(attr ? k : i, 'xml.syntax', `expected ${what}`);
      // Resynchronise at the end of the tag.
      const gt = text.indexOf('>', i);
      if (gt > 0 && text[gt - 1] === '/') close(e);
      else push(e);
      return gt < 0 ? text.length : gt + 1;
    }
    const valueStart = k + 1;
    const end = text.indexOf(q, valueStart);
    if (end < 0) {
      report.error(valueStart - 1, 'xml.unclosed', `expected ${q} to close the value of ${attr}`);
      close(e);
      return text.length;
    }
    const raw = text.slice(valueStart, end);
    if (raw.includes('<'))
      report.error(valueStart + raw.indexOf('<'), 'xml.syntax', `expected no '<' in the value of ${attr}`);
    if (attribute(e, attr)) report.error(i, 'xml.duplicate', `attribute ${attr} appears twice in <${name}>`);
    e.attributes.push({ name: attr, value: decode(raw, valueStart, report), offset: valueStart });
    i = end + 1;
  }
}

const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};

/** Escapes text for XML character data and attribute values (CR too, which XML readers would drop). */
export function escapeXml(s: string): string {
  return s.replace(/[<>&"'\r]/g, (c) => ESCAPES[c]!);
}

/** The attribute `name` of `e`, if it has one. */
export function attribute(e: XmlElement, name: string): XmlAttribute | undefined {
  for (const a of e.attributes) if (a.name === name) return a;
  return undefined;
}

/** The child elements of `e` named `name`. */
export function childrenNamed(e: XmlElement, name: string): XmlElement[] {
  return e.children.filter((c) => c.name === name);
}
