import { useState } from 'react';
import type { AsrReport, AsrSystemReport } from '../../../core/asr/asrReport';
import { UNDEFINED } from '../../../core/scoring/present';
import { SCTK_TEST_NAMES, pValueText } from '../../../core/stats/sctkTests';
import type { ErrorFocus, ErrorListName } from '../workspace/errorFocus';
import './asrAnalysis.css';

type ListName = ErrorListName;

const LISTS: { name: ListName; title: string; head: string }[] = [
  { name: 'confusions', title: 'Confusion pairs', head: 'reference ==> hypothesis' },
  { name: 'insertions', title: 'Insertions', head: 'inserted word' },
  { name: 'deletions', title: 'Deletions', head: 'deleted word' },
  { name: 'substitutions', title: 'Substituted', head: 'reference word' },
  { name: 'falselyRecognized', title: 'Falsely recognised', head: 'hypothesis word' },
];

/** A rate of the summary (a fraction) as a percentage. */
const pct = (x: number | null | undefined): string =>
  x === null || x === undefined ? UNDEFINED : (100 * x).toFixed(1);
const nceText = (x: number | null | undefined): string =>
  x === null || x === undefined ? UNDEFINED : x.toFixed(3);

/** How many rows of a list the panel shows before "Show all". */
const SHOWN = 15;

/** One list (confusion pairs, insertions …): each row selectable; the selected one lists its utterances. */
function ErrorList({
  list,
  title,
  head,
  selected,
  onSelect,
}: {
  list: AsrSystemReport['confusions'];
  title: string;
  head: string;
  selected: string | null;
  onSelect(key: string): void;
}) {
  const [all, setAll] = useState(false);
  const items = all ? list.items : list.items.slice(0, SHOWN);
  return (
    <div className="asr-list" data-list={title}>
      <h3>
        {title} <span className="muted">({list.distinct} distinct)</span>
      </h3>
      {list.items.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="asr-table">
          <thead>
            <tr>
              <th>{head}</th>
              <th className="num">count</th>
              <th className="num">utts</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr
                key={i.key}
                className={selected === i.key ? 'selected' : undefined}
                aria-selected={selected === i.key}
              >
                <td>
                  <button
                    type="button"
                    className="link"
                    onClick={() => onSelect(i.key)}
                    data-error-key={i.key}
                  >
                    {i.key}
                  </button>
                </td>
                <td className="num">{i.count}</td>
                <td className="num">{i.utterances.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.items.length > SHOWN && (
        <button type="button" className="link" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer' : `Show all ${list.items.length}`}
        </button>
      )}
      {list.distinct > list.items.length && (
        <p className="muted">{list.distinct - list.items.length} rarer ones not kept.</p>
      )}
    </div>
  );
}

function SpeakerTable({ s }: { s: AsrSystemReport }) {
  const hasNce = s.speakers.total.nce !== undefined;
  const row = (r: AsrSystemReport['speakers']['rows'][number], name = r.speaker) => (
    <tr key={name}>
      <th scope="row">{name}</th>
      <td className="num">{r.sentences}</td>
      <td className="num">{r.words}</td>
      {[r.corr, r.sub, r.del, r.ins, r.err, r.sErr].map((x, k) => (
        <td className="num" key={k}>
          {pct(x)}
        </td>
      ))}
      {hasNce && <td className="num">{nceText(r.nce)}</td>}
    </tr>
  );
  const stat = (name: string, r: AsrSystemReport['speakers']['mean']) => (
    <tr key={name} className="muted">
      <th scope="row">{name}</th>
      <td className="num">{r.sentences.toFixed(1)}</td>
      <td className="num">{r.words.toFixed(1)}</td>
      {[r.corr, r.sub, r.del, r.ins, r.err, r.sErr].map((x, k) => (
        <td className="num" key={k}>
          {pct(x)}
        </td>
      ))}
      {hasNce && <td className="num">{nceText(r.nce)}</td>}
    </tr>
  );
  return (
    <table className="asr-table asr-speakers" aria-label="Summary by speaker">
      <thead>
        <tr>
          <th>speaker</th>
          <th className="num"># Snt</th>
          <th className="num"># Wrd</th>
          <th className="num">Corr</th>
          <th className="num">Sub</th>
          <th className="num">Del</th>
          <th className="num">Ins</th>
          <th className="num">Err</th>
          <th className="num">S.Err</th>
          {hasNce && <th className="num">NCE</th>}
        </tr>
      </thead>
      <tbody>
        {s.speakers.rows.map((r) => row(r))}
        {row(s.speakers.total, 'Sum/Avg')}
        {stat('Mean', s.speakers.mean)}
        {stat('S.D.', s.speakers.sd)}
        {stat('Median', s.speakers.median)}
      </tbody>
    </table>
  );
}

/**
 * The ASR analysis on the project page, one system at a time: sentences and words with their errors, NCE,
 * the summary by speaker (Mean, S.D., Median as sclite's sum report), and the error lists of sclite's dtl
 * report. Clicking an entry lists the utterances it occurs in; clicking one opens it with that error selected
 * and played (`onOpen` gets the entry as `focus`). Under them, sc_stats's
 * significance tests for every pair of systems.
 */
export function AsrAnalysisPanel({
  asr,
  onOpen,
}: {
  asr: AsrReport;
  onOpen(id: string, focus?: ErrorFocus): void;
}) {
  const systems = asr.systems.filter((s) => s.utterances > 0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [picked, setPicked] = useState<{ list: ListName; key: string } | null>(null);
  const s = systems.find((x) => x.systemId === chosen) ?? systems[0];
  if (!s) return null;
  const entry = picked ? s[picked.list].items.find((i) => i.key === picked.key) : undefined;
  const w = s.words;
  return (
    <section className="asr-analysis" aria-label="Speech recognition errors" data-testid="asr-analysis">
      <header className="dashboard-head">
        <h2>Speech recognition errors</h2>
        {systems.length > 1 ? (
          <select
            value={s.systemId}
            onChange={(e) => {
              setChosen(Number(e.target.value));
              setPicked(null);
            }}
            aria-label="System analysed"
          >
            {systems.map((x) => (
              <option key={x.systemId} value={x.systemId}>
                {x.name}
              </option>
            ))}
          </select>
        ) : (
          <span>{s.name}</span>
        )}
      </header>
      <p className="asr-summary">
        {s.sentences.total} utterances, {s.sentences.withErrors} with errors · {w.ref} reference words,{' '}
        {w.hyp} hypothesis words: C {w.C}, S {w.S}, D {w.D}, I {w.I} ·{' '}
        {s.nce.value === null ? (
          <span title={s.nce.signature}>
            NCE {UNDEFINED} <span className="muted">({s.nce.reason})</span>
          </span>
        ) : (
          <span title={s.nce.signature}>
            NCE {s.nce.value.toFixed(3)} <span className="muted">(n = {s.nce.n} words)</span>
          </span>
        )}
      </p>
      <details className="asr-speakers-box">
        <summary>By speaker ({s.speakers.rows.length})</summary>
        <SpeakerTable s={s} />
      </details>
      <div className="asr-lists">
        {LISTS.map((l) => (
          <ErrorList
            key={`${s.systemId}-${l.name}`}
            list={s[l.name]}
            title={l.title}
            head={l.head}
            selected={picked?.list === l.name ? picked.key : null}
            onSelect={(key) => setPicked({ list: l.name, key })}
          />
        ))}
        {entry && (
          <div className="asr-utterances" data-testid="asr-utterances">
            <h3>
              “{entry.key}” <span className="muted">in {entry.utterances.length} utterance(s)</span>
            </h3>
            <ul>
              {entry.utterances.map((id) => (
                <li key={id}>
                  <button
                    type="button"
                    className="link mono"
                    onClick={() => picked && onOpen(id, { systemId: s.systemId, ...picked })}
                    data-open-utterance={id}
                  >
                    {id}
                  </button>
                </li>
              ))}
            </ul>
            <p className="muted">Click an utterance to open it with the error selected and played.</p>
          </div>
        )}
      </div>
      <p className="muted asr-signature">
        <code>{s.wordSignature}</code> · <code>{s.signature}</code>
      </p>
      {asr.pairs.length > 0 && (
        <div className="asr-tests">
          <h3>Significance as sc_stats gives it</h3>
          <table className="asr-table" aria-label="sc_stats tests">
            <thead>
              <tr>
                <th>systems</th>
                <th>test</th>
                <th className="num">p (sc_stats)</th>
                <th className="num">exact p</th>
                <th className="num">n</th>
                <th>better</th>
              </tr>
            </thead>
            <tbody>
              {asr.pairs.flatMap((p) =>
                p.tests.map((t) => (
                  <tr key={`${p.systemA}\u0000${p.systemB}\u0000${t.test}`} title={t.signature}>
                    <td>
                      {p.systemA} vs {p.systemB}
                    </td>
                    <td>{SCTK_TEST_NAMES[t.test]}</td>
                    <td className="num">{pValueText(t.pValue)}</td>
                    <td className="num">{t.exactPValue === undefined ? '' : pValueText(t.exactPValue)}</td>
                    <td className="num">
                      {t.n} {t.unit}
                    </td>
                    <td>{t.better === null ? 'level' : t.better === 'A' ? p.systemA : p.systemB}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
          <p className="muted">
            Two-sided, as NIST sc_stats computes them (sign and Wilcoxon over speakers, McNemar over
            utterances, MAPSSWE over alignment segments); exact p is the exact binomial test where sc_stats
            approximates it. Hover a row for its settings.
          </p>
        </div>
      )}
    </section>
  );
}
