// Imports read their files in a worker thread: while a large import parses, the browser host goes on
// answering other calls, and the import still ends with everything written.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { hasEspeak, makeProject, speak, tempDir } from '../../../test/helpers/tempProject';
import { contract } from '../../core/api/contract';
import { writeEaf } from '../../core/formats/eaf';
import { alignSpeech } from '../forcedAlign/alignSpeech';
import { startHost, type RunningHost } from '../host/startHost';

let host: RunningHost;
let dir: string;
let cleanup: () => void;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  const { file } = await makeProject(dir);
  host = await startHost({ project: file, rendererDir: path.join(dir, 'no-renderer') });
});
afterAll(async () => {
  await host.close();
  cleanup();
});

interface Answer {
  ok: boolean;
  value?: { id: string; state: string; result?: unknown; error?: { message: string } };
}

async function api(method: string, input: unknown): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await res.json()) as Answer;
}

/** 150,000 recognized words for one utterance as CTM (about 5 MB): a second or more of parsing. */
function bigCtm(): string {
  const lines: string[] = [];
  for (let k = 0; k < 150_000; k++) lines.push(`train-1 1 ${(k / 1e5).toFixed(5)} 0.00001 w${k}`);
  return `${lines.join('\n')}\n`;
}

/** Starts an import, asks for `app:info` and then the import's status; returns both. */
async function callDuring(method: string, input: unknown): Promise<{ during: Answer; last: Answer }> {
  const started = await api(method, input);
  expect(started.ok).toBe(true);
  const jobId = started.value!.id;
  // Before the import thread took over the parsing, this answer came only once the import had ended.
  expect((await api('app:info', {})).ok).toBe(true);
  const during = await api('job:status', { jobId });
  const last = await untilJobEnds(
    () => api('job:status', { jobId }),
    (a) => a.value!.state,
  );
  return { during, last };
}

describe('imports in a worker thread', () => {
  it('answers other calls while a large upload parses, then stores it', async () => {
    const { during, last } = await callDuring('system:upload', {
      name: 'big',
      files: [{ name: 'big.ctm', content: bigCtm() }],
    });
    expect(during.value!.state).toBe('running');
    expect(last.value).toMatchObject({ state: 'done', result: { added: 1 } });
    expect(((await api('system:list', {})) as { value: unknown }).value).toMatchObject([
      { name: 'big', outputs: 1 },
    ]);
  });

  it('imports audio with alignments while answering other calls', async () => {
    // An ELAN file next to the project's audio a.wav (the audio folder is granted to the API).
    const words = ['to', 'Berlin', 'please'].map((value, k) => ({
      value,
      startSec: 0.1 + k * 0.2,
      endSec: 0.25 + k * 0.2,
    }));
    fs.mkdirSync(path.join(dir, 'audio', 'eaf'));
    fs.writeFileSync(
      path.join(dir, 'audio', 'eaf', 'a.eaf'),
      writeEaf([{ id: 'words', annotations: words }]),
    );
    const { during, last } = await callDuring('project:import', {
      audioDir: path.join(dir, 'audio'),
      alignment: path.join(dir, 'audio', 'eaf'),
    });
    expect(during.value!.state).toBe('running');
    expect(last.value).toMatchObject({ state: 'done', result: { utterances: 1, words: 3 } });
  });

  it.skipIf(!hasEspeak)(
    "places a Gentle word not found in the audio with SIEVE's aligner (skipped without espeak-ng)",
    async () => {
      const wav = path.join(dir, 'audio', 'c.wav');
      speak(wav, 'from Bonn to Berlin');
      const t = (
        await alignSpeech({
          audioPath: wav,
          lang: 'en-us',
          words: ['from', 'bonn', 'to', 'berlin'].map((token) => ({ token })),
        })
      ).words.map((w) => w!);
      const found = (word: string, k: number) => ({
        word,
        case: 'success',
        start: t[k]!.startSec,
        end: t[k]!.endSec,
      });
      fs.mkdirSync(path.join(dir, 'audio', 'gentle'));
      fs.writeFileSync(
        path.join(dir, 'audio', 'gentle', 'c.json'),
        JSON.stringify({
          transcript: 'from Bonn to Berlin',
          words: [
            found('from', 0),
            { word: 'Bonn', case: 'not-found-in-audio' },
            found('to', 2),
            found('Berlin', 3),
          ],
        }),
      );
      const { last } = await callDuring('project:import', {
        audioDir: path.join(dir, 'audio'),
        alignment: path.join(dir, 'audio', 'gentle'),
      });
      expect(last.value).toMatchObject({ state: 'done', result: { utterances: 1, words: 4 } });
      const got = {
        value: contract['utterance:get'].output.parse(
          (await api('utterance:get', { utteranceId: 'c' })).value,
        ),
      };
      const bonn = got.value.words[1]!;
      expect(bonn).toMatchObject({ text: 'Bonn', source: 'sieve-align' });
      expect(bonn.startSec).toBeGreaterThanOrEqual(t[0]!.endSec);
      expect(bonn.endSec).toBeLessThanOrEqual(t[2]!.startSec);
      expect(got.value.words[0]).toMatchObject({ source: 'json', confidence: null });
    },
  );

  it('reports a bad file of a system import as file:line:column, from the worker', async () => {
    // The project's audio folder is granted to the API.
    const file = path.join(dir, 'audio', 'bad.ctm');
    fs.writeFileSync(file, `${bigCtm()}train-1 1 x 0.1 oops\n`);
    const { during, last } = await callDuring('system:import', { name: 'bad', files: [file] });
    expect(during.value!.state).toBe('running');
    expect(last.value!.state).toBe('failed');
    expect(last.value!.error!.message).toMatch(/^.*bad\.ctm:150001:11: /);
  });
});
