import { AppError } from '../../core/api/errors';
import { ProjectStore } from '../store/projectStore';
import { Jobs } from './jobs';

/** The app's state shared by both transports: which project is open. */
export class Session {
  private store: ProjectStore | null = null;
  /** Long jobs started through the API. */
  readonly jobs = new Jobs();

  constructor(readonly transport: 'electron' | 'browser') {}

  /** The open project, or a NO_PROJECT error the UI can show. */
  get project(): ProjectStore {
    if (!this.store) throw new AppError('NO_PROJECT', 'No project is open.');
    return this.store;
  }

  get projectPath(): string | null {
    return this.store?.file ?? null;
  }

  /** Opens `file`; the previous project stays open if this one fails. */
  open(file: string): ProjectStore {
    const next = ProjectStore.open(file);
    this.store?.close();
    this.store = next;
    return next;
  }

  close(): void {
    this.store?.close();
    this.store = null;
  }
}
