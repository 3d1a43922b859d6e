// A worker thread that looks up the aligner's pronunciations (the acoustic model's dictionary, the CMU
// dictionary, letter-to-sound rules): reading the dictionaries takes most of a second, which the thread
// serving the studio must not spend.
import { parentPort } from 'node:worker_threads';
import { pronounce } from '../../core/forcedAlign/pronounce';
import { pronunciationLexicon } from '../forcedAlign/lexicon';
import type { PronounceReply, PronounceRequest } from './pronounceInWorker';

parentPort!.on('message', (m: PronounceRequest) => {
  let reply: PronounceReply;
  try {
    const lexicon = pronunciationLexicon(m.lang);
    const guessed = new Set<string>();
    const phones = m.tokens.map((t) => {
      const p = pronounce(t, m.lang, lexicon);
      for (const g of p.guessed) guessed.add(g);
      return p.phones;
    });
    reply = { id: m.id, phones, guessed: [...guessed].sort() };
  } catch (err) {
    reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
