import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { appBackgroundProblem, pushConfigProblem, pushTokenProblem } from '../../protocol';
import { parameterError } from '../errors';
import { Scene, type StoredMessage } from '../msg/message';
import { bumpTimetag, TimetagKind } from '../sync/timetags';
import { devicesToNotify, notificationText, type OnlinePort, type PushDevice, type PushRequest } from './push-decision';

/** One row of im_push_outbox as a relay reads it. */
export interface QueuedPush {
  id: number;
  account: string;
  deviceId: string;
  tokenName: string;
  token: string;
  pushkit: boolean;
  title: string;
  body: string;
  payload: string;
  msgType: number;
  badge: number;
  msgIdServer: string;
  createdAt: number;
  sentAt: number | null;
}

/** The port a push-setting command came from. */
export interface PushPortRef {
  account: string;
  deviceId: string;
  type: number;
  connectionId: string;
}

/**
 * Push settings and the offline-push outbox (issue 31; docs/protocol.md "Push settings"): a device's
 * token (updatePushToken), a connection's background state (appBackground), the account's
 * shouldPushNotificationWhenPCOnline (updatePushConfig), and for each new p2p message the decision
 * whether to queue a notification for a vendor relay in im_push_outbox. Nothing is sent from here.
 */
export class PushService {
  constructor(
    readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores the device's token, replacing its previous one; the token leaves any other account it was on. */
  async updateToken(port: PushPortRef, input: { tokenName?: unknown; token?: unknown; pushkit?: unknown }): Promise<void> {
    const problem = pushTokenProblem(input);
    if (problem) throw parameterError(problem);
    const tokenName = input.tokenName as string;
    const token = input.token as string;
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // A phone that logs in as another account keeps its token: the old account must stop getting its pushes.
      await trx
        .updateTable('im_push_device')
        .set({ token_name: '', token: '', update_time: now })
        .where('token_name', '=', tokenName)
        .where('token', '=', token)
        .where((eb) => eb.or([eb('accid', '!=', port.account), eb('device_id', '!=', port.deviceId)]))
        .execute();
      await trx
        .insertInto('im_push_device')
        .values({ accid: port.account, device_id: port.deviceId, client_type: port.type, token_name: tokenName, token, pushkit: input.pushkit === true, background_connection_id: null, update_time: now })
        .onConflict((oc) =>
          oc.columns(['accid', 'device_id']).doUpdateSet({ client_type: port.type, token_name: tokenName, token, pushkit: input.pushkit === true, update_time: now }),
        )
        .execute();
    });
  }

  /** Marks this connection of the device in the background (or back in the foreground) with the app's badge. */
  async setBackground(port: PushPortRef, input: { isBackground?: unknown; badge?: unknown }): Promise<void> {
    const problem = appBackgroundProblem(input);
    if (problem) throw parameterError(problem);
    const background = input.isBackground === true ? port.connectionId : null;
    const badge = typeof input.badge === 'number' ? input.badge : 0;
    const now = this.now();
    await this.db
      .insertInto('im_push_device')
      .values({ accid: port.account, device_id: port.deviceId, client_type: port.type, background_connection_id: background, badge, update_time: now })
      .onConflict((oc) => oc.columns(['accid', 'device_id']).doUpdateSet({ client_type: port.type, background_connection_id: background, badge, update_time: now }))
      .execute();
  }

  /** A logout on the device: it gets no more pushes for this account until it registers a token again. */
  async forgetToken(account: string, deviceId: string): Promise<void> {
    await this.db.updateTable('im_push_device').set({ token_name: '', token: '', update_time: this.now() }).where('accid', '=', account).where('device_id', '=', deviceId).execute();
  }

  /** Stores the setting and takes the account's next sync number for it (the pushConfig timetag); returns the number. */
  async updateConfig(account: string, input: { shouldPushNotificationWhenPCOnline?: unknown }): Promise<number> {
    const problem = pushConfigProblem(input);
    if (problem) throw parameterError(problem);
    const value = input.shouldPushNotificationWhenPCOnline === true;
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('im_push_config')
        .values({ accid: account, push_when_pc_online: value, update_time: now })
        .onConflict((oc) => oc.column('accid').doUpdateSet({ push_when_pc_online: value, update_time: now }))
        .execute();
      return bumpTimetag(trx, account, TimetagKind.PUSH_CONFIG);
    });
  }

  /** The stored setting; undefined when the account never set it (the default is false). */
  async getConfig(account: string): Promise<boolean | undefined> {
    const row = await this.db.selectFrom('im_push_config').select('push_when_pc_online').where('accid', '=', account).executeTakeFirst();
    return row?.push_when_pc_online;
  }

  /** The relay's view: queued notifications of `account`, oldest first (unsent ones only unless `all`). */
  async outbox(account: string, options: { all?: boolean } = {}): Promise<QueuedPush[]> {
    let query = this.db.selectFrom('im_push_outbox').selectAll().where('accid', '=', account);
    if (!options.all) query = query.where('sent_at', 'is', null);
    const rows = await query.orderBy('id').execute();
    return rows.map((r) => ({
      id: Number(r.id),
      account: r.accid,
      deviceId: r.device_id,
      tokenName: r.token_name,
      token: r.token,
      pushkit: r.pushkit,
      title: r.title,
      body: r.body,
      payload: r.payload,
      msgType: r.msg_type,
      badge: r.badge,
      msgIdServer: String(r.msg_id_server),
      createdAt: Number(r.created_at),
      sentAt: r.sent_at === null ? null : Number(r.sent_at),
    }));
  }

  /** A relay marks what its vendor accepted; rows already marked keep their time. Returns the rows marked. */
  async markSent(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.updateTable('im_push_outbox').set({ sent_at: this.now() }).where('id', 'in', [...ids]).where('sent_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * After a p2p message is stored: queues one notification per device of the receiver that should
   * get it (push-decision.ts), at most once per message and device (a resend writes nothing more).
   * `listPorts` is asked only when the receiver has a token. Returns the rows written.
   */
  async queueOfflinePush(message: StoredMessage, request: PushRequest, listPorts: () => Promise<readonly OnlinePort[]>): Promise<number> {
    const receiver = message.to;
    if (message.scene !== Scene.P2P || receiver === message.from || request.isPushable === false) return 0;
    const devices = (await this.devicesWithTokens([receiver])).get(receiver);
    if (!devices) return 0;
    // The receiver muted the sender (§3 mutelist): the message arrives, silently.
    const muted = await this.db.selectFrom('im_relation').select('is_muted').where('accid', '=', receiver).where('target', '=', message.from).executeTakeFirst();
    if (muted?.is_muted) return 0;
    return this.queueFor(receiver, devices, message, request, listPorts, 0);
  }

  /**
   * After a team message is stored: as queueOfflinePush for each member but the sender; a member who
   * muted the team (muteTeam, bit 0) is skipped unless the message names it in forcePushAccounts.
   */
  async queueOfflineTeamPush(
    message: StoredMessage,
    recipients: readonly string[],
    forcePush: readonly string[],
    request: PushRequest,
    listPorts: (account: string) => Promise<readonly OnlinePort[]>,
  ): Promise<number> {
    if (message.scene !== Scene.TEAM || request.isPushable === false) return 0;
    const byAccount = await this.devicesWithTokens(recipients.filter((a) => a !== message.from));
    if (byAccount.size === 0) return 0;
    const mutedRows = await this.db
      .selectFrom('im_team_member')
      .select('accid')
      .where('team_id', '=', Number(message.to))
      .where('accid', 'in', [...byAccount.keys()])
      .where(sql<boolean>`(bits & 1) = 1`)
      .execute();
    const muted = new Set(mutedRows.map((r) => r.accid));
    let written = 0;
    for (const [account, devices] of byAccount) {
      if (muted.has(account) && !forcePush.includes(account)) continue;
      // The member's team session counts this message once its fan-out runs, after the answer.
      written += await this.queueFor(account, devices, message, request, () => listPorts(account), 1);
    }
    return written;
  }

  /** Every device row of the accounts that have at least one token (the others cannot be pushed to). */
  private async devicesWithTokens(accounts: readonly string[]): Promise<Map<string, PushDevice[]>> {
    const byAccount = new Map<string, PushDevice[]>();
    if (accounts.length === 0) return byAccount;
    const rows = await this.db
      .selectFrom('im_push_device')
      .select(['accid', 'device_id', 'token_name', 'token', 'pushkit', 'background_connection_id'])
      .where('accid', 'in', [...accounts])
      .execute();
    for (const r of rows) {
      const list = byAccount.get(r.accid) ?? [];
      list.push({ deviceId: r.device_id, tokenName: r.token_name, token: r.token, pushkit: r.pushkit, backgroundConnectionId: r.background_connection_id });
      byAccount.set(r.accid, list);
    }
    for (const [account, list] of byAccount) if (!list.some((d) => d.token !== '')) byAccount.delete(account);
    return byAccount;
  }

  private async queueFor(
    receiver: string,
    devices: readonly PushDevice[],
    message: StoredMessage,
    request: PushRequest,
    listPorts: () => Promise<readonly OnlinePort[]>,
    unreadNotYetCounted: number,
  ): Promise<number> {
    const targets = devicesToNotify(await listPorts(), devices, (await this.getConfig(receiver)) === true);
    if (targets.length === 0) return 0;
    const { unread } = await this.db
      .selectFrom('im_session')
      .select(sql<number>`coalesce(sum(unread), 0)::int`.as('unread'))
      .where('accid', '=', receiver)
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    const text = notificationText(message, request);
    const now = this.now();
    const written = await this.db
      .insertInto('im_push_outbox')
      .values(
        targets.map((d) => ({
          accid: receiver,
          device_id: d.deviceId,
          token_name: d.tokenName,
          token: d.token,
          pushkit: d.pushkit,
          ...text,
          msg_type: message.type,
          badge: Number(unread) + unreadNotYetCounted,
          msg_id_server: Number(message.idServer),
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['msg_id_server', 'accid', 'device_id']).doNothing())
      .returning('id')
      .execute();
    return written.length;
  }
}
