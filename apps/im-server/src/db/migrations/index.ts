import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as syncSequence from './002-sync-sequence';

/** Ordered migrations; append only. Names sort in run order. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-sync-sequence': syncSequence,
};
