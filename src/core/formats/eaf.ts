// ELAN annotation files (EAF 2.x/3.0). Times live in TIME_ORDER as TIME_SLOTs in milliseconds; a slot
// without TIME_VALUE is "unaligned" and its place is only its position in TIME_ORDER, which lists the
// slots in time order (EAF 3.0 schema, TIME_ORDER). A time-aligned tier holds ALIGNABLE_ANNOTATIONs
// between two slots; a dependent tier's REF_ANNOTATIONs point at a parent annotation and share its time.
import type { TimedWord } from '../model/annotation';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { FormatWriteError, Reporter, shown } from './common';
import { type XmlElement, attribute, childrenNamed, escapeXml, parseXml } from './xmlLite';

/** One annotation: its value and its times in seconds (null where they cannot be known). */
export interface EafAnnotation {
  id: string;
  value: string;
  startSec: number | null;
  endSec: number | null;
  /** True when a time came from an unaligned slot, placed by interpolation. */
  interpolated: boolean;
  /** The parent annotation of a REF_ANNOTATION. */
  ref?: string;
}

/** One tier and its annotations, in document order. */
export interface EafTier {
  id: string;
  participant?: string;
  linguisticType?: string;
  parent?: string;
  annotations: EafAnnotation[];
}

/** What SIEVE reads from an EAF file. */
export interface EafDocument {
  /** Media URLs of the header (MEDIA_DESCRIPTOR MEDIA_URL, and RELATIVE_MEDIA_URL where given). */
  media: { url: string; relativeUrl?: string; mimeType?: string }[];
  tiers: EafTier[];
}

/** How unaligned time slots are treated. */
export interface EafOptions {
  /** `interpolate` (default): evenly between the aligned neighbours, as ELAN draws them; `null`: no times. */
  unaligned?: 'interpolate' | 'null';
}

const attr = (e: XmlElement, name: string): string | undefined => attribute(e, name)?.value;

// Milliseconds of every slot: aligned ones as written, unaligned ones interpolated (or null).
function slotTimes(
  order: XmlElement | undefined,
  report: Reporter,
  options: EafOptions,
): Map<string, { ms: number | null; aligned: boolean }> {
  const slots = order ? childrenNamed(order, 'TIME_SLOT') : [];
  const ids: string[] = [];
  const ms: (number | null)[] = [];
  const times = new Map<string, { ms: number | null; aligned: boolean }>();
  for (const s of slots) {
    const id = attr(s, 'TIME_SLOT_ID');
    if (!id) {
      report.error(s.offset, 'eaf.slot', 'expected a TIME_SLOT_ID on this TIME_SLOT');
      continue;
    }
    if (times.has(id)) report.error(s.offset, 'eaf.slot', `time slot ${shown(id)} is defined twice`);
    const raw = attribute(s, 'TIME_VALUE');
    let value: number | null = null;
    if (raw) {
      value = /^\d+(\.\d+)?$/.test(raw.value.trim()) ? Number(raw.value) : null;
      if (value === null)
        report.error(
          raw.offset,
          'eaf.time',
          `expected TIME_VALUE in whole milliseconds, found ${shown(raw.value)}`,
        );
    }
    ids.push(id);
    ms.push(value);
    times.set(id, { ms: value, aligned: value !== null });
  }
  if (options.unaligned === 'null') return times;
  // Runs of unaligned slots between two aligned ones share the gap evenly.
  let prev = -1;
  for (let k = 0; k <= ms.length; k++) {
    if (k < ms.length && ms[k] === null) continue;
    const gap = k - prev - 1;
    if (gap > 0 && prev >= 0 && k < ms.length) {
      const a = ms[prev]!;
      const b = ms[k]!;
      for (let j = 1; j <= gap; j++)
        times.set(ids[prev + j]!, { ms: a + ((b - a) * j) / (gap + 1), aligned: false });
    }
    prev = k;
  }
  return times;
}

/**
 * Reads an EAF file's tiers with times in seconds. Unknown slot or annotation references are errors;
 * an annotation that uses an unaligned slot gets a warning (with its interpolated time, or null).
 */
export function parseEaf(text: string, options: EafOptions = {}): ParseResult<EafDocument> {
  const xml = parseXml(text);
  const report = new Reporter(text);
  const doc: EafDocument = { media: [], tiers: [] };
  const root = xml.value;
  if (!root || root.name !== 'ANNOTATION_DOCUMENT') {
    if (root) report.error(root.offset, 'eaf.root', `expected <ANNOTATION_DOCUMENT>, found <${root.name}>`);
    return { value: doc, diagnostics: [...xml.diagnostics, ...report.diagnostics] };
  }
  const header = childrenNamed(root, 'HEADER')[0];
  const units = header && attribute(header, 'TIME_UNITS');
  if (units && units.value !== 'milliseconds') {
    report.error(
      units.offset,
      'eaf.units',
      `expected TIME_UNITS="milliseconds", found ${shown(units.value)}`,
    );
  }
  for (const m of header ? childrenNamed(header, 'MEDIA_DESCRIPTOR') : []) {
    const media: EafDocument['media'][number] = { url: attr(m, 'MEDIA_URL') ?? '' };
    const rel = attr(m, 'RELATIVE_MEDIA_URL');
    const mime = attr(m, 'MIME_TYPE');
    if (rel !== undefined) media.relativeUrl = rel;
    if (mime !== undefined) media.mimeType = mime;
    doc.media.push(media);
  }
  const times = slotTimes(childrenNamed(root, 'TIME_ORDER')[0], report, options);
  const byId = new Map<string, EafAnnotation>();
  const refs: { a: EafAnnotation; at: number }[] = [];
  for (const t of childrenNamed(root, 'TIER')) {
    const tier: EafTier = { id: attr(t, 'TIER_ID') ?? '', annotations: [] };
    if (!tier.id) report.error(t.offset, 'eaf.tier', 'expected a TIER_ID on this TIER');
    for (const [key, name] of [
      ['participant', 'PARTICIPANT'],
      ['linguisticType', 'LINGUISTIC_TYPE_REF'],
      ['parent', 'PARENT_REF'],
    ] as const) {
      const v = attr(t, name);
      if (v !== undefined) tier[key] = v;
    }
    for (const wrapper of childrenNamed(t, 'ANNOTATION')) {
      const a = wrapper.children[0];
      if (!a || (a.name !== 'ALIGNABLE_ANNOTATION' && a.name !== 'REF_ANNOTATION')) {
        report.error(
          wrapper.offset,
          'eaf.annotation',
          'expected ALIGNABLE_ANNOTATION or REF_ANNOTATION inside ANNOTATION',
        );
        continue;
      }
      const ann: EafAnnotation = {
        id: attr(a, 'ANNOTATION_ID') ?? '',
        value: childrenNamed(a, 'ANNOTATION_VALUE')[0]?.text ?? '',
        startSec: null,
        endSec: null,
        interpolated: false,
      };
      if (a.name === 'REF_ANNOTATION') {
        ann.ref = attr(a, 'ANNOTATION_REF') ?? '';
        refs.push({ a: ann, at: a.offset });
      } else {
        for (const [end, ref] of [
          ['startSec', 'TIME_SLOT_REF1'],
          ['endSec', 'TIME_SLOT_REF2'],
        ] as const) {
          const r = attribute(a, ref);
          const slot = r && times.get(r.value);
          if (!r || !slot) {
            report.error(
              r?.offset ?? a.offset,
              'eaf.slotref',
              r ? `unknown time slot ${shown(r.value)}` : `expected ${ref} on this annotation`,
            );
            continue;
          }
          ann[end] = slot.ms === null ? null : slot.ms / 1000;
          if (!slot.aligned) ann.interpolated = true;
        }
        if (ann.interpolated) {
          const how =
            ann.startSec === null || ann.endSec === null ? 'left without times' : 'times interpolated';
          report.warn(
            a.offset,
            'eaf.unaligned',
            `annotation ${shown(ann.id)} uses an unaligned time slot (${how})`,
          );
        }
      }
      if (ann.id) byId.set(ann.id, ann);
      tier.annotations.push(ann);
    }
    doc.tiers.push(tier);
  }
  // Dependent annotations take the times of the time-aligned annotation their chain of ANNOTATION_REFs
  // ends at. Each annotation is resolved once (long chains stay linear); a chain that comes back on
  // itself, or reaches an unknown id, ends at no time-aligned annotation and is an error.
  const ends = new Map<EafAnnotation, EafAnnotation | 'cycle' | 'unknown'>();
  for (const { a, at } of refs) {
    const path: EafAnnotation[] = [];
    const onPath = new Set<EafAnnotation>();
    let p: EafAnnotation | undefined = a;
    let end: EafAnnotation | 'cycle' | 'unknown';
    for (;;) {
      const known = ends.get(p);
      if (known !== undefined) {
        end = known;
        break;
      }
      if (p.ref === undefined) {
        end = p;
        break;
      }
      if (onPath.has(p)) {
        end = 'cycle';
        break;
      }
      onPath.add(p);
      path.push(p);
      p = byId.get(p.ref);
      if (!p) {
        end = 'unknown';
        break;
      }
    }
    for (const q of path) ends.set(q, end);
    if (typeof end !== 'string')
      Object.assign(a, { startSec: end.startSec, endSec: end.endSec, interpolated: end.interpolated });
    else if (!byId.has(a.ref!))
      report.error(at, 'eaf.ref', `unknown annotation ${shown(a.ref!)} in ANNOTATION_REF`);
    else
      report.error(
        at,
        'eaf.ref',
        `annotation ${shown(a.id)}: its ANNOTATION_REF chain ${end === 'cycle' ? 'comes back to an annotation it passed' : 'ends at an unknown annotation'}, never at a time-aligned one`,
      );
  }
  return { value: doc, diagnostics: [...xml.diagnostics, ...report.diagnostics] };
}

/** `parseEaf`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseEafOrThrow(text: string, options: EafOptions = {}, file?: string): EafDocument {
  return valueOrThrow(parseEaf(text, options), file);
}

/**
 * The annotations of one tier as timed words (blank values skipped, values trimmed). The tier is `tierId`,
 * else one named `words` (any case), else the first time-aligned tier; null when there is none.
 */
export function eafTierWords(doc: EafDocument, tierId?: string): TimedWord[] | null {
  const tier =
    tierId !== undefined
      ? doc.tiers.find((t) => t.id === tierId)
      : (doc.tiers.find((t) => t.id.toLowerCase() === 'words') ??
        doc.tiers.find((t) => t.parent === undefined));
  if (!tier) return null;
  return tier.annotations
    .filter((a) => a.value.trim() !== '')
    .map((a) => ({ text: a.value.trim(), startSec: a.startSec, endSec: a.endSec }));
}

/** A tier to write: time-aligned annotations only. */
export interface EafTierInput {
  id: string;
  participant?: string;
  annotations: readonly { startSec: number; endSec: number; value: string }[];
}

/**
 * Writes an EAF 3.0 document of time-aligned tiers (times rounded to milliseconds, one time slot per
 * distinct time) with one linguistic type, `default-lt`. `date` is the header DATE (ISO 8601).
 */
export function writeEaf(
  tiers: readonly EafTierInput[],
  options: { mediaUrl?: string; relativeMediaUrl?: string; date?: string } = {},
): string {
  const msOf = (sec: number, what: string): number => {
    if (!Number.isFinite(sec) || sec < 0) throw new FormatWriteError(`${what}: time ${sec} is not a time`);
    return Math.round(sec * 1000);
  };
  const all = new Set<number>();
  const spans = tiers.map((t) =>
    t.annotations.map((a, k) => {
      const span = [
        msOf(a.startSec, `tier '${t.id}' annotation ${k}`),
        msOf(a.endSec, `tier '${t.id}' annotation ${k}`),
      ] as const;
      if (span[1] < span[0])
        throw new FormatWriteError(`tier '${t.id}' annotation ${k} ends before it starts`);
      all.add(span[0]).add(span[1]);
      return span;
    }),
  );
  const sorted = [...all].sort((x, y) => x - y);
  const slot = new Map(sorted.map((ms, k) => [ms, `ts${k + 1}`]));
  const q = (s: string): string => `"${escapeXml(s)}"`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ANNOTATION_DOCUMENT AUTHOR="" DATE=${q(options.date ?? '1970-01-01T00:00:00+00:00')} FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">`,
    '    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">',
  ];
  if (options.mediaUrl !== undefined) {
    const rel =
      options.relativeMediaUrl === undefined ? '' : ` RELATIVE_MEDIA_URL=${q(options.relativeMediaUrl)}`;
    out.push(`        <MEDIA_DESCRIPTOR MEDIA_URL=${q(options.mediaUrl)}${rel}/>`);
  }
  out.push('    </HEADER>', '    <TIME_ORDER>');
  for (const ms of sorted) out.push(`        <TIME_SLOT TIME_SLOT_ID="${slot.get(ms)}" TIME_VALUE="${ms}"/>`);
  out.push('    </TIME_ORDER>');
  let n = 0;
  tiers.forEach((t, ti) => {
    const who = t.participant === undefined ? '' : ` PARTICIPANT=${q(t.participant)}`;
    out.push(`    <TIER LINGUISTIC_TYPE_REF="default-lt"${who} TIER_ID=${q(t.id)}>`);
    t.annotations.forEach((a, k) => {
      const [s, e] = spans[ti]![k]!;
      out.push('        <ANNOTATION>');
      out.push(
        `            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a${++n}" TIME_SLOT_REF1="${slot.get(s)}" TIME_SLOT_REF2="${slot.get(e)}">`,
      );
      out.push(`                <ANNOTATION_VALUE>${escapeXml(a.value)}</ANNOTATION_VALUE>`);
      out.push('            </ALIGNABLE_ANNOTATION>', '        </ANNOTATION>');
    });
    out.push('    </TIER>');
  });
  out.push(
    '    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>',
  );
  out.push('</ANNOTATION_DOCUMENT>', '');
  return out.join('\n');
}
