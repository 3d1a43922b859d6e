import { describe, expect, it } from 'vitest';
import { SIEVE_VERSION } from '../version';
import { MetricInputError } from '../errors';
import { type AgreementOptions, agreementSignature, resolveAgreementOptions } from './signature';

describe('agreementSignature', () => {
  it('names every default', () => {
    expect(agreementSignature()).toBe(
      'agreement|er:sym|costs:sclite|case:fold|bnd:both-neighbours|tol-ms:10,20,50|iou:def12|thr:0|flex:yes|' +
        'prm:collins|tna:b-vs-a|ne-align:text|ne-map:greedy|ne-tol:1|ne-punct:drop|labels:bio-matched|' +
        `alpha-u:ms-concat|boot:1000|seed:12345|ci:0.95|v:${SIEVE_VERSION}`,
    );
    expect(agreementSignature(resolveAgreementOptions())).toBe(agreementSignature());
  });

  it('changes with every option that changes a figure', () => {
    const variants: AgreementOptions[] = [
      { ignoreCase: false },
      { costs: 'equal' },
      { errorRate: 'b-against-a' },
      { boundaryTolerancesMs: [25] },
      { structIou: { flexible: false } },
      { structIou: { threshold: 0.5 } },
      { ne: { tolerance: 0 } },
      { ne: { mapping: 'optimal' } },
      { ne: { punctuation: 'keep' } },
      { bootstrap: { resamples: 200 } },
      { bootstrap: { seed: 1 } },
      { bootstrap: { confidence: 0.9 } },
    ];
    const all = new Set([agreementSignature(), ...variants.map((v) => agreementSignature(v))]);
    expect(all.size).toBe(variants.length + 1);
  });

  it('refuses options no figure can be computed with', () => {
    expect(() => agreementSignature({ boundaryTolerancesMs: [-1] })).toThrow(MetricInputError);
    expect(() => agreementSignature({ structIou: { threshold: 1 } })).toThrow(MetricInputError);
    expect(() => agreementSignature({ bootstrap: { resamples: 0 } })).toThrow(MetricInputError);
    expect(() => agreementSignature({ ne: { tolerance: 0.5 } })).toThrow(MetricInputError);
    const unknown: AgreementOptions = JSON.parse('{"errorRate": "both"}');
    expect(() => agreementSignature(unknown)).toThrow(MetricInputError);
  });
});
