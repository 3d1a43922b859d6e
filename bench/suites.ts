import type { BenchSuite } from './harness';
import { alignBench } from './align.bench';
import { cliStartBench } from './cliStart.bench';
import { disagreementOrderBench } from './disagreementOrder.bench';
import { fileSizeBench } from './fileSize.bench';
import { formatsBench } from './formats.bench';
import { goldEditBench } from './goldEdit.bench';
import { importLongBench } from './importLong.bench';
import { listScaleBench } from './listScale';
import { longViewBench } from './longView';
import { nbestBench } from './nbest.bench';
import { neBench } from './ne.bench';
import { projectOpen } from './projectOpen.bench';
import { reportBench } from './report.bench';
import { scoreProjectBench } from './scoreProject.bench';
import { scoreScaleBench } from './scoreScale.bench';
import { statsBench } from './stats.bench';
import { storeScale } from './storeScale.bench';
import { structIouBench } from './structIou.bench';
import { tedBench } from './ted.bench';
import { tedVsAptedBench } from './tedVsApted.bench';
import { werBench } from './wer.bench';

/** Every benchmark suite; `npm run bench -- NAME` runs one. */
export const suites: readonly BenchSuite[] = [
  cliStartBench,
  projectOpen,
  storeScale,
  listScaleBench,
  longViewBench,
  goldEditBench,
  werBench,
  nbestBench,
  statsBench,
  formatsBench,
  neBench,
  structIouBench,
  tedBench,
  tedVsAptedBench,
  reportBench,
  scoreProjectBench,
  scoreScaleBench,
  importLongBench,
  alignBench,
  fileSizeBench,
  disagreementOrderBench,
];
