import path from 'node:path';
import { AppError } from '../../core/errors';
import { ProjectStore } from '../store/projectStore';
import { Jobs } from './jobs';
import { isInside } from '../paths';
import { PathGrants } from './pathGrants';

/** The folders of a project's audio files that lie inside the project's own folder. */
function audioFoldersOf(store: ProjectStore): string[] {
  const paths = store.db.prepare('SELECT DISTINCT path FROM audio_file').pluck().all() as string[];
  const folders = new Set(paths.map((p) => path.dirname(path.resolve(store.dir, p))));
  return [...folders].filter((dir) => isInside(dir, store.dir));
}

/** What a session starts with. */
export interface SessionOptions {
  /** Files and folders the user named on the command line (`--allow`): the API may read them. */
  allow?: readonly string[];
}

/** The app's state shared by both transports: which project is open, and which paths the user chose. */
export class Session {
  private store: ProjectStore | null = null;
  /** Long jobs started through the API; their SQLite errors name the project open when they started. */
  readonly jobs = new Jobs({ projectFile: () => this.projectPath });
  /** The paths the API may read: the command line's, the native dialog's, the open project's. */
  readonly grants = new PathGrants();

  constructor(
    readonly transport: 'electron' | 'browser',
    options: SessionOptions = {},
  ) {
    for (const p of options.allow ?? []) this.grants.grantNamed(p);
  }

  /** The open project, or a NO_PROJECT error the UI can show. */
  get project(): ProjectStore {
    if (!this.store) throw new AppError('NO_PROJECT', 'No project is open.');
    return this.store;
  }

  get projectPath(): string | null {
    return this.store?.file ?? null;
  }

  /**
   * Opens `file`, with its audio files checked in small pieces (a project of long recordings takes seconds
   * to hash), so the browser host and the API answer other calls meanwhile. The project is in use once every
   * file is checked; the previous project stays open if this one fails. The project file and the folders
   * its audio is in (inside the project's folder) become readable through the API; its audio may also lie
   * in the folders granted (e.g. `--allow` on the command line).
   */
  async openChecked(file: string): Promise<ProjectStore> {
    const next = ProjectStore.open(file, { audioLater: true });
    try {
      // Files in folders the user granted are checked as inside from the start.
      next.allowAudioFolders(() => this.grants.folders());
      await next.checkNewAudioInPieces();
    } catch (err) {
      next.close();
      throw err;
    }
    this.store?.close();
    this.store = next;
    next.prepareForStudio();
    this.grants.grantFile(next.file);
    for (const dir of audioFoldersOf(next)) this.grants.grantFolder(dir);
    return next;
  }

  close(): void {
    this.store?.close();
    this.store = null;
  }
}
