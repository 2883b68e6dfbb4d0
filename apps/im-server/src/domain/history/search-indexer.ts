import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { startPeriodicSweep } from '../periodic-sweep';

/** Messages moved into the search index per statement. */
export const SEARCH_INDEX_BATCH = 2_000;

/**
 * Moves up to `limit` messages, oldest first, from the search backlog into the search index
 * (migration 021), in one statement: the backlog rows are deleted and the index rows inserted
 * atomically, so a search sees each message in exactly one of the two. `skip locked` lets several
 * nodes index side by side, each taking other rows. Answers how many were moved.
 */
export async function indexSearchBacklog(db: Kysely<ImDatabase>, limit = SEARCH_INDEX_BATCH): Promise<number> {
  const { rows } = await sql<{ moved: number }>`
    with taken as (
      select id_server from im_search_backlog order by id_server limit ${limit} for update skip locked
    ),
    moved as (
      delete from im_search_backlog b using taken where b.id_server = taken.id_server returning b.id_server
    ),
    indexed as (
      insert into im_message_search (id_server, text_lower)
      select m.id_server, lower(m."text") from moved join im_message m on m.id_server = moved.id_server
      on conflict (id_server) do nothing
      returning 1
    )
    select (select count(*) from moved)::int as moved
  `.execute(db);
  return Number(rows[0]?.moved ?? 0);
}

/**
 * Indexes the backlog at start and every `intervalMs`, as many statements as it takes while a batch
 * comes back full (domain/periodic-sweep.ts). stop() waits for a statement in flight.
 */
export function startSearchIndexer(
  db: Kysely<ImDatabase>,
  intervalMs: number,
  log: { error(details: object, message: string): void },
): () => Promise<void> {
  return startPeriodicSweep('search indexer', async () => (await indexSearchBacklog(db)) === SEARCH_INDEX_BATCH, intervalMs, log);
}
