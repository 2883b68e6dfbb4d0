import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';

/**
 * Periodic tasks that must run once across all store-server instances on one database (the demo simulators;
 * docs/operations.md "Running more than one instance"). Every instance ticks on its own timer; a tick runs the
 * task only when it takes the turn, i.e. moves the task's `next_run_at` on by one interval in one statement, so
 * of two instances ticking together one runs and the other skips. No leader to elect or lose: when an
 * instance dies, the next tick of any other takes the turn. The database's clock decides, so instances whose
 * clocks differ still agree.
 */

/**
 * A turn is due a second early: two timers of the same interval drift by milliseconds, and a tick landing just
 * before `next_run_at` would otherwise skip a whole interval.
 */
const EARLY_SECONDS = 1;

/** The taken turn's number (0, 1, 2, … per task, across instances), or null when another instance has this one. */
export async function takeTaskTurn(db: Kysely<StoreDatabase>, task: string, intervalSeconds: number, instanceId: string): Promise<number | null> {
  const next = Math.max(intervalSeconds - EARLY_SECONDS, 0);
  const { rows } = await sql<{ turn: number | string }>`
    insert into store_task_turn (task, next_run_at, turn, last_run_by)
    values (${task}, now() + make_interval(secs => ${next}), 0, ${instanceId})
    on conflict (task) do update
      set next_run_at = excluded.next_run_at, turn = store_task_turn.turn + 1, last_run_by = excluded.last_run_by
      where store_task_turn.next_run_at <= now()
    returning turn`.execute(db);
  return rows[0] === undefined ? null : Number(rows[0].turn);
}
