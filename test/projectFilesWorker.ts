// A child process for the project-file tests: opens a project as the user it runs as (the tests start it as
// another user than root where they run as root) or runs `sieve`, and prints what happened as one JSON line.
import { AppError } from '../src/core/errors';
import { runCli } from '../src/main/cli/runCli';
import { ProjectStore } from '../src/main/store/projectStore';

const [file, ...cli] = process.argv.slice(2) as [string, ...string[]];
if (file === 'cli') {
  // `cli ARGS…`: runs `sieve ARGS…` and prints its exit code and what it wrote to stderr.
  let err = '';
  const code = await runCli(cli, { out: () => {}, err: (t) => (err += t), cwd: process.cwd() });
  process.stdout.write(`${JSON.stringify({ code, err })}\n`);
} else
  try {
    const store = ProjectStore.open(file);
    let edit = 'saved';
    try {
      store.setStatus(store.listUtterances()[0]!.id, 'done');
    } catch (err) {
      edit = err instanceof AppError ? err.code : String(err);
    }
    const { readOnly, utterances } = store.summary();
    const words = store.getUtterance(store.listUtterances()[0]!.id).words.length;
    store.close();
    process.stdout.write(`${JSON.stringify({ readOnly, utterances, words, edit })}\n`);
  } catch (err) {
    process.stdout.write(
      `${JSON.stringify({ error: err instanceof AppError ? err.message : String(err) })}\n`,
    );
  }
