import { sql, type Kysely, type Transaction } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ImServerError, parameterError } from '../errors';
import { MessageTypeCode, ResponseCode } from '../../protocol';
import type { AntispamService } from '../antispam/antispam-service';
import { normalizeSendRecord, sendMessageProblem, type MessageRecordValue } from '../../protocol';
import { MESSAGE_TYPE_CODES } from './limits';
import {
  MESSAGE_COLUMNS,
  TIP_TYPE_CODE,
  Scene,
  conversationKey,
  messageFromRow,
  p2pSessionId,
  type StoredMessage,
  messageColumns,
  NO_THREAD,
  type HistoryQuery,
  type SendingPort,
  type SendResult,
  type ValidSendInput,
} from './message';
import { storedAttach, validateAccount, validatePageLimit } from './checks';
import { allocateSeqs } from '../sync/sequence';
import { isBlacklisted } from '../relation/relation-service';
import {
  DEFAULT_WRITE_BATCH_MAX,
  DEFAULT_WRITE_MODE,
  DEFAULT_WRITES_IN_FLIGHT,
  GroupCommitQueue,
  writeMessageBatch,
  type GroupCommitStats,
  type PendingSend,
  type Settled,
  type WriteMode,
} from './write-batcher';
import { threadColumnsFor } from '../extend/threads';

// The service's own signature types, and the account check the gateway runs before calling it.
export type { SendingPort, SendResult };
export { validateAccount };




/** How sent messages are written (docs/im-server-writes.md); the server's `writeMode` / IM_WRITE_MODE. */
export interface MessageWriteOptions {
  /** Default 'group-commit'. */
  mode?: WriteMode;
  /** Most messages per group-commit transaction; default DEFAULT_WRITE_BATCH_MAX. */
  maxBatch?: number;
  /** Group-commit transactions open at once (GroupCommitQueue); default DEFAULT_WRITES_IN_FLIGHT. */
  inFlight?: number;
}

export interface MessageWriteStats extends GroupCommitStats {
  mode: WriteMode;
  /** Group-commit batches whose transaction failed and that were written again one message at a time. */
  fallbacks: number;
}


/** Time source that never repeats or goes back within one process, so per-node order is total. */
export function createMessageClock(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return last;
  };
}



/** What a sendMsg carries (the wire record); unknown fields are ignored. */
export type SendMessageInput = MessageRecordValue;


/**
 * The §3/§5 rules of im-core's message-types.ts (the client runs the same before sending), then
 * this server's own: p2p only, and `to` must be an account. scene and type default to p2p text.
 */

function validateSend(input: SendMessageInput): ValidSendInput {
  if (typeof input !== 'object' || input === null) throw parameterError('msg is required');
  const record = normalizeSendRecord({ ...input, scene: input.scene ?? Scene.P2P, type: input.type ?? 0 });
  const problem = sendMessageProblem(record);
  if (problem) throw new ImServerError(problem.code, problem.message);
  const scene = record.scene as number;
  if (scene === Scene.TEAM || scene === Scene.SUPER_TEAM) {
    throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'team messages are not supported by this server');
  }
  const to = validateAccount(record.to, 'to');
  const type = record.type as number;
  if (!MESSAGE_TYPE_CODES.has(type)) throw parameterError(`cannot send message of type ${type}`);
  const attach = storedAttach(record, type);
  return {
    idClient: record.idClient as string,
    scene,
    to,
    type,
    subType: record.subType ?? 0,
    text: type === TIP_TYPE_CODE ? (record.tip ?? '') : (record.text ?? ''),
    attach,
    custom: record.custom ?? '',
  };
}

export class MessageService {
  readonly writeMode: WriteMode;
  private readonly batcher: GroupCommitQueue<PendingSend, SendResult>;
  private fallbacks = 0;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly nextTime: () => number = createMessageClock(),
    options: MessageWriteOptions = {},
    /** The anti-spam filter every text message passes before it is stored (domain/antispam); absent: none. */
    private readonly antispam?: Pick<AntispamService, 'judge'>,
  ) {
    this.writeMode = options.mode ?? DEFAULT_WRITE_MODE;
    this.batcher = new GroupCommitQueue(
      (jobs) => this.writeBatch(jobs),
      options.maxBatch ?? DEFAULT_WRITE_BATCH_MAX,
      options.inFlight ?? DEFAULT_WRITES_IN_FLIGHT,
      // Batches in flight together share no account: their sequence and session rows differ.
      ({ port, valid }) => (valid.to === port.account ? [port.account] : [port.account, valid.to]),
    );
  }

  /**
   * Stores a p2p message once per (sender, idClient) and updates both parties' sessions in the
   * same transaction. A repeated idClient returns the first stored message (im-client-spec §4
   * "Messages are deduplicated by idClient"). Input is validated first, so a bad message never
   * joins a batch; in group-commit mode the message is queued before this call first yields, so
   * the order of calls is the order of writes (per-session order = arrival order).
   */
  async send(port: SendingPort, input: SendMessageInput): Promise<SendResult> {
    const valid = validateSend(input);
    // The client's anti-spam rule, run again here (docs/im-background.md): a reject word refuses the
    // message (403), a replace word is stored as **, and either mark is kept as yidunAntiSpamRes.
    if (this.antispam && valid.type === MessageTypeCode.text) {
      const verdict = await this.antispam.judge(valid.text);
      valid.text = verdict.text;
      if (verdict.yidunAntiSpamRes) valid.yidunAntiSpamRes = verdict.yidunAntiSpamRes;
    }
    // A reply waits for its check before it queues; the connection handles one frame at a time, so
    // this port's order is kept (docs/im-extend.md "Threads and replies").
    const thread = await threadColumnsFor(this.db, port.account, conversationKey(port.account, valid.to), input);
    if (thread) valid.thread = thread;
    if (this.writeMode === 'per-message') return this.writeOne(port, valid);
    return this.batcher.submit({ port, valid });
  }

  writeStats(): MessageWriteStats {
    return { mode: this.writeMode, ...this.batcher.stats(), fallbacks: this.fallbacks };
  }

  /**
   * One group-commit batch: one statement, its own transaction (docs/im-server-writes.md). Batches in
   * flight together share no account (GroupCommitQueue), so they never wait on each other's rows. When
   * the statement fails (a message the database refuses, a deadlock with another node, a lost
   * connection), the batch is written again one message per transaction, in arrival order, so each
   * message gets its own answer and the good ones are stored; its accounts stay held meanwhile.
   */
  private async writeBatch(jobs: readonly PendingSend[]): Promise<Settled<SendResult>[]> {
    try {
      return await writeMessageBatch(this.db, jobs, this.nextTime);
    } catch (error) {
      if (jobs.length === 1) return [{ ok: false, error }];
      this.fallbacks++;
      const outcomes: Settled<SendResult>[] = [];
      for (const { port, valid } of jobs) {
        try {
          outcomes.push({ ok: true, value: await this.writeOne(port, valid) });
        } catch (oneError) {
          outcomes.push({ ok: false, error: oneError });
        }
      }
      return outcomes;
    }
  }

  /** The per-message design: one transaction for one message (baseline, and the batch fallback). */
  private async writeOne(port: SendingPort, valid: ValidSendInput): Promise<SendResult> {
    const existing = await this.findBySender(port.account, valid.idClient);
    if (existing) return { message: existing, duplicate: true };
    // The receiver's blocklist (im-client-spec §8 7101): refused, nothing stored or delivered; the
    // sender's client keeps its copy as delivered with isInBlackList (§4).
    if (valid.to !== port.account && (await isBlacklisted(this.db, valid.to, port.account))) {
      throw new ImServerError(ResponseCode.BLACKLISTED, 'blacklisted');
    }

    return this.db.transaction().execute((trx) => storeP2pMessage(trx, port, valid, this.nextTime));
  }

  async findBySender(sender: string, idClient: string, db: Kysely<ImDatabase> = this.db): Promise<StoredMessage | undefined> {
    return findBySender(db, sender, idClient);
  }

  /** One page of a p2p history (getHistoryMsgs): beginTime < time < endTime, paged by lastMsgId. */
  async history(viewer: string, query: HistoryQuery): Promise<StoredMessage[]> {
    const peer = validateAccount(query.peer, 'to');
    const limit = validatePageLimit(query.limit);
    const { beginTime = 0, endTime = 0, reverse = false } = query;
    if (beginTime < 0 || endTime < 0 || (endTime > 0 && beginTime > endTime)) {
      throw parameterError('beginTime must not be after endTime');
    }
    let q = this.db.selectFrom('im_message').select(MESSAGE_COLUMNS).where('conversation', '=', conversationKey(viewer, peer));
    if (beginTime > 0) q = q.where('time', '>=', beginTime);
    if (endTime > 0) q = q.where('time', '<=', endTime);
    if (query.lastMsgId) {
      const anchor = Number(query.lastMsgId);
      if (!Number.isSafeInteger(anchor)) throw parameterError('lastMsgId must be a server message id');
      q = q.where('id_server', reverse ? '>' : '<', anchor);
    }
    const direction = reverse ? 'asc' : 'desc';
    const rows = await q.orderBy('time', direction).orderBy('id_server', direction).limit(limit).execute();
    return rows.map(messageFromRow);
  }

  /**
   * The account's messages with a sync sequence number in (afterSeq, uptoSeq], in that order:
   * the roaming/offline part of one sync page (docs/im-sync.md).
   */
  async changedBetween(account: string, afterSeq: number, uptoSeq: number): Promise<StoredMessage[]> {
    const rows = await this.db
      .selectFrom('im_message')
      .select([...MESSAGE_COLUMNS, sql<number>`case when sender = ${account} then sender_seq else receiver_seq end`.as('seq')])
      .where((eb) =>
        eb.or([
          eb.and([eb('sender', '=', account), eb('sender_seq', '>', afterSeq), eb('sender_seq', '<=', uptoSeq)]),
          eb.and([eb('receiver', '=', account), eb('receiver_seq', '>', afterSeq), eb('receiver_seq', '<=', uptoSeq)]),
        ]),
      )
      .orderBy('seq', 'asc')
      .execute();
    return rows.map(messageFromRow);
  }
}

/**
 * Stores one p2p message in `trx` and moves both parties' sessions to it: the per-message write of sendMsg, and of
 * what the server itself writes into a conversation (call records, domain/signal). A repeated (sender, idClient)
 * returns the message stored first.
 */
export async function storeP2pMessage(trx: Transaction<ImDatabase>, port: SendingPort, valid: ValidSendInput, nextTime: () => number): Promise<SendResult> {
  // Sequence numbers first: their row locks order this account pair's commits (docs/im-sync.md), and the time taken
  // after them keeps time order equal to sequence order.
  const seqs = await allocateSeqs(trx, [port.account, valid.to]);
  const senderSeq = seqs.get(port.account) as number;
  const receiverSeq = seqs.get(valid.to) as number;
  const time = nextTime();
  const inserted = await trx
    .insertInto('im_message')
    .values({
      ...messageColumns(port, valid),
      time,
      sender_seq: senderSeq,
      receiver_seq: receiverSeq,
      ...(valid.thread ?? NO_THREAD),
    })
    .onConflict((oc) => oc.columns(['sender', 'id_client']).doNothing())
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirst();
  if (!inserted) {
    // Lost a race with the same idClient from another port or node.
    const raced = await findBySender(trx, port.account, valid.idClient);
    if (!raced) throw new ImServerError(ResponseCode.INTERNAL_ERROR, 'message vanished after conflict');
    return { message: raced, duplicate: true };
  }
  const message = messageFromRow(inserted);
  await touchSession(trx, port.account, valid.to, message, senderSeq, false);
  // A message to oneself is read on sending (im-client-spec §4 Message status).
  if (valid.to !== port.account) await touchSession(trx, valid.to, port.account, message, receiverSeq, true);
  return { message, duplicate: false };
}

/** The message `sender` sent with `idClient`, if stored. */
async function findBySender(db: Kysely<ImDatabase>, sender: string, idClient: string): Promise<StoredMessage | undefined> {
  const row = await db.selectFrom('im_message').select(MESSAGE_COLUMNS).where('sender', '=', sender).where('id_client', '=', idClient).executeTakeFirst();
  return row ? messageFromRow(row) : undefined;
}

/** Moves `owner`'s session with `target` to `message`; incoming messages add one unread. */
async function touchSession(
  trx: Transaction<ImDatabase>,
  owner: string,
  target: string,
  message: StoredMessage,
  seq: number,
  incoming: boolean,
): Promise<void> {
  await trx
    .insertInto('im_session')
    .values({
      accid: owner,
      session_id: p2pSessionId(target),
      scene: Scene.P2P,
      target,
      last_msg_id: Number(message.idServer),
      update_time: message.time,
      unread: incoming ? 1 : 0,
      seq,
    })
    .onConflict((oc) =>
      oc.columns(['accid', 'session_id']).doUpdateSet((eb) => ({
        last_msg_id: eb.ref('excluded.last_msg_id'),
        update_time: eb.ref('excluded.update_time'),
        is_deleted: false,
        seq: eb.ref('excluded.seq'),
        unread: incoming ? sql<number>`im_session.unread + 1` : sql<number>`im_session.unread`,
      })),
    )
    .execute();
}
