import { sql as init } from './0001-init';
import { sql as goldSystems } from './0002-gold-systems';

/** Schema migrations in order; migration i brings the file to `PRAGMA user_version = i + 1`. */
export const migrations: readonly string[] = [init, goldSystems];
