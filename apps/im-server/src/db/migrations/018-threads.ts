import type { Kysely } from 'kysely';

/**
 * Threads and replies (msgExtend, issue 12; docs/im-extend.md "Threads and replies"): a message may
 * answer another message of its conversation (the reply) and so belong to a thread (its root).
 * `thread_id_server` is the root's idServer, indexed so getThreadMsgs pages one thread; `msg_refs`
 * keeps the identity of the replied message and of the root (from, to, time, idServer, idClient) as
 * JSON, copied at sending: those fields never change, so no join is needed to hand them out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_message').addColumn('thread_id_server', 'bigint').execute();
  await db.schema.alterTable('im_message').addColumn('msg_refs', 'text').execute();
  await db.schema.createIndex('im_message_thread').on('im_message').columns(['thread_id_server', 'time']).execute();
}
