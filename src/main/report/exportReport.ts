// One entry for every report format: the text of an HTML, CSV, JSON or Markdown report, and the file the
// API hands to the renderer (PDF only where the app can print, i.e. in Electron).
import type { PlotSvg, ReportFile } from '../../core/api/contract';
import { AppError } from '../../core/errors';
import { csvReport } from './csvReport';
import { type HtmlReportOptions, htmlReport } from './htmlReport';
import { markdownReport } from './markdownReport';
import type { ReportModel } from './reportModel';
import { renderPlots } from './renderPlots';
import { agreementPlots } from '../agreement/agreementPlots';

/** The text formats of a report. */
export const TEXT_FORMATS = ['html', 'csv', 'json', 'md'] as const;
/** One of the text formats. */
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** Prints an HTML document to PDF (the Electron side supplies it). */
export type PrintToPdf = (html: string) => Promise<Uint8Array>;

/** How a report's text is made beyond its model. */
export interface ReportTextOptions extends HtmlReportOptions {
  /** The model's plots already rendered (the dashboard's, kept for the same state), for HTML. */
  plots?: readonly PlotSvg[];
}

/** The report as text in one format (plots are rendered for HTML only; `options`: how HTML is made). */
export async function reportText(
  model: ReportModel,
  format: TextFormat,
  options: ReportTextOptions = {},
): Promise<string> {
  if (format === 'json') return `${JSON.stringify(model)}\n`;
  if (format === 'csv') return csvReport(model);
  if (format === 'md') return markdownReport(model);
  const agreement = model.agreement ? await renderPlots(agreementPlots(model.agreement)) : [];
  const { plots, ...html } = options;
  return htmlReport(model, plots ?? (await renderPlots(model.plots)), agreement, html);
}

const MIME: Record<TextFormat | 'pdf', string> = {
  html: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  pdf: 'application/pdf',
};

/** A file name from the project name: letters, digits, `-` and `_` kept, the rest `-`. */
function baseName(project: string): string {
  const s = project
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${s || 'sieve'}-report`;
}

/** Fails unless PDF can be printed here: the browser host cannot, so the user is told to print the HTML. */
export function assertCanPrint(printToPdf?: PrintToPdf): asserts printToPdf is PrintToPdf {
  if (!printToPdf)
    throw new AppError(
      'INVALID_INPUT',
      'PDF export needs the desktop app. Export the HTML report and print it to PDF from your browser.',
    );
}

/** The file of a report of project `project` whose content in `format` is `text` (for PDF: the HTML to print). */
export async function reportFile(
  project: string,
  format: TextFormat | 'pdf',
  text: string,
  printToPdf?: PrintToPdf,
): Promise<ReportFile> {
  const fileName = `${baseName(project)}.${format}`;
  if (format === 'pdf') {
    assertCanPrint(printToPdf);
    const pdf = await printToPdf(text);
    return { fileName, mime: MIME.pdf, encoding: 'base64', content: Buffer.from(pdf).toString('base64') };
  }
  return { fileName, mime: MIME[format], encoding: 'utf8', content: text };
}

/**
 * The report as a file. PDF needs `printToPdf`; without it (the browser host) the error tells the user to
 * print the HTML report from the browser instead.
 */
export async function exportReport(
  model: ReportModel,
  format: TextFormat | 'pdf',
  printToPdf?: PrintToPdf,
): Promise<ReportFile> {
  if (format === 'pdf') assertCanPrint(printToPdf);
  const text = await reportText(model, format === 'pdf' ? 'html' : format);
  return reportFile(model.project, format, text, printToPdf);
}
