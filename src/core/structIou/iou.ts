// Interval intersection over union (Shi et al. §3.1, Definitions 1–4) with the published
// implementation's tolerance: an intersection or a union shorter than 1e-6 counts as zero.

/** Intersections, unions and IoU values below this count as zero (the published implementation's rule). */
export const IOU_EPSILON = 1e-6;

/**
 * IoU of the intervals (s1, e1) and (s2, e2): |I1 ∩ I2| / (|I1| + |I2| − |I1 ∩ I2|) (Definitions 2–4).
 * Rule: when the intersection or the union is shorter than `IOU_EPSILON` the IoU is 0, so touching,
 * disjoint and zero-length intervals score 0 and never divide by zero.
 */
export function intervalIou(s1: number, e1: number, s2: number, e2: number): number {
  const inter = (e1 < e2 ? e1 : e2) - (s1 > s2 ? s1 : s2);
  if (inter < IOU_EPSILON) return 0;
  // Definition 3's |I1| + |I2| − I equals the length of the hull when the intervals overlap; the hull is
  // computed (as the published implementation does) so that the two agree to the last bit.
  const union = (e1 > e2 ? e1 : e2) - (s1 < s2 ? s1 : s2);
  if (union < IOU_EPSILON) return 0;
  return inter / union;
}
