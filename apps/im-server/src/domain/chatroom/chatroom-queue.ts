import { sql } from 'kysely';
import {
  MAX_CHATROOM_QUEUE_ITEMS,
  ResponseCode,
  queueBatchProblem,
  queueItemProblem,
  queueKeyProblem,
  type ChatroomQueueItem,
} from '../../protocol';
import { check, fail, isAdmin, type ChatroomDb, type ChatroomService } from './chatroom-service';

export interface QueueItem { key: string; value: string }

/**
 * The room's key/value queue (queueOffer, queuePoll, queueList, queuePeek, queueDrop, queueChange,
 * queueBatchUpdate; docs/im-chatroom.md "Queue"). Items keep their insertion order; offering an
 * existing key replaces its value in place. queuelevel 0 lets every member change the queue, 1 only
 * the owner and managers; queueDrop is theirs alone. A transient item leaves with the member who
 * offered it. Each change runs under a per-room advisory lock so two nodes cannot interleave.
 */
export class ChatroomQueue {
  private readonly db: ChatroomDb;

  constructor(private readonly rooms: ChatroomService) {
    this.db = rooms.db;
  }

  private async checkWriter(chatroomId: string, account: string, adminOnly = false): Promise<void> {
    const room = await this.rooms.openRoom(chatroomId);
    const member = await this.rooms.member(chatroomId, account);
    if ((adminOnly || room.queuelevel === 1) && !isAdmin(member)) throw fail(ResponseCode.NO_PERMISSION, 'only the owner and managers may change this queue');
  }

  private locked<T>(chatroomId: string, work: (trx: ChatroomDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'chatroom-queue:' + chatroomId}))`.execute(trx);
      return work(trx as unknown as ChatroomDb);
    });
  }

  async offer(chatroomId: string, account: string, item: ChatroomQueueItem | undefined, transient: boolean): Promise<QueueItem> {
    check(queueItemProblem(item));
    await this.checkWriter(chatroomId, account);
    const { key, value } = item as QueueItem;
    return this.locked(chatroomId, async (trx) => {
      const exists = await trx.selectFrom('im_chatroom_queue').select('key').where('chatroom_id', '=', chatroomId).where('key', '=', key).executeTakeFirst();
      if (exists) {
        await trx.updateTable('im_chatroom_queue').set({ value, owner: account, transient }).where('chatroom_id', '=', chatroomId).where('key', '=', key).execute();
      } else {
        const count = await trx.selectFrom('im_chatroom_queue').select(sql<number>`count(*)::int`.as('n')).where('chatroom_id', '=', chatroomId).executeTakeFirstOrThrow();
        if (count.n >= MAX_CHATROOM_QUEUE_ITEMS) throw fail(ResponseCode.PARAMETER_ERROR, `the queue holds at most ${MAX_CHATROOM_QUEUE_ITEMS} items`);
        await trx.insertInto('im_chatroom_queue').values({ chatroom_id: chatroomId, key, value, owner: account, transient }).execute();
      }
      return { key, value };
    });
  }

  /** Removes and returns the item of `key`, or the head when no key is given; 404 when there is none. */
  async poll(chatroomId: string, account: string, key: string | undefined): Promise<QueueItem> {
    if (key !== undefined && key !== '') check(queueKeyProblem(key));
    await this.checkWriter(chatroomId, account);
    return this.locked(chatroomId, async (trx) => {
      let q = trx.selectFrom('im_chatroom_queue').select(['key', 'value']).where('chatroom_id', '=', chatroomId);
      q = key ? q.where('key', '=', key) : q.orderBy('seq').limit(1);
      const item = await q.executeTakeFirst();
      if (!item) throw fail(ResponseCode.NOT_FOUND, key ? `no queue item ${key}` : 'the queue is empty');
      await trx.deleteFrom('im_chatroom_queue').where('chatroom_id', '=', chatroomId).where('key', '=', item.key).execute();
      return item;
    });
  }

  async list(chatroomId: string): Promise<QueueItem[]> {
    await this.rooms.openRoom(chatroomId);
    return this.db.selectFrom('im_chatroom_queue').select(['key', 'value']).where('chatroom_id', '=', chatroomId).orderBy('seq').execute();
  }

  async peek(chatroomId: string): Promise<QueueItem> {
    await this.rooms.openRoom(chatroomId);
    const item = await this.db.selectFrom('im_chatroom_queue').select(['key', 'value']).where('chatroom_id', '=', chatroomId).orderBy('seq').limit(1).executeTakeFirst();
    if (!item) throw fail(ResponseCode.NOT_FOUND, 'the queue is empty');
    return item;
  }

  async drop(chatroomId: string, account: string): Promise<void> {
    await this.checkWriter(chatroomId, account, true);
    await this.locked(chatroomId, (trx) => trx.deleteFrom('im_chatroom_queue').where('chatroom_id', '=', chatroomId).execute());
  }

  /** queueChange: a new value for an existing key (404 when the key is not queued). */
  async change(chatroomId: string, account: string, item: ChatroomQueueItem | undefined): Promise<QueueItem> {
    check(queueItemProblem(item));
    await this.checkWriter(chatroomId, account);
    const { key, value } = item as QueueItem;
    return this.locked(chatroomId, async (trx) => {
      const updated = await trx.updateTable('im_chatroom_queue').set({ value }).where('chatroom_id', '=', chatroomId).where('key', '=', key).returning('key').executeTakeFirst();
      if (!updated) throw fail(ResponseCode.NOT_FOUND, `no queue item ${key}`);
      return { key, value };
    });
  }

  /** queueBatchUpdate: new values for the keys that are queued; the others are returned, nothing is added. */
  async batchUpdate(chatroomId: string, account: string, items: ChatroomQueueItem[] | undefined): Promise<{ updated: QueueItem[]; notInQueue: string[] }> {
    check(queueBatchProblem(items));
    await this.checkWriter(chatroomId, account);
    return this.locked(chatroomId, async (trx) => {
      const updated: QueueItem[] = [];
      const notInQueue: string[] = [];
      for (const { key, value } of items as QueueItem[]) {
        const row = await trx.updateTable('im_chatroom_queue').set({ value }).where('chatroom_id', '=', chatroomId).where('key', '=', key).returning('key').executeTakeFirst();
        if (row) updated.push({ key, value });
        else notInQueue.push(key);
      }
      return { updated, notInQueue };
    });
  }

  /** A member left the room on every node: their transient items go. Returns the removed items. */
  async removeTransient(chatroomId: string, account: string): Promise<QueueItem[]> {
    return this.locked(chatroomId, (trx) =>
      trx.deleteFrom('im_chatroom_queue').where('chatroom_id', '=', chatroomId).where('owner', '=', account).where('transient', '=', true).returning(['key', 'value']).execute(),
    );
  }
}
