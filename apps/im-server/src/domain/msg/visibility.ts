// Which im_message rows an account still sees (delete for self and clear history hide rows from one
// account only). Model code: history, threads, team and super-team pages all filter with it.
import { sql, type RawBuilder } from 'kysely';

/** SQL: the im_message row is visible to `viewer` (not deleted for self, not recalled, not cleared). */
export function visibleTo(viewer: string): RawBuilder<boolean> {
  return sql<boolean>`(
    not exists (select 1 from im_msg_deleted_self d where d.accid = ${viewer} and d.id_server = im_message.id_server)
    and not exists (select 1 from im_msg_recall r where r.accid = ${viewer} and r.id_server = im_message.id_server)
    and not exists (
      select 1 from im_history_clear c
      where c.accid = ${viewer}
        and c.session_id = 'p2p-' || (case when im_message.sender = ${viewer} then im_message.receiver else im_message.sender end)
        and im_message.time <= c.clear_time
    )
  )`;
}
