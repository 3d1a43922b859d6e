import { describe, expect, it } from 'vitest';
import { InvalidItems } from './invalidItems';

describe('InvalidItems', () => {
  it('prints the first 100 bad lines and counts the others', () => {
    const invalid = new InvalidItems(false);
    for (let k = 1; k <= 250; k++) invalid.add('in.jsonl', k, 3, 'not JSON', k);
    let err = '';
    expect(invalid.stop({ out: () => {}, err: (t) => (err += t), cwd: '.' }, 'ted')).toBe(true);
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[99]).toBe('in.jsonl:100:3: not JSON');
    expect(lines[100]).toBe('… and 150 more errors');
  });
});
