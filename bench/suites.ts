import type { BenchSuite } from './harness';
import { projectOpen } from './projectOpen.bench';
import { storeScale } from './storeScale.bench';
import { werBench } from './wer.bench';

/** Every benchmark suite; `npm run bench -- NAME` runs one. */
export const suites: readonly BenchSuite[] = [projectOpen, storeScale, werBench];
