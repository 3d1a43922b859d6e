// Reading a system's output files: gold-only parts of annotation lines are left out with a warning at
// their line, found without searching the file from its start for each line.
import { describe, expect, it } from 'vitest';
import { readSystemUploads } from './readSystemFiles';

describe('readSystemUploads', () => {
  // Each warning searched and split the text from its start: 20,000 such lines took minutes.
  it('warns at the line of each of 20,000 lines carrying gold-only interpretations', () => {
    const n = 20_000;
    const lines = ['{"id": "x0", "words": []}'];
    for (let k = 1; k <= n; k++)
      lines.push(
        `{"id": "u${k}", "words": [{"text": "u${k - 1}", "startSec": null, "endSec": null}], "interpretations": ["i"]}`,
      );
    const r = readSystemUploads([{ name: 'sys.jsonl', content: lines.join('\n') }]);
    expect(r.errors).toEqual([]);
    expect(r.outputs).toHaveLength(n + 1);
    expect(r.warnings).toHaveLength(n);
    expect(r.warnings[n - 1]).toEqual({
      file: 'sys.jsonl',
      line: n + 1,
      column: 8,
      message: `utterance "u${n}": interpretations belong to the gold standard and were left out`,
    });
  });
});
