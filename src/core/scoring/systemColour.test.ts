import { describe, expect, it } from 'vitest';
import { SYSTEM_PALETTE, systemColour } from './systemColour';

describe('systemColour', () => {
  it('gives the first ten systems ten different colours and then starts over', () => {
    const first = Array.from({ length: 10 }, (_, k) => systemColour(k + 1));
    expect(new Set(first).size).toBe(10);
    expect(systemColour(11)).toBe(systemColour(1));
    expect(systemColour(1)).toBe(SYSTEM_PALETTE[0]);
  });

  it('depends on the id alone', () => {
    expect(systemColour(3)).toBe(systemColour(3));
    expect(systemColour(0)).toBe(SYSTEM_PALETTE[9]);
  });
});
