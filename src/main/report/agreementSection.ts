// The report's agreement section: the adjudication progress, the agreement of each pair of annotators (and
// among all of them) with 95% intervals, n and signatures, the per-utterance histograms, and the
// utterances with the most differences. Shown only when some utterance has layers of two or more
// annotators; an undefined figure is `—`, never 0.
import type { AgreementFigure, ProjectAgreement } from '../../core/api/agreementModel';
import type { PlotSvg } from '../../core/api/contract';
import {
  ADJUDICATED_RULE,
  AGREEMENT_LEGEND,
  agreementValueText,
  progressText,
  unitText,
} from '../agreement/agreementText';
import { escapeHtml as e } from './htmlReport';

/** How many utterances the section lists, most differences first. */
const LISTED = 20;

/** Whether the report has an agreement section: some utterance has layers of two or more annotators. */
export function hasAgreement(model: ProjectAgreement | null | undefined): model is ProjectAgreement {
  return model !== null && model !== undefined && model.progress.multiple > 0;
}

function figureRow(f: AgreementFigure): string {
  const v = (x: number | null): string => agreementValueText(x, f.unit);
  const num = (x: number | null): string => (x === null ? '' : String(x));
  return (
    `<tr><th scope="row">${e(f.measure)}</th><td>${unitText(f.unit)}</td>` +
    `<td class="ci" data-measure="${e(f.measure)}" data-value="${num(f.value)}" data-lo="${num(f.lo)}" data-hi="${num(f.hi)}" data-n="${f.n}" title="${e(f.signature)}">` +
    `${v(f.value)} <span class="iv">[${v(f.lo)}, ${v(f.hi)}]</span></td>` +
    `<td>${f.n}</td><td>${f.utterances}</td></tr>`
  );
}

function figureTable(figures: readonly AgreementFigure[]): string {
  return (
    `<div class="wide"><table><thead><tr><th scope="col">Measure</th><th scope="col">Unit</th>` +
    `<th scope="col">Value [95% interval]</th><th scope="col">n</th><th scope="col">Utterances</th></tr></thead>` +
    `<tbody>${figures.map(figureRow).join('')}</tbody></table></div>`
  );
}

/** The agreement section as HTML, or '' when no utterance has two annotators' layers. */
export function agreementHtml(
  model: ProjectAgreement | null | undefined,
  plots: readonly PlotSvg[] = [],
): string {
  if (!hasAgreement(model)) return '';
  const pairs = model.pairs.map(
    (p) =>
      `<h3>${e(p.a)} × ${e(p.b)} <span class="muted">(${p.utterances} utterances)</span></h3>${figureTable(p.figures)}`,
  );
  const overall =
    model.overall.length > 0
      ? `<h3>All ${model.annotators.length} annotators</h3>${figureTable(model.overall)}`
      : '';
  const figs = plots.map(
    (p) =>
      `<figure id="${e(p.id)}"><h3>${e(p.title)}</h3>${p.svg}<figcaption>${e(p.caption)}</figcaption></figure>`,
  );
  const listed = model.utterances.slice(0, LISTED);
  const list =
    listed.length === 0
      ? ''
      : `<h3>Most disagreement first</h3><div class="wide"><table><thead><tr><th scope="col">Utterance</th>` +
        `<th scope="col">Annotators</th><th scope="col">Differences</th></tr></thead><tbody>` +
        listed
          .map(
            (u) =>
              `<tr><th scope="row">${e(u.utteranceId)}</th><td>${e(u.a)} × ${e(u.b)}</td><td>${u.differences}</td></tr>`,
          )
          .join('') +
        `</tbody></table></div>` +
        (model.utterances.length > LISTED
          ? `<p class="muted">The first ${LISTED} of ${model.utterances.length} utterance–pair rows.</p>`
          : '');
  return (
    `<section id="agreement"><h2>Agreement between annotators</h2>` +
    `<p>${e(AGREEMENT_LEGEND)}</p>` +
    `<p>Adjudication: ${e(progressText(model.progress))} ${e(ADJUDICATED_RULE)}</p>` +
    pairs.join('') +
    overall +
    (figs.length > 0 ? `<div class="plots">${figs.join('')}</div>` : '') +
    list +
    `<p class="muted">Settings: <code>${e(model.signature)}</code></p></section>`
  );
}
