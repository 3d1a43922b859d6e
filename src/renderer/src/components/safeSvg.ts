// SVG from the app process is parsed, not injected as markup: scripts, foreign HTML, event handlers and
// links or images that leave the document are dropped before the node is adopted into the page.

const DROPPED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  // Animations can set an attribute (a link, a handler) after the checks below.
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
  'handler',
  'listener',
]);
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction']);

/** Whether a link stays inside the document (a fragment) or is an inline image. */
function localLink(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);/.test(v);
}

/** Whether a value (a style, a paint such as fill, a filter) could load anything: url() or @import. */
function loadsSomething(value: string): boolean {
  if (/@import|expression\s*\(|image-set\s*\(/i.test(value)) return true;
  // Every url(…) must be a fragment of this document.
  for (const m of value.matchAll(/url\s*\(\s*(['"]?)\s*([^'")]*)/gi)) if (!m[2]!.startsWith('#')) return true;
  return false;
}

/**
 * The SVG of `markup` made safe to show: null when it is not well-formed SVG. Elements that run code or
 * embed other documents go, as do `on*` attributes, non-local links, and any attribute or style sheet
 * that would load a resource (local `url(#id)` references stay).
 */
export function safeSvg(markup: string, doc: Document = document): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.nodeName.toLowerCase() !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0)
    return null;
  for (const el of Array.from(root.querySelectorAll('*')).concat(root)) {
    if (DROPPED_ELEMENTS.has(el.localName.toLowerCase())) {
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (
        name.startsWith('on') ||
        (LINK_ATTRIBUTES.has(name) && !localLink(attr.value)) ||
        loadsSomething(attr.value)
      )
        el.removeAttributeNode(attr);
    }
    if (el.localName.toLowerCase() === 'style' && loadsSomething(el.textContent ?? '')) el.remove();
  }
  return doc.importNode(root, true) as unknown as SVGSVGElement;
}
