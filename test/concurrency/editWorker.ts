// A child process for the concurrent-edit tests: a second host editing the same project through the real
// store. It opens the project, says `ready`, waits for `go` on stdin, then saves `count` edits of one
// utterance the way the studio does (read the gold, send a diff against it, reload on CONFLICT), and
// prints one JSON line: the goldRev of every acknowledged edit and every failure.
import { AppError } from '../../src/core/errors';
import { ProjectStore } from '../../src/main/store/projectStore';

const [file, utteranceId, tag, countArg] = process.argv.slice(2) as [string, string, string, string];
const count = Number(countArg);
const store = ProjectStore.open(file);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));

const acknowledged: number[] = [];
const failures: string[] = [];
let conflicts = 0;
for (let k = 0; k < count; k++) {
  for (;;) {
    const state = store.goldState(utteranceId);
    const concepts = state.gold.concepts;
    const diff = [
      {
        field: 'concepts' as const,
        before: concepts,
        after: [...concepts, { attribute: tag, value: String(k) }],
      },
    ];
    try {
      acknowledged.push(store.applyGoldDiff(utteranceId, diff, `${tag} ${k}`).goldRev);
      break;
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT') {
        conflicts++;
        continue; // stale: reload and make the edit again, as the studio does
      }
      failures.push(err instanceof AppError ? `${err.code}: ${err.message}` : `INTERNAL: ${String(err)}`);
      break;
    }
  }
}
store.close();
process.stdout.write(`${JSON.stringify({ acknowledged, failures, conflicts })}\n`);
