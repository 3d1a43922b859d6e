import type { Handlers } from '../../core/api/contract';
import { SIEVE_VERSION } from '../../core/version';
import { runImportWorker } from '../import/readInWorker';
import type { ImportWriteTask } from '../import/importWorkerProtocol';
import type { ProjectStore } from '../store/projectStore';
import { writeWhenFree } from '../store/writeTransaction';
import { compareSystems, coverageOf } from '../../core/scoring/corpusScores';
import type { CorpusReport, DialogPurpose } from '../../core/api/contract';
import { AppError } from '../../core/errors';
import { withProjectErrors } from './projectErrors';
import type { Session } from './session';
import { scoreProject, scoreProjectFigures } from '../scoring/scoreProject';
import { getSystemOutput } from '../store/systemStore';
import { utteranceMetrics } from '../../core/scoring/utteranceMetrics';
import { selectSystems } from '../report/collectReport';
import type { PrintToPdf } from '../report/exportReport';
import { startReportJob } from '../report/reportJob';
import { startAgreementJob } from '../agreement/agreementJob';
import { startAlignJob } from './alignGold';
import { figuresKey, figuresState, keepFigures, keptFigures } from './keptFigures';
import { annotatorHandlers, layerId } from './annotatorHandlers';
import { refuseWhenBlind } from './blindness';

/**
 * What only some transports can do: the Electron side prints HTML to PDF and shows native file dialogs,
 * the browser host cannot.
 */
export interface HandlerCapabilities {
  printToPdf?: PrintToPdf;
  /** Shows the native dialog for `purpose`; the paths chosen, none when cancelled. */
  choosePaths?: (purpose: DialogPurpose) => Promise<string[]>;
}

/** A figure for JSON, which has no NaN or Infinity: an undefined figure travels as null. */
function fin(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** The end of the last import each session started, and how many have not ended: one runs at a time. */
const imports = new WeakMap<Session, { last: Promise<unknown>; pending: number }>();

/**
 * Runs `work` once every import the session started before has ended. Imports side by side would only
 * compete for the processor with this thread (parsing is the bulk of an import) and for the write lock
 * with the edits; one at a time, each is as fast and the studio stays responsive.
 */
function inTurn<T>(session: Session, work: () => Promise<T>, onWait: () => void): Promise<T> {
  const queue = imports.get(session) ?? { last: Promise.resolve(), pending: 0 };
  imports.set(session, queue);
  if (queue.pending > 0) onWait();
  queue.pending++;
  const mine = queue.last.then(work).finally(() => queue.pending--);
  queue.last = mine.catch(() => {});
  return mine;
}

/**
 * Imports into the open project as a job, done whole in an import worker thread: the files are read and
 * checked there, then written through the worker's own connection in one transaction (all or nothing).
 * This thread only follows its progress, then checks the audio files it added, in small pieces.
 */
function startImport(
  session: Session,
  kind: 'project:import' | 'system:import' | 'system:upload',
  task: ImportWriteTask,
) {
  const project = session.project;
  project.assertWritable();
  return session.jobs.start(kind, async (progress) => {
    const result = await inTurn(
      session,
      () => runImportWorker(task, progress),
      () => progress(0, 0, 'waiting for another import'),
    );
    project.noteWritten();
    if (task.kind === 'importCorpus') await project.checkNewAudioInPieces();
    return result;
  });
}

/** Runs an edit of the open project once the write lock is free, without blocking this thread meanwhile. */
function edit<T>(session: Session, fn: (project: ProjectStore) => T): Promise<T> {
  const project = session.project;
  project.assertWritable();
  return writeWhenFree(project.file, project.db, () => fn(project));
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
    'project:open': async ({ path }) =>
      (await session.openChecked(session.grants.check(path, 'Project file'))).summary(),
    'project:summary': () => session.project.summary(),
    'utterance:list': (request) => {
      if (request.sort === 'disagreement')
        refuseWhenBlind(session.project.db, request.annotator, 'the order by disagreement');
      return session.project.utteranceWindow(request);
    },
    'utterance:get': ({ utteranceId }) => session.project.getUtterance(utteranceId),
    'utterance:setStatus': ({ utteranceId, status, layer }) =>
      edit(session, (p) => p.setStatus(utteranceId, status, layerId(p.db, layer))),
    'gold:get': ({ utteranceId, layer }) =>
      session.project.goldState(utteranceId, layerId(session.project.db, layer)),
    'gold:applyDiff': ({ utteranceId, diff, label, layer }) =>
      edit(session, (p) => p.applyGoldDiff(utteranceId, diff, label, '', layerId(p.db, layer))),
    'gold:align': (input) => startAlignJob(session, input),
    'gold:undo': ({ utteranceId, layer }) =>
      edit(session, (p) => p.undoRedo(utteranceId, 'undo', '', layerId(p.db, layer))),
    'gold:redo': ({ utteranceId, layer }) =>
      edit(session, (p) => p.undoRedo(utteranceId, 'redo', '', layerId(p.db, layer))),
    ...annotatorHandlers(session),
    'project:import': ({ audioDir, alignment, annotator }) =>
      startImport(session, 'project:import', {
        kind: 'importCorpus',
        project: session.project.file,
        options: {
          audioDir: session.grants.check(audioDir, 'Audio folder'),
          alignment: session.grants.check(alignment, 'Alignment'),
          ...(annotator !== undefined ? { annotator } : {}),
        },
      }),
    'system:import': ({ name, files }) =>
      startImport(session, 'system:import', {
        kind: 'importSystem',
        project: session.project.file,
        name,
        sourceFiles: files,
        read: { files: files.map((f) => session.grants.check(f, 'System output file')) },
      }),
    // A second request while the same scoring runs (same settings, gold and outputs) joins it.
    'score:corpus': () =>
      session.jobs.start(
        'score:corpus',
        async (progress, publish, signal) => {
          const project = session.project;
          // One system at a time, each published as soon as it is scored so the dashboard fills in; the
          // uncached pairs are scored in worker threads, so other API calls go on meanwhile.
          const systems = project.systems();
          // Every utterance is scored for every system, those without its output as empty hypotheses.
          const perSystem = project.summary().utterances;
          const total = systems.length * perSystem;
          const coverage = coverageOf(project.scoringSettings().settings);
          // Figures computed before from the same gold, outputs and settings are answered as they were.
          const state = figuresState(project, coverage);
          const report: CorpusReport = [];
          let before = 0;
          for (const sys of systems) {
            // Cancelled (its pages gone): stopped before the next system.
            signal.throwIfAborted();
            const key = figuresKey(project, state, sys.id);
            const known = keptFigures(project, key);
            if (known) {
              report.push({ systemId: sys.id, name: sys.name, figures: known });
              before += perSystem;
              progress(before, total, 'scoring');
              continue;
            }
            const show = (done: number, of: number): void => {
              progress(before + done, total, 'scoring');
              publish({ systems: [...report], scoring: { systemId: sys.id, done, total: of } });
            };
            // The figures as `sieve score` makes them: no scores cross threads, the intervals are computed
            // in the workers too.
            const scored = await scoreProjectFigures(project, {
              systemIds: [sys.id],
              coverage,
              onProgress: show,
            });
            // JSON has no NaN: an undefined figure or interval travels as null.
            const figures = scored.get(sys.id)!.figures.map((f) => ({
              ...f,
              value: fin(f.value),
              lo: fin(f.lo),
              hi: fin(f.hi),
            }));
            keepFigures(project, key, figures);
            report.push({ systemId: sys.id, name: sys.name, figures });
            before += perSystem;
            progress(before, total, 'scoring');
            publish({ systems: [...report], scoring: null });
          }
          progress(total, total, 'done');
          return report;
        },
        { key: session.project.workState() },
      ),
    'score:compare': async ({ systemA, systemB }) => {
      const project = session.project;
      const scores = await scoreProject(project, { systemIds: [...new Set([systemA, systemB])] });
      const of = (systemId: number) => scores.get(systemId)!;
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
    'score:utterance': async ({ systemId, utteranceId }) => {
      const project = session.project;
      let cached = false;
      const scores = await scoreProject(project, {
        systemIds: [systemId],
        utteranceIds: [utteranceId],
        onCacheRead: (hits) => (cached = hits === 1),
      });
      const output = getSystemOutput(project.db, systemId, utteranceId);
      return {
        systemId,
        utteranceId,
        scores: scores.get(systemId)!.get(utteranceId)!,
        output,
        cached,
      };
    },
    'system:upload': ({ name, files }) =>
      startImport(session, 'system:upload', {
        kind: 'importSystem',
        project: session.project.file,
        name,
        sourceFiles: files.map((f) => f.name),
        read: { uploads: files },
      }),
    'scoring:getSettings': () => session.project.scoringSettings(),
    'scoring:setSettings': ({ settings }) => edit(session, (p) => p.setScoringSettings(settings)),
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
    // The annotators' agreement is computed in a worker thread, as a job.
    'agreement:corpus': ({ annotators, as }) => {
      refuseWhenBlind(session.project.db, as, 'the agreement');
      return startAgreementJob(session.jobs, session.project, annotators);
    },
    'job:status': ({ jobId }) => session.jobs.status(jobId),
    'job:cancel': ({ jobId }) => session.jobs.cancel(jobId),
    'system:list': () => session.project.systems(),
    'system:rename': ({ systemId, name }) => edit(session, (p) => p.renameSystem(systemId, name)),
    'system:delete': ({ systemId }) => edit(session, (p) => p.deleteSystem(systemId)),
    'audio:peaks': ({ audioId }) => session.project.peaks(audioId),
    'annotation:getSettings': () => session.project.annotationSettings(),
    'annotation:setSettings': ({ settings }) => edit(session, (p) => p.setAnnotationSettings(settings)),
  } satisfies Handlers);
}
