import type { Handlers } from '../../core/api/contract';
import { SIEVE_VERSION } from '../../core/version';
import { readInWorker } from '../import/readInWorker';
import { firstOf, issueDetails } from '../import/issueList';
import { writeCorpus } from '../import/writeCorpus';
import type { SystemRead } from '../import/readSystemFiles';
import { importSystemOutputs } from '../store/systemStore';
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';
import { compareSystems, corpusScores, coverageOf } from '../../core/scoring/corpusScores';
import { systemScores, utteranceScores as utteranceScoresOf } from '../scoring/projectScores';
import type { CorpusReport, DialogPurpose } from '../../core/api/contract';
import { AppError } from '../../core/api/errors';
import { withProjectErrors } from './projectErrors';
import type { Session } from './session';
import { scoreProject } from '../scoring/scoreProject';
import { utteranceMetrics } from '../../core/scoring/utteranceMetrics';
import { selectSystems } from '../report/collectReport';
import type { PrintToPdf } from '../report/exportReport';
import { startReportJob } from '../report/reportJob';

/**
 * What only some transports can do: the Electron side prints HTML to PDF and shows native file dialogs,
 * the browser host cannot.
 */
export interface HandlerCapabilities {
  printToPdf?: PrintToPdf;
  /** Shows the native dialog for `purpose`; the paths chosen, none when cancelled. */
  choosePaths?: (purpose: DialogPurpose) => Promise<string[]>;
}

/** One utterance's scores for a system in the open project (see `projectScores`). */
function utteranceScores(session: Session, systemId: number, utteranceId: string) {
  return utteranceScoresOf(session.project, systemId, utteranceId);
}

/** A figure for JSON, which has no NaN or Infinity: an undefined figure travels as null. */
function fin(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** The scores as the contract types them (an open record; the fields are documented in the core module). */
function asApiScores(s: UtteranceScores): { [key: string]: unknown; trees: unknown[] } {
  return s as unknown as { [key: string]: unknown; trees: unknown[] };
}

/** Imports audio and alignments into the open project as a job (checked first, one transaction). */
function startProjectImport(session: Session, audioDir: string, alignment: string) {
  const project = session.project;
  project.assertWritable();
  return session.jobs.start('project:import', async (progress) => {
    progress(0, 0, 'reading');
    // Read in a worker thread: parsing large files there leaves this thread free for other calls.
    const scanned = await readInWorker({ kind: 'corpus', options: { audioDir, alignment } });
    if (scanned.errors.length > 0) {
      const first = scanned.errors[0]!;
      throw new AppError(
        'INVALID_INPUT',
        `${first.file}${first.line ? `:${first.line}:${first.column}` : ''}: ${first.message}` +
          (scanned.errors.length > 1
            ? ` (and ${(scanned.errors.length - 1).toLocaleString('en-US')} more)`
            : ''),
        issueDetails(scanned.errors),
      );
    }
    if (scanned.corpus.utterances.length === 0)
      throw new AppError(
        'INVALID_INPUT',
        `Nothing to import: ${scanned.nothing ?? 'no audio file has an alignment of the same name'}.`,
        { skipped: firstOf(scanned.skipped).listed },
      );
    // The open connection sees the new rows as soon as the import's transaction commits.
    const summary = await writeCorpus(project.file, scanned.corpus, {
      create: false,
      onProgress: (p) => progress(p.done, p.total, p.phase),
    });
    project.checkNewAudio();
    project.noteWritten();
    const warnings = firstOf(scanned.warnings);
    const skipped = firstOf(scanned.skipped);
    return {
      ...summary,
      skipped: skipped.listed,
      moreSkipped: skipped.more,
      warnings: warnings.listed,
      moreWarnings: warnings.more,
    };
  });
}

/**
 * Imports a system's outputs as a job: every file is read and checked first (the first problem is the
 * error, as `file:line:column: …`), then all outputs are written in one transaction.
 */
function startSystemImport(
  session: Session,
  kind: string,
  name: string,
  sourceFiles: readonly string[],
  read: () => Promise<SystemRead>,
) {
  return session.jobs.start(kind, async (progress) => {
    const project = session.project;
    progress(0, sourceFiles.length, 'reading');
    const r = await read();
    if (r.errors.length > 0) {
      const e = r.errors[0]!;
      throw new AppError(
        'INVALID_INPUT',
        `${e.file}${e.line ? `:${e.line}:${e.column}` : ''}: ${e.message}` +
          (r.errors.length > 1 ? ` (and ${(r.errors.length - 1).toLocaleString('en-US')} more)` : ''),
        issueDetails(r.errors),
      );
    }
    progress(sourceFiles.length, sourceFiles.length, 'writing');
    project.assertWritable();
    const imported = importSystemOutputs(project.db, name, r.outputs, sourceFiles);
    project.noteWritten();
    const warnings = firstOf(r.warnings);
    return {
      ...imported,
      warnings: warnings.listed,
      moreWarnings: warnings.more,
    };
  });
}

/** The implementation of every API method, shared by the Electron and browser transports. */
export function createHandlers(session: Session, capabilities: HandlerCapabilities = {}) {
  return withProjectErrors(session, {
    'app:info': () => ({
      version: SIEVE_VERSION,
      transport: session.transport,
      projectPath: session.projectPath,
    }),
    // Paths are read only where the user chose them (the command line, a native dialog, the open project).
    'project:open': ({ path }) => session.open(session.grants.check(path, 'Project file')).summary(),
    'project:summary': () => session.project.summary(),
    'utterance:list': () => session.project.listUtterances(),
    'utterance:get': ({ utteranceId }) => session.project.getUtterance(utteranceId),
    'utterance:setStatus': ({ utteranceId, status }) => session.project.setStatus(utteranceId, status),
    'utterance:page': ({ offset, limit, filter }) => session.project.pageUtterances(offset, limit, filter),
    'gold:get': ({ utteranceId }) => session.project.goldState(utteranceId),
    'gold:applyDiff': ({ utteranceId, diff, label }) =>
      session.project.applyGoldDiff(utteranceId, diff, label),
    'gold:undo': ({ utteranceId }) => session.project.undoRedo(utteranceId, 'undo'),
    'gold:redo': ({ utteranceId }) => session.project.undoRedo(utteranceId, 'redo'),
    'project:import': ({ audioDir, alignment }) =>
      startProjectImport(
        session,
        session.grants.check(audioDir, 'Audio folder'),
        session.grants.check(alignment, 'Alignment'),
      ),
    'system:import': ({ name, files }) => {
      const granted = files.map((f) => session.grants.check(f, 'System output file'));
      return startSystemImport(session, 'system:import', name, files, () =>
        readInWorker({ kind: 'systemFiles', files: granted }),
      );
    },
    'score:corpus': () =>
      session.jobs.start('score:corpus', async (progress, publish) => {
        const project = session.project;
        // One system at a time, each published as soon as it is scored so the dashboard fills in; the
        // uncached pairs are scored in worker threads, so other API calls go on meanwhile.
        const systems = project.systems();
        // Every utterance is scored for every system, those without its output as empty hypotheses.
        const perSystem = project.summary().utterances;
        const total = systems.length * perSystem;
        const coverage = coverageOf(project.scoringSettings().settings);
        const report: CorpusReport = [];
        let before = 0;
        for (const sys of systems) {
          const show = (done: number, of: number): void => {
            progress(before + done, total, 'scoring');
            publish({ systems: [...report], scoring: { systemId: sys.id, done, total: of } });
          };
          const scores = await scoreProject(project, { systemIds: [sys.id], onProgress: show });
          report.push({
            systemId: sys.id,
            name: sys.name,
            // JSON has no NaN: an undefined figure or interval travels as null.
            figures: corpusScores([...(scores.get(sys.id)?.values() ?? [])], { coverage }).map((f) => ({
              ...f,
              value: fin(f.value),
              lo: fin(f.lo),
              hi: fin(f.hi),
            })),
          });
          before += perSystem;
          progress(before, total, 'scoring');
          publish({ systems: [...report], scoring: null });
        }
        progress(total, total, 'done');
        return report;
      }),
    'score:compare': ({ systemA, systemB }) => {
      const project = session.project;
      const of = (systemId: number) => {
        if (!project.systems().some((s) => s.id === systemId))
          throw new AppError('NOT_FOUND', `No system ${systemId}.`, { systemId });
        return systemScores(project, systemId);
      };
      const iv = (x: { value: number; lo: number; hi: number }) => ({
        value: fin(x.value),
        lo: fin(x.lo),
        hi: fin(x.hi),
      });
      const coverage = coverageOf(project.scoringSettings().settings);
      return compareSystems(of(systemA), of(systemB), { coverage }).map((f) => ({
        ...f,
        a: iv(f.a),
        b: iv(f.b),
        delta: iv(f.delta),
        pValue: fin(f.pValue),
      }));
    },
    'dialog:choose': async ({ purpose }) => {
      if (!capabilities.choosePaths)
        throw new AppError(
          'INVALID_INPUT',
          'There is no native file dialog in the browser: upload the files instead.',
        );
      const paths = await capabilities.choosePaths(purpose);
      // Recorded here, in the app process: only what the dialog returned becomes readable.
      for (const p of paths) session.grants.grantNamed(p);
      return { paths };
    },
    'score:utterance': ({ systemId, utteranceId }) => {
      const r = utteranceScores(session, systemId, utteranceId);
      return { systemId, utteranceId, scores: asApiScores(r.scores), output: r.output, cached: r.cached };
    },
    'system:upload': ({ name, files }) =>
      startSystemImport(
        session,
        'system:upload',
        name,
        files.map((f) => f.name),
        () => readInWorker({ kind: 'systemUploads', files }),
      ),
    'scoring:getSettings': () => session.project.scoringSettings(),
    'scoring:setSettings': ({ settings }) => session.project.setScoringSettings(settings),
    'score:utterances': async ({ systemId }) => {
      const project = session.project;
      const [system] = selectSystems(project, [systemId]);
      const scores = (await scoreProject(project, { systemIds: [system!.id] })).get(system!.id)!;
      return [...scores].map(([utteranceId, s]) => ({ utteranceId, metrics: utteranceMetrics(s) }));
    },
    // Reports are built in a worker thread, as jobs: other calls are answered meanwhile.
    'report:plots': ({ systemIds }) =>
      startReportJob(session.jobs, session.project, 'report:plots', 'plots', systemIds),
    'report:export': ({ format, systemIds }) =>
      startReportJob(
        session.jobs,
        session.project,
        'report:export',
        format,
        systemIds,
        capabilities.printToPdf,
      ),
    'job:status': ({ jobId }) => session.jobs.status(jobId),
    'system:list': () => session.project.systems(),
    'system:rename': ({ systemId, name }) => session.project.renameSystem(systemId, name),
    'system:delete': ({ systemId }) => session.project.deleteSystem(systemId),
    'audio:peaks': ({ audioId }) => session.project.peaks(audioId),
    'annotation:getSettings': () => session.project.annotationSettings(),
    'annotation:setSettings': ({ settings }) => session.project.setAnnotationSettings(settings),
  } satisfies Handlers);
}
