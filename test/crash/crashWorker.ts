// A child process for the crash-safety tests: it writes to a project through the real store code and says
// on stdout how far it has come and what it has committed, until the test kills it with SIGKILL.
import { applyGoldDiff, readGold } from '../../src/main/store/goldStore';
import { openDatabase } from '../../src/main/store/openDatabase';
import { writeCorpus } from '../../src/main/import/writeCorpus';
import { mergeExports } from '../../src/main/team/merge';
import { bigCorpus, goldAtRev } from './crashPlan';

const [mode, file, audioFile, tag] = process.argv.slice(2) as [string, string, string, string];

if (mode === 'import') {
  const corpus = bigCorpus(audioFile, tag);
  process.stdout.write('start\n');
  await writeCorpus(file, corpus, {
    create: false,
    onProgress: (p) => process.stdout.write(`progress ${p.phase} ${p.done}\n`),
  });
  process.stdout.write('committed\n');
} else if (mode === 'merge') {
  // The third argument is the annotator's export to merge into the project.
  process.stdout.write('start\n');
  mergeExports(file, [audioFile]);
  process.stdout.write('committed\n');
} else if (mode === 'edits') {
  const db = openDatabase(file);
  process.stdout.write('start\n');
  for (;;) {
    const current = readGold(db, 'train-1');
    const rev = db.prepare("SELECT gold_rev FROM utterance WHERE id = 'train-1'").pluck().get() as number;
    const next = goldAtRev(current, rev + 1);
    const diff = [
      { field: 'entities' as const, before: current.entities, after: next.entities },
      { field: 'labels' as const, before: current.labels, after: next.labels },
    ];
    const saved = applyGoldDiff(db, 'train-1', diff, { kind: 'edit', label: `edit ${rev + 1}` });
    process.stdout.write(`rev ${saved.goldRev}\n`);
  }
}
