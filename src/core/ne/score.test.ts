import { describe, expect, it } from 'vitest';
import {
  addToStats,
  emptyNeStats,
  neFStatistic,
  neItemStats,
  neScore,
  prf,
  slotErrorRate,
  sumNeStats,
} from './score';

const J = (type: boolean, extent: boolean, content: boolean) => ({ type, extent, content });

describe('NE scores (Burger et al. §2.5)', () => {
  it('counts wrong components of mapped pairs and every component of unmapped entities', () => {
    // Hand calculation: one pair right in type and extent, wrong in content; one reference entity and one
    // hypothesis entity unmapped: 2 entities a side, so type is 1 of 2 both ways (P = R = F = 1/2) and
    // content 0 of 2.
    const s = emptyNeStats();
    addToStats(s, 'PERSON', 'PERSON', J(true, true, false));
    addToStats(s, 'LOCATION', null, null);
    addToStats(s, null, 'ORGANIZATION', null);
    const sc = neScore(s, 'full');
    expect(sc.components.type).toMatchObject({
      correct: 1,
      ref: 2,
      hyp: 2,
      precision: 0.5,
      recall: 0.5,
      f: 0.5,
    });
    expect(sc.components.content).toMatchObject({ correct: 0, precision: 0, recall: 0, f: 0 });
    // Pooled: 2 of 6 reference slots, 2 of 6 hypothesis slots.
    expect(sc.overall).toMatchObject({ correct: 2, ref: 6, hyp: 6, f: 2 / 6 });
    // Makhoul et al. SER: S = 1 (content), D = 3, I = 3 over N = 6 → 7/6; type alone: (0 + 1 + 1)/2.
    expect(sc.overall.ser).toBeCloseTo(7 / 6, 12);
    expect(sc.components.type!.ser).toBe(1);
    expect(sc.entity).toMatchObject({ correct: 0, f: 0 });
    expect(Object.keys(sc.components)).toEqual(['type', 'extent', 'content']);
    expect(Object.keys(neScore(s, 'muc').components)).toEqual(['type', 'text']);
  });

  it('keeps recall by reference type and precision by hypothesis type', () => {
    const s = emptyNeStats();
    addToStats(s, 'PERSON', 'ORGANIZATION', J(false, true, true));
    const sc = neScore(s, 'full');
    // PERSON: one reference entity, extent and content right for recall; no hypothesis PERSON → P undefined,
    // and so F (rule: undefined is never 0); ORGANIZATION the other way round.
    expect(sc.byType.PERSON!.components.extent).toMatchObject({ recall: 1 });
    expect(sc.byType.PERSON!.components.extent!.precision).toBeNaN();
    expect(sc.byType.PERSON!.components.extent!.f).toBeNaN();
    expect(sc.byType.ORGANIZATION!.components.content).toMatchObject({ precision: 1 });
    expect(sc.byType.ORGANIZATION!.components.content!.recall).toBeNaN();
    expect(sc.byType.ORGANIZATION!.components.content!.f).toBeNaN();
    expect(sc.byType.PERSON!.overall.f).toBeNaN();
  });

  it('gives whole-entity P/R/F per type, as conlleval prints them', () => {
    const s = emptyNeStats();
    addToStats(s, 'PER', 'PER', J(true, true, true));
    addToStats(s, 'PER', 'PER', J(true, false, true));
    addToStats(s, 'LOC', 'PER', J(false, true, true));
    addToStats(s, 'LOC', null, null);
    addToStats(s, null, 'ORG', null);
    const sc = neScore(s, 'muc');
    // PER: 1 exactly right of 2 reference and 3 hypothesis entities: P = 1/3, R = 1/2, F = 2/5.
    expect(sc.byType.PER!.entity).toMatchObject({ correct: 1, ref: 2, hyp: 3, recall: 0.5 });
    expect(sc.byType.PER!.entity.precision).toBeCloseTo(1 / 3, 12);
    expect(sc.byType.PER!.entity.f).toBeCloseTo(0.4, 12);
    // LOC: 2 reference entities, none hypothesised: P and F undefined, R = 0; ORG: P = 0, R and F undefined.
    expect(sc.byType.LOC!.entity).toMatchObject({ correct: 0, ref: 2, hyp: 0, recall: 0 });
    expect(sc.byType.LOC!.entity.precision).toBeNaN();
    expect(sc.byType.LOC!.entity.f).toBeNaN();
    expect(sc.byType.ORG!.entity).toMatchObject({ precision: 0 });
    expect(sc.byType.ORG!.entity.recall).toBeNaN();
    expect(sc.byType.ORG!.entity.f).toBeNaN();
  });

  it('has explicit rules for empty counts', () => {
    expect(prf(0, 0, 0)).toMatchObject({ correct: 0 });
    expect(prf(0, 0, 0).f).toBeNaN();
    // Undefined is never 0: F is undefined whenever P or R is.
    expect(prf(0, 3, 0).precision).toBeNaN();
    expect(prf(0, 3, 0).recall).toBe(0);
    expect(prf(0, 3, 0).f).toBeNaN();
    expect(prf(0, 0, 2).recall).toBeNaN();
    expect(prf(0, 0, 2).f).toBeNaN();
    // Nothing right of entities on both sides is defined: P = R = F = 0.
    expect(prf(0, 2, 2)).toMatchObject({ precision: 0, recall: 0, f: 0 });
    expect(slotErrorRate(0, 0)).toBeNaN();
    expect(slotErrorRate(2, 0)).toBe(Number.POSITIVE_INFINITY);
    const sc = neScore(emptyNeStats(), 'full');
    expect(sc.overall.f).toBeNaN();
    expect(sc.overall.ser).toBeNaN();
    const missed = emptyNeStats();
    addToStats(missed, 'P', null, null);
    const m = neScore(missed, 'full');
    for (const p of [m.overall, m.entity, m.components.type!, m.byType.P!.overall, m.byType.P!.entity]) {
      expect(p.precision).toBeNaN();
      expect(p.f).toBeNaN();
      expect(p.recall).toBe(0);
    }
    expect(m.overall.ser).toBe(1);
    expect(neFStatistic.combine(neItemStats([missed], 'entity'))).toBeNaN();
  });

  it('sums documents before dividing, and the corpus statistic agrees', () => {
    const a = emptyNeStats();
    addToStats(a, 'P', 'P', J(true, true, true));
    const b = emptyNeStats();
    addToStats(b, 'P', null, null);
    addToStats(b, 'P', null, null);
    addToStats(b, 'P', 'P', J(true, false, true));
    const total = sumNeStats([a, b]);
    expect(total).toMatchObject({
      ref: 4,
      hyp: 2,
      mapped: 2,
      correct: { type: 2, extent: 1, content: 2, text: 1, entity: 1 },
    });
    // Entity F = 2·1 / (4 + 2), not the mean of per-document F (1 and 0).
    expect(neScore(total, 'full').entity.f).toBeCloseTo(1 / 3, 12);
    expect(neFStatistic.combine(neItemStats([a, b], 'entity'))).toBeCloseTo(1 / 3, 12);
    expect(neFStatistic.combine(neItemStats([a, b], 'entity'), Float64Array.of(2, 0))).toBe(1);
  });
});
