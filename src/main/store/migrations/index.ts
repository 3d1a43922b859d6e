import { sql as init } from './0001-init';
import { sql as goldSystems } from './0002-gold-systems';
import { sql as wordConfidence } from './0003-word-confidence';
import { migrateUndoStacks } from './0004-undo-stacks';
import { sql as annotators } from './0005-annotators';
import { migrateCompactOutputs } from './0006-compact-outputs';
import type { Db } from '../openDatabase';

/**
 * Schema migrations in order; migration i brings the file to `PRAGMA user_version = i + 1`. Each is SQL,
 * or a function where the migration computes what it fills in.
 */
export const migrations: readonly (string | ((db: Db) => void))[] = [
  init,
  goldSystems,
  wordConfidence,
  migrateUndoStacks,
  annotators,
  migrateCompactOutputs,
];

/**
 * The versions whose migration rewrites large tables: a file migrated to or past one of them is compacted
 * once afterwards, so that the pages the old tables held are not kept as free space.
 */
export const compactAfter: readonly number[] = [6];
