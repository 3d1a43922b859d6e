// The paths the API may read in one session: only what the user chose — a file or folder named on the
// command line, a native dialog's result, the open project and the folders its audio is in. A path the
// caller merely names (`/etc/passwd`, `../../x`) is refused before anything is read from it, so not even
// its existence, length or line count leaks through an error.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/errors';
import { isInside, realOrSelf } from '../paths';

/** A granted file or folder, as given (normalized) and as it really is (symbolic links followed). */
interface Grant {
  given: string;
  real: string;
  folder: boolean;
}

/** The per-session set of paths the user granted; everything else is FORBIDDEN. */
export class PathGrants {
  private readonly grants = new Map<string, Grant>();

  /** Grants one file: itself only. */
  grantFile(file: string): void {
    this.add(file, false);
  }

  /** Grants a folder and everything under it. */
  grantFolder(folder: string): void {
    this.add(folder, true);
  }

  /** Grants what the user named on the command line: a folder with its contents, a file alone. */
  grantNamed(p: string): void {
    let folder = false;
    try {
      folder = fs.statSync(p).isDirectory();
    } catch {
      // Not there (yet): granted as a file, the narrower reading.
    }
    this.add(p, folder);
  }

  private add(p: string, folder: boolean): void {
    const given = path.resolve(p);
    const key = `${folder ? 'd' : 'f'}:${given}`;
    if (!this.grants.has(key)) this.grants.set(key, { given, real: realOrSelf(given), folder });
  }

  /** The granted folders, as given and as they really are. */
  folders(): string[] {
    const out = new Set<string>();
    for (const g of this.grants.values()) if (g.folder) out.add(g.given).add(g.real);
    return [...out];
  }

  private covers(p: string, which: 'given' | 'real'): boolean {
    for (const g of this.grants.values()) {
      const root = g[which];
      if (g.folder ? isInside(p, root) : p === root) return true;
    }
    return false;
  }

  /**
   * The real path of `p` when the user granted it; FORBIDDEN otherwise. The path as written is checked
   * first, without touching the file system; then the path it really leads to, so a symbolic link inside
   * a granted folder cannot lead out of it.
   */
  check(p: string, what: string): string {
    const given = path.resolve(p);
    const refuse = (): never => {
      throw new AppError(
        'FORBIDDEN',
        `${what} ${p} was not chosen in this session: only files and folders opened through the app's ` +
          'file dialog, named on its command line, or used by the open project can be read.',
        { path: p },
      );
    };
    if (!this.covers(given, 'given')) refuse();
    const real = realOrSelf(given);
    if (!this.covers(real, 'real')) refuse();
    return real;
  }
}
