// The text aligner: sclite's one-to-one minimum-edit-distance alignment (Burger et al. §2.2, "the
// standard alignment algorithm used for word error evaluation"), from the shared alignment core.
import { OP_DELETION, OP_INSERTION, alignCodes } from '../align/align';
import { SCLITE_COSTS } from '../align/costs';
import type { LexemeAligner } from './lexemeAligner';

/**
 * One-to-one alignment with sclite's costs (correct 0, substitution 4, insertion and deletion 3) and its
 * choice among equally cheap alignments: every block is 1–1, 1–0 or 0–1.
 */
export const textAligner: LexemeAligner = {
  name: 'text',
  anchored: true,
  // The DP keeps (n+1)(m+1) back-pointers: 2,000 words a side is 4 MB.
  maxSpan: 2000,
  alignRange(ref, hyp, r0, r1, h0, h1, out) {
    const { ops } = alignCodes(ref.codes.subarray(r0, r1), hyp.codes.subarray(h0, h1), SCLITE_COSTS);
    for (let k = 0; k < ops.length; k++) {
      const op = ops[k]!;
      if (op === OP_INSERTION) out.push(0, 1);
      else if (op === OP_DELETION) out.push(1, 0);
      else out.push(1, 1);
    }
  },
};
