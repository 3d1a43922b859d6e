// The readers under a fixed-seed budget of hostile inputs (`npm run fuzz` runs the large one): no reader
// throws, none takes a second, every diagnostic points into its text, and a failed import leaves the
// project byte-identical.
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tempProject';
import { fuzzImports } from './fuzzImports';
import { fuzzReaders } from './fuzzReaders';
import { KNOWN_FAILURES, isKnown } from './knownFailures';

const SEED = 20261124;
const t = tempDir();
afterAll(() => t.cleanup());

describe('readers under hostile input', () => {
  it('never throw, stay under a second per call, and locate every diagnostic', () => {
    const figures = fuzzReaders({ seed: SEED, inputs: 3000 });
    const unknown = figures.failures.filter((f) => !isKnown(f));
    console.info(
      `fuzz: ${figures.inputs} inputs, ${figures.calls} calls, slowest ${figures.slowest.ms.toFixed(1)} ms ` +
        `(${figures.slowest.reader}), p99 ${figures.p99Ms.toFixed(2)} ms, ${KNOWN_FAILURES.length} known`,
    );
    expect(unknown).toEqual([]);
  });

  it('leaves the project byte-identical whenever an import of a hostile file fails', async () => {
    const figures = await fuzzImports({ seed: SEED, count: 110, dir: t.dir });
    console.info(
      `import fuzz: ${figures.imports} imports, ${figures.failed} failed, slowest ${figures.slowestMs.toFixed(0)} ms`,
    );
    expect(figures.failures.filter((f) => !isKnown(f))).toEqual([]);
    expect(figures.failed).toBeGreaterThan(0);
  }, 30_000);
});
