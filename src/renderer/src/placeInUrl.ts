// The studio's place in the address: the open utterance and the view of it, as the URL's fragment
// (`#/u/<id>?t=<seconds>&z=<px per second>`, or `#/adjudicate/<id>` for its adjudication view), so that
// a reload, back and forward return there.

/** An open utterance and, when known, the time at the view's left edge and the zoom. */
export interface Place {
  utteranceId: string;
  /** The adjudication view of the utterance rather than its workspace. */
  adjudicate?: true;
  startSec?: number;
  pps?: number;
}

/** The place a URL fragment names, or null (the project list, or a fragment that is not a place). */
export function parsePlace(hash: string): Place | null {
  const m = /^#\/(u|adjudicate)\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return null;
  let utteranceId: string;
  try {
    utteranceId = decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
  const place: Place = m[1] === 'adjudicate' ? { utteranceId, adjudicate: true } : { utteranceId };
  const params = new URLSearchParams(m[3] ?? '');
  const t = Number(params.get('t'));
  const z = Number(params.get('z'));
  if (params.has('t') && Number.isFinite(t) && t >= 0) place.startSec = t;
  if (params.has('z') && Number.isFinite(z) && z > 0) place.pps = z;
  return place;
}

/** The URL fragment of a place (`''` for the project list). */
export function placeHash(place: Place | null): string {
  if (!place) return '';
  const view: string[] = [];
  if (place.startSec !== undefined) view.push(`t=${+place.startSec.toFixed(3)}`);
  if (place.pps !== undefined) view.push(`z=${+place.pps.toPrecision(4)}`);
  return `#/${place.adjudicate ? 'adjudicate' : 'u'}/${encodeURIComponent(place.utteranceId)}${view.length > 0 ? `?${view.join('&')}` : ''}`;
}
