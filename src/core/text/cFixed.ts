// C's printf("%.Nf") of a double, digit for digit as glibc prints it: the exact value of the binary double
// rounded to N decimals, an exact tie going to the even last digit (90.625 → "90.62", 0.375 → "0.38").
// JavaScript's toFixed rounds the same exact value but breaks a tie away from zero (90.625 → "90.63"), so
// the two differ only at exact ties: doubles x with x·2^(N+1) an odd integer (x·10^N ends in exactly .5).

/** The exact decimal digits of |x|·10^digits rounded half to even, as a BigInt (x finite). */
function scaledTieToEven(x: number, digits: number): bigint {
  // At a tie x = j / 2^(digits+1) with j odd, so x·10^digits = j·5^digits / 2 and the candidates are
  // (j·5^digits ∓ 1) / 2; take the even one.
  const j = BigInt(Math.abs(x) * 2 ** (digits + 1));
  const low = (j * 5n ** BigInt(digits) - 1n) / 2n;
  return low % 2n === 0n ? low : low + 1n;
}

/** Places a decimal point `digits` from the right of the digit string of n. */
function withPoint(n: bigint, digits: number): string {
  const s = n.toString().padStart(digits + 1, '0');
  return digits === 0 ? s : `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}`;
}

/**
 * `printf("%.<digits>f", x)` as C (glibc) prints it. NaN prints as `nan` and infinities as `inf`/`-inf`
 * (JavaScript cannot see a NaN's sign, which C prints as `-nan` for the 0.0/0.0 of an x86-64 machine).
 */
export function cFixed(x: number, digits = 6): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > 100) {
    throw new RangeError(`cFixed: digits must be a whole number from 0 to 100, not ${digits}`);
  }
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const scaled = Math.abs(x) * 2 ** (digits + 1);
  // A tie: |x|·2^(digits+1) is an odd integer (an exact product while it stays finite and below 2^53 —
  // every larger double is even). Elsewhere toFixed's exact rounding is C's, below 1e21 where it stops
  // printing positionally.
  if (Number.isFinite(scaled) && scaled < 2 ** 53 && scaled % 2 === 1) {
    return sign + withPoint(scaledTieToEven(x, digits), digits);
  }
  if (Math.abs(x) < 1e21) return sign + Math.abs(x).toFixed(digits);
  // Integers from 1e21 on: every digit of the exact value, then zeros.
  return sign + BigInt(Math.abs(x)).toString() + (digits > 0 ? `.${'0'.repeat(digits)}` : '');
}

/** `printf("%<width>.<digits>f", x)`: cFixed right-aligned in `width` characters (EVALB's `%6.2f`). */
export function cFixedWidth(x: number, width: number, digits: number): string {
  return cFixed(x, digits).padStart(width);
}
