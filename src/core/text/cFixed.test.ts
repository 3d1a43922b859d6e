import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cFixed, cFixedWidth } from './cFixed';

/**
 * The slow reference: the double's exact value m·2^e from its bits, times 10^digits, rounded half to even
 * with BigInt arithmetic, the way C's printf rounds.
 */
function exactFixed(x: number, digits: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = biased === 0 ? -1074 : biased - 1075;
  let num = mantissa * 10n ** BigInt(digits);
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  let q = num / den;
  const twice = 2n * (num % den);
  if (twice > den || (twice === den && q % 2n === 1n)) q++;
  const s = q.toString().padStart(digits + 1, '0');
  const body = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return (negative ? '-' : '') + body;
}

describe('cFixed: C\'s printf("%.Nf") of a double', () => {
  it('prints what glibc prints (gcc 12, x86-64) for ties, near-ties and large values', () => {
    // [x, "%.2f", "%.0f", "%.1f", "%.3f"] as printed by a C program with glibc.
    const table: [number, string, string, string, string][] = [
      [90.625, '90.62', '91', '90.6', '90.625'],
      [0.125, '0.12', '0', '0.1', '0.125'],
      [0.375, '0.38', '0', '0.4', '0.375'],
      [0.625, '0.62', '1', '0.6', '0.625'],
      [0.875, '0.88', '1', '0.9', '0.875'],
      [2.5, '2.50', '2', '2.5', '2.500'],
      [3.5, '3.50', '4', '3.5', '3.500'],
      [-2.5, '-2.50', '-2', '-2.5', '-2.500'],
      [-0.125, '-0.12', '-0', '-0.1', '-0.125'],
      [1.005, '1.00', '1', '1.0', '1.005'],
      [0.005, '0.01', '0', '0.0', '0.005'],
      [(100 * 29) / 32, '90.62', '91', '90.6', '90.625'],
      [2.675, '2.67', '3', '2.7', '2.675'],
      [
        1e21,
        '1000000000000000000000.00',
        '1000000000000000000000',
        '1000000000000000000000.0',
        '1000000000000000000000.000',
      ],
      [
        1.5e22,
        '15000000000000000000000.00',
        '15000000000000000000000',
        '15000000000000000000000.0',
        '15000000000000000000000.000',
      ],
      [
        123456789012345680,
        '123456789012345680.00',
        '123456789012345680',
        '123456789012345680.0',
        '123456789012345680.000',
      ],
      [-0, '-0.00', '-0', '-0.0', '-0.000'],
      [-0.001, '-0.00', '-0', '-0.0', '-0.001'],
      [0, '0.00', '0', '0.0', '0.000'],
      [5e-324, '0.00', '0', '0.0', '0.000'],
      [99.995, '100.00', '100', '100.0', '99.995'],
      [1 / 3, '0.33', '0', '0.3', '0.333'],
      [2 / 3, '0.67', '1', '0.7', '0.667'],
      [(100 * 2) / 3, '66.67', '67', '66.7', '66.667'],
      [1e-7, '0.00', '0', '0.0', '0.000'],
      [0.5, '0.50', '0', '0.5', '0.500'],
      [1.5, '1.50', '2', '1.5', '1.500'],
      [12.345, '12.35', '12', '12.3', '12.345'],
      [0.045, '0.04', '0', '0.0', '0.045'],
      [1099511627776.5, '1099511627776.50', '1099511627776', '1099511627776.5', '1099511627776.500'],
      [
        4503599627370495.5,
        '4503599627370495.50',
        '4503599627370496',
        '4503599627370495.5',
        '4503599627370495.500',
      ],
      [2 ** 53, '9007199254740992.00', '9007199254740992', '9007199254740992.0', '9007199254740992.000'],
    ];
    for (const [x, two, zero, one, three] of table) {
      expect([cFixed(x, 2), cFixed(x, 0), cFixed(x, 1), cFixed(x, 3)]).toEqual([two, zero, one, three]);
    }
    // JavaScript's toFixed breaks the tie away from zero instead.
    expect((90.625).toFixed(2)).toBe('90.63');
    expect(cFixedWidth(90.625, 6, 2)).toBe(' 90.62');
    expect(cFixedWidth(100, 6, 2)).toBe('100.00');
    expect([cFixed(NaN, 2), cFixed(Infinity, 2), cFixed(-Infinity, 2)]).toEqual(['nan', 'inf', '-inf']);
    expect(cFixed(1 / 3)).toBe('0.333333');
    expect(() => cFixed(1, -1)).toThrow(RangeError);
  });

  it('agrees with the exact BigInt rounding for random doubles', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 0, max: 20 }),
        (x, d) => {
          expect(cFixed(x, d)).toBe(exactFixed(x, d));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with the exact BigInt rounding for doubles of everyday size, such as percentages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100000 }),
        fc.integer({ min: 1, max: 100000 }),
        fc.integer({ min: 0, max: 6 }),
        (m, n, d) => {
          const x = (100 * m) / n;
          expect(cFixed(x, d)).toBe(exactFixed(x, d));
          expect(cFixed(-x, d)).toBe(exactFixed(-x, d));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('rounds constructed exact halves to the even digit, as C does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.bigInt({ min: 0n, max: (1n << 52n) - 1n }),
        fc.boolean(),
        (d, k, negative) => {
          // x = j / 2^(d+1) with j odd: x·10^d = j·5^d / 2 ends in exactly .5.
          const j = 2n * k + 1n;
          const x = (negative ? -1 : 1) * (Number(j) / 2 ** (d + 1));
          if (BigInt(Math.abs(x) * 2 ** (d + 1)) !== j) return; // j beyond 2^53 is not exact
          const got = cFixed(x, d);
          expect(got).toBe(exactFixed(x, d));
          expect(Number(got.slice(-1)) % 2).toBe(0);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
