// Interval intersection over union (Shi et al. §3.1, Definitions 1–4) with the published
// implementation's tolerance: an intersection or a union shorter than 1e-6 counts as zero.

/** Intersections, unions and IoU values below this count as zero (the published implementation's rule). */
export const IOU_EPSILON = 1e-6;

/**
 * IoU of the intervals (s1, e1) and (s2, e2): |I1 ∩ I2| / (|I1| + |I2| − |I1 ∩ I2|) (Definitions 2–4).
 * Rule: when the intersection or the union is shorter than `IOU_EPSILON` the IoU is 0, so touching,
 * disjoint and zero-length intervals score 0 and never divide by zero.
 *
 * The paper defines lengths only for open intervals (a, b) with a < b (Definition 1) and trees whose
 * siblings are disjoint (Definition 5), so it says nothing of the intervals that overlapping, repeated,
 * zero-length or out-of-order words give. The rule here is the published implementation's
 * (`utils.span_iou`), and it decides them all: a zero-length interval has intersection 0 with every
 * interval and scores 0, also against an identical zero-length interval (0/0 is 0) and inside a longer
 * one; a reversed interval (a constituent whose first word starts after its last word ends) has a
 * negative intersection and scores 0; intervals that overlap score by their overlap whether or not they
 * are siblings. Such constituents still count in the node total of Definition 12.
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
