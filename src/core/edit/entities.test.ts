import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GoldEntity } from '../gold/records';
import { EditRefused } from './editRefused';
import { deleteEntity, entityAt, entityProblems, resizeEntity, spanEntity, spliceEntities } from './entities';

const PER = (a: number, b: number): GoldEntity => ({ type: 'PERSON', firstWord: a, lastWord: b });
const LOC = (a: number, b: number): GoldEntity => ({ type: 'LOCATION', firstWord: a, lastWord: b });

describe('type keys over a selection', () => {
  const es = [PER(2, 3), LOC(6, 6)];

  it('creates a span where there is none, keeping the spans in order', () => {
    const r = spanEntity(es, 4, 5, 'ORGANIZATION');
    expect(r.entities).toEqual([PER(2, 3), { type: 'ORGANIZATION', firstWord: 4, lastWord: 5 }, LOC(6, 6)]);
    expect(r.index).toBe(1);
  });

  it('retypes an entity selected exactly, and resizes one of the same type', () => {
    expect(spanEntity(es, 2, 3, 'LOCATION').entities[0]).toEqual(LOC(2, 3));
    expect(spanEntity(es, 1, 3, 'PERSON').entities[0]).toEqual(PER(1, 3));
    expect(spanEntity(es, 3, 3, 'PERSON').entities[0]).toEqual(PER(3, 3));
  });

  it('refuses overlapping and nested spans with a message naming them', () => {
    expect(() => spanEntity(es, 3, 3, 'LOCATION')).toThrow(EditRefused);
    expect(() => spanEntity(es, 3, 6, 'PERSON')).toThrow(
      'Entities may not overlap or nest: the selection overlaps PERSON (words 3–4) and LOCATION (word 7).',
    );
  });

  it('finds and deletes', () => {
    expect(entityAt(es, 3)).toBe(0);
    expect(entityAt(es, 4)).toBe(-1);
    expect(deleteEntity(es, 0)).toEqual([LOC(6, 6)]);
  });
});

describe('dragging an edge', () => {
  const es = [PER(2, 3), LOC(6, 6)];
  it('moves it to a word boundary, stopping at the neighbour and keeping one word', () => {
    expect(resizeEntity(es, 0, 'last', 4, 10)[0]).toEqual(PER(2, 4));
    expect(resizeEntity(es, 0, 'last', 8, 10)[0]).toEqual(PER(2, 5));
    expect(resizeEntity(es, 1, 'first', 0, 10)[1]).toEqual(LOC(4, 6));
    expect(resizeEntity(es, 0, 'first', 9, 10)[0]).toEqual(PER(3, 3));
    expect(resizeEntity(es, 1, 'last', 20, 10)[1]).toEqual(LOC(6, 9));
  });

  it('never makes spans cross (property)', () => {
    fc.assert(
      fc.property(fc.nat(6), fc.boolean(), fc.integer({ min: -3, max: 14 }), (k, first, to) => {
        const list = [PER(0, 1), LOC(3, 3), PER(5, 7), LOC(9, 9)];
        const i = k % list.length;
        const out = resizeEntity(list, i, first ? 'first' : 'last', to, 10);
        expect(entityProblems(out, 10)).toEqual([]);
      }),
    );
  });
});

describe('following word-tier changes', () => {
  /** Oracle: an entity is the set of its words; a splice maps each old word to the words replacing it. */
  function oracle(es: GoldEntity[], n: number, at: number, remove: number, insert: number): GoldEntity[] {
    const ids: number[][] = [];
    for (let j = 0; j < n; j++) {
      if (j < at) ids.push([j]);
      else if (j >= at + remove) ids.push([j - remove + insert]);
      else ids.push(Array.from({ length: insert }, (_, k) => at + k));
    }
    const out: GoldEntity[] = [];
    for (const e of es) {
      const words = new Set<number>();
      for (let j = e.firstWord; j <= e.lastWord; j++) for (const x of ids[j]!) words.add(x);
      if (words.size === 0) continue;
      const firstWord = Math.min(...words);
      const lastWord = Math.max(...words);
      const prev = out[out.length - 1];
      if (prev && firstWord <= prev.lastWord) continue;
      out.push({ ...e, firstWord, lastWord });
    }
    return out;
  }

  it('maps spans like the word-set oracle', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { maxLength: 4 }),
        fc.nat(9),
        fc.nat(3),
        fc.nat(2),
        (gaps, at0, remove0, insert) => {
          const es: GoldEntity[] = [];
          let pos = 0;
          for (const [gap, len] of gaps) {
            es.push(PER(pos + gap, pos + gap + len));
            pos += gap + len + 1;
          }
          const n = Math.max(pos, 1) + 2;
          const at = at0 % n;
          const remove = Math.min(remove0, n - at);
          fc.pre(remove > 0 || insert > 0);
          expect(spliceEntities(es, at, remove, insert).entities).toEqual(oracle(es, n, at, remove, insert));
        },
      ),
    );
  });
});
