// The reading half of a system's import (importSystemInto.ts), in an import worker thread at background
// priority: the files read and checked, and the outputs prepared for writing.
import { prepareOutputs } from '../store/systemStore';
import { firstOf, importErrors } from './issueList';
import type { PreparedSystemRead } from './importWorkerProtocol';
import { readSystemFiles, readSystemUploads } from './readSystemFiles';

/** Reads a system's output files (from disk, or as uploaded); the first problem found is the error. */
export function prepareSystem(
  read: { files: string[] } | { uploads: { name: string; content: string }[] },
): PreparedSystemRead {
  const r = 'files' in read ? readSystemFiles(read.files) : readSystemUploads(read.uploads);
  if (r.errors.length > 0) throw importErrors(r.errors);
  const warnings = firstOf(r.warnings);
  return { outputs: prepareOutputs(r.outputs), warnings: warnings.listed, moreWarnings: warnings.more };
}
