// A GLM file in a project's scoring settings: checked and hashed when saved, named in the signatures,
// and applied to gold and system words before WER as `sieve wer --glm` applies it.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyGlm, parseGlm } from '../../core/formats/glm';
import { scoreWords } from '../../core/metrics/wordAccuracy';
import { DEFAULT_SCORING_SETTINGS } from '../../core/scoring/settings';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import type { ScoringSettingsState } from '../../core/api/contract';
import { dispatch } from '../api/dispatch';
import { createHandlers } from '../api/handlers';
import { Session } from '../api/session';
import fs from 'node:fs';
import type { GoldRecords } from '../../core/gold/records';
import { scoreUtterance } from '../../core/scoring/scoreUtterance';
import { runSieve } from '../../../test/helpers/runSieve';
import { ProjectStore } from '../store/projectStore';
import { getSystemOutput } from '../store/systemStore';
import { scoringContext } from './scoringContext';
import { scoreProject } from './scoreProject';
import { runScorePool } from './workerPool';
import type { ScoredPair } from './workerProtocol';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-glmsetting-')));
afterEach(() => cleanup());

/** A copy of the demo, open, with an empty score cache. */
function demoStore(): ProjectStore {
  copyDemo(dir);
  const store = ProjectStore.open(path.join(dir, 'demo.sieve'));
  store.db.exec('DELETE FROM score_cache');
  return store;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe('GLM file in the scoring settings', () => {
  it('maps a gold word to the system’s variant: fewer errors, the hash in the signatures, as sieve wer --glm', async () => {
    const store = demoStore();
    try {
      const system = store.systems()[0]!;
      const utterances = store.listUtterances();
      const goldWords = new Map(
        utterances.map((u) => [u.id, store.goldState(u.id).gold.words.map((w) => w.text)]),
      );
      const hypWords = new Map(
        utterances.map((u) => [
          u.id,
          getSystemOutput(store.db, system.id, u.id)?.words?.map((w) => w.text) ?? [],
        ]),
      );
      const before = (await scoreProject(store, { systemIds: [system.id], jobs: 1 })).get(system.id)!;
      // The demo system's substitutions, gold word → system word; the GLM maps the most frequent one.
      const pairs = new Map<string, number>();
      for (const [id, s] of before)
        for (const step of s.words?.steps ?? [])
          if (step.op === 'S') {
            const key = `${goldWords.get(id)![step.ref]!.toUpperCase()} ${hypWords.get(id)![step.hyp]!.toUpperCase()}`;
            pairs.set(key, (pairs.get(key) ?? 0) + 1);
          }
      const [pair, count] = [...pairs].sort((a, b) => b[1] - a[1])[0]!;
      const [from, to] = pair.split(' ') as [string, string];
      const text = `;;\n* name "demo"\n${from} => ${to} / [ ] __ [ ]\n`;
      const saved = store.setScoringSettings({
        ...DEFAULT_SCORING_SETTINGS,
        glm: { name: 'demo.glm', text, sha256: 'not-checked' },
      }).settings;
      // The application computes the hash itself: sha256 of the text, first 12 hex digits.
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
      expect(saved.glm).toEqual({ name: 'demo.glm', text, sha256: hash });
      expect(store.scoringSettings().settings.glm?.sha256).toBe(hash);

      const after = (await scoreProject(store, { systemIds: [system.id], jobs: 1 })).get(system.id)!;
      const errors = (m: typeof before): number =>
        sum([...m.values()].map((s) => (s.words ? s.words.S + s.words.D + s.words.I : 0)));
      // Each of those substitutions is now correct (on the demo: HAMBURG → BERLIN, 7 errors → 6).
      expect(errors(after)).toBe(errors(before) - count);
      const glm = parseGlm(text).value;
      for (const [id, s] of after) {
        if (!s.words) continue;
        expect(s.words.signature).toContain(`|glm:demo.glm#${hash}`);
        // As `sieve wer --glm`: the rules on both sides' words, then read and aligned as sclite (case folded).
        const w = scoreWords(applyGlm(glm, goldWords.get(id)!), applyGlm(glm, hypWords.get(id)!), {
          ignoreCase: true,
          costs: 'sclite',
          scliteSyntax: true,
        });
        expect([s.words.C, s.words.S, s.words.D, s.words.I, s.words.N]).toEqual([
          w.stats.C,
          w.stats.S,
          w.stats.D,
          w.stats.I,
          w.stats.N,
        ]);
      }
      expect(scoringContext(store).signature).toContain(`|glm:${hash}|`);
      // Worker threads, given the settings as scoreProject gives them, score with the rules too.
      const rows: ScoredPair[] = [];
      await runScorePool(
        {
          file: store.db.name,
          settings: scoringContext(store).settings,
          cache: false,
          reply: { json: true, corpus: false },
        },
        2,
        [...after.keys()].map((id) => [[system.id, id]]),
        (r) => rows.push(...r),
      );
      expect(new Map(rows.map((r) => [r.utteranceId, JSON.parse(r.value!) as unknown]))).toEqual(
        new Map([...after].map(([id, u]) => [id, JSON.parse(JSON.stringify(u)) as unknown])),
      );
      // Removing the file gives the scores and signatures of before, from the cache.
      store.setScoringSettings(DEFAULT_SCORING_SETTINGS);
      expect(scoringContext(store).signature).not.toContain('glm:');
      const again = (await scoreProject(store, { systemIds: [system.id], jobs: 1 })).get(system.id)!;
      expect(again).toEqual(before);
    } finally {
      store.close();
    }
  });

  it('refuses a GLM file the reader refuses, naming file:line:col, and keeps the settings', () => {
    const store = demoStore();
    try {
      const bad = ';;\nA => B / [ ] __ [ ]\nC D E\n';
      expect(() =>
        store.setScoringSettings({
          ...DEFAULT_SCORING_SETTINGS,
          glm: { name: 'bad.glm', text: bad, sha256: '' },
        }),
      ).toThrow(/^bad\.glm:3:1: /);
      expect(store.scoringSettings().settings).toEqual(DEFAULT_SCORING_SETTINGS);
    } finally {
      store.close();
    }
  });

  it('goes through the API as the studio sends it: the text saved with its hash, a bad file refused', async () => {
    const file = copyDemo(dir);
    const session = new Session('browser', { allow: [file] });
    const handlers = createHandlers(session);
    const bugs: unknown[] = [];
    const run = (method: string, input: unknown) =>
      dispatch(handlers, method, input, (e) => bugs.push(e)) as Promise<{
        ok: boolean;
        value?: unknown;
        error?: { code: string; message: string };
      }>;
    try {
      expect((await run('project:open', { path: file })).ok).toBe(true);
      const text = ';;\nHAMBURG => BERLIN / [ ] __ [ ]\n';
      const saved = await run('scoring:setSettings', {
        settings: { ...DEFAULT_SCORING_SETTINGS, glm: { name: 'city.glm', text, sha256: '' } },
      });
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
      expect((saved.value as ScoringSettingsState).settings.glm).toEqual({
        name: 'city.glm',
        text,
        sha256: hash,
      });
      const bad = await run('scoring:setSettings', {
        settings: {
          ...DEFAULT_SCORING_SETTINGS,
          glm: { name: 'bad.glm', text: ';;\nno arrow\n', sha256: '' },
        },
      });
      expect(bad.ok).toBe(false);
      expect(bad.error!.code).toBe('INVALID_INPUT');
      expect(bad.error!.message).toMatch(/^bad\.glm:2:1: /);
      const kept = await run('scoring:getSettings', {});
      expect((kept.value as ScoringSettingsState).settings.glm?.sha256).toBe(hash);
      expect(bugs).toEqual([]);
    } finally {
      session.close();
    }
  });

  it('scores as sieve wer --glm does, alternations of a rule included (contractions)', async () => {
    // A contraction expanded to an alternation, a spelling mapped, and a context spanning two words.
    const text = [
      ';;',
      "[HE'S] => [{HE IS / HE HAS}] / [ ] __ [ ]",
      'COLOUR => COLOR / [ ] __ [ ]',
      'NEW YORK => NEWYORK / [ ] __ [ ]',
    ].join('\n');
    const glm = { name: 'c.glm', text, sha256: createHash('sha256').update(text).digest('hex').slice(0, 12) };
    const cases: [string[], string[]][] = [
      [
        ["he's", 'here', 'now'],
        ['he', 'has', 'here', 'now'],
      ],
      [
        ['the', 'colour', 'red'],
        ['the', 'color', 'red'],
      ],
      [
        ['to', 'new', 'york', 'today'],
        ['to', 'newyork', 'day'],
      ],
      [
        ["he's", 'in', 'new', 'york'],
        ['his', 'in', 'new', 'york', 'too'],
      ],
    ];
    const timed = (ws: string[]) => ws.map((t, i) => ({ text: t, startSec: i * 0.5, endSec: i * 0.5 + 0.4 }));
    const goldOf = (ws: string[]): GoldRecords => ({
      words: timed(ws),
      trees: [],
      entities: [],
      concepts: [],
      interpretations: [],
      labels: {},
    });
    fs.writeFileSync(path.join(dir, 'c.glm'), text);
    for (const [k, [ref, hyp]] of cases.entries()) {
      const s = scoreUtterance(
        goldOf(ref),
        { id: 'x', words: timed(hyp) },
        { ...DEFAULT_SCORING_SETTINGS, glm },
      ).words!;
      fs.writeFileSync(path.join(dir, 'r.trn'), `${ref.join(' ')} (u_${k})\n`);
      fs.writeFileSync(path.join(dir, 'h.trn'), `${hyp.join(' ')} (u_${k})\n`);
      const cli = await runSieve(dir, 'wer', 'r.trn', 'h.trn', '--glm', 'c.glm', '--format', 'json');
      expect(cli.code).toBe(0);
      const summary = (JSON.parse(cli.out.trim().split('\n').at(-1)!) as { summary: Record<string, unknown> })
        .summary;
      expect([s.C, s.S, s.D, s.I, s.N]).toEqual([summary.C, summary.S, summary.D, summary.I, summary.N]);
      expect(s.signature.replace(/\|v:.*$/, '')).toBe(String(summary.signature).replace(/\|v:.*$/, ''));
    }
  });

  it('sieve score honours the stored GLM file and shows it by name and hash, not its text', async () => {
    const store = demoStore();
    const text = ';;\nHAMBURG => BERLIN / [ ] __ [ ]\n';
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
    try {
      store.setScoringSettings({ ...DEFAULT_SCORING_SETTINGS, glm: { name: 'city.glm', text, sha256: '' } });
    } finally {
      store.close();
    }
    const json = await runSieve(dir, 'score', 'demo.sieve', '--format', 'json', '--jobs', '1');
    expect(json.code).toBe(0);
    const out = JSON.parse(json.out) as {
      settings: Record<string, unknown>;
      systems: { figures: { metric: string; signature: string }[] }[];
    };
    expect(out.settings.glm).toBe(`city.glm#${hash}`);
    expect(out.systems[0]!.figures.find((f) => f.metric === 'WER')!.signature).toContain(
      `|glm:city.glm#${hash}|`,
    );
    const md = await runSieve(dir, 'score', 'demo.sieve', '--format', 'md', '--jobs', '1');
    expect(md.out).toContain(`glm city.glm#${hash}`);
    expect(md.out).not.toContain('HAMBURG');
  });
});
