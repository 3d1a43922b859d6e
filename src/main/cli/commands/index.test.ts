import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands } from './index';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Where a relative import of `from` leads (`x` → x.ts, x/index.ts), or null for a package or builtin. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

/**
 * The specifiers a module loads when it runs: static imports and re-exports (not `import type`), and
 * with `dynamic` its `import()`s too.
 */
function runtimeImports(file: string, dynamic = true): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gms))
    specs.push(m[1]!);
  for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) specs.push(m[1]!);
  if (dynamic) for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) specs.push(m[1]!);
  return specs;
}

/** The chain of modules from `entry` to an import `wanted` accepts, or null when `entry` never loads one. */
function chainTo(entry: string, wanted: (spec: string) => boolean): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const spec of runtimeImports(file)) {
      if (wanted(spec)) {
        const chain = [spec];
        for (let f: string | null = file; f; f = parent.get(f) ?? null) chain.unshift(path.relative(HERE, f));
        return chain;
      }
      const next = resolveImport(file, spec);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The module file an entry's `load` imports, read from the table's source. */
function moduleOf(name: string): string {
  const source = fs.readFileSync(path.join(HERE, 'index.ts'), 'utf8');
  const m = new RegExp(`name: '${name}',[^}]*?import\\('([^']+)'\\)`, 's').exec(source);
  if (!m) throw new Error(`index.ts: no lazy import for ${name}`);
  return resolveImport(path.join(HERE, 'index.ts'), m[1]!)!;
}

const isSqlite = (spec: string): boolean => spec === 'better-sqlite3';
/** An npm package (zod, vega, the audio decoders …), not a relative module or a Node builtin. */
const isPackage = (spec: string): boolean => !spec.startsWith('.') && !spec.startsWith('node:');

describe('the command table', () => {
  it('names each command once, with the name and summary its module declares', async () => {
    expect(new Set(commands.map((c) => c.name)).size).toBe(commands.length);
    for (const entry of commands) {
      const cmd = await entry.load();
      expect({ name: cmd.name, summary: cmd.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });

  // Under Node 20 only project commands move to the repository's Node 22: a command not marked `project`
  // runs in Node 20, where opening SQLite through better-sqlite3's Node-API build crashes the process.
  // What `sieve --version` and `--help` load: the entry, the table, the version and the exit codes.
  it('starts with the entry, the table and the version only', () => {
    const entry = path.resolve(HERE, '../cliMain.ts');
    const loaded = new Set([entry]);
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const spec of runtimeImports(file, false)) {
        const next = resolveImport(file, spec);
        if (next && !loaded.has(next)) {
          loaded.add(next);
          queue.push(next);
        }
      }
    }
    expect([...loaded].map((f) => path.relative(path.resolve(HERE, '../../..'), f)).sort()).toEqual([
      'core/version.ts',
      'main/cli/cliMain.ts',
      'main/cli/command.ts',
      'main/cli/commands/index.ts',
      'main/cli/runCli.ts',
    ]);
  });

  // The scorers of the start-up benchmark (bench/cliStart.bench.ts) load no npm package (zod, vega …).
  it('scores wer, ted and structiou without any npm package', () => {
    for (const name of ['wer', 'ted', 'structiou']) {
      expect(chainTo(moduleOf(name), isPackage), name).toBeNull();
    }
  });

  it('marks every command whose modules load better-sqlite3 as a project command', () => {
    for (const entry of commands.filter((c) => !c.project)) {
      expect(chainTo(moduleOf(entry.name), isSqlite), entry.name).toBeNull();
    }
    // The scan does follow imports: the project commands do reach the binding.
    expect(chainTo(moduleOf('info'), isSqlite)).not.toBeNull();
  });
});
