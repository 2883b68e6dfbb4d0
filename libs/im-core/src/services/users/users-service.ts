import type { UserRecordValue } from '../../protocol/records';
import type { ImUser } from '../../store/entities';
import { DONNOP_KEY, PUSH_CONFIG_KEY } from '../../store/store';
import { fromWireUser, toWireProfile } from '../../model/wire-mapping';
import { validateDonnop, validateProfileUpdate, validateUserLookup, type ProfileUpdate } from '../../validation/user-rules';
import { validateAppBackground, validatePushConfig, validatePushToken, type PushConfig, type PushTokenInput } from '../../validation/push-rules';
import type { ServiceContext } from '../service-context';

export { DONNOP_KEY, PUSH_CONFIG_KEY };

/** Profiles: my info and other users (im-client-spec §3 User, §5 "Users and friends"). */
export class UsersService {
  constructor(private readonly context: ServiceContext) {}

  /** My profile as last stored (login, sync, updateMyInfo, or another device's change). */
  getMyInfo(): Promise<ImUser | undefined> {
    return this.context.store().getUser(this.context.account);
  }

  /**
   * updateMyInfo: checked against §5 (gender, email, birth, tel) before anything is sent; the
   * server's copy is stored and announced (`myInfo`).
   */
  async updateMyInfo(update: ProfileUpdate): Promise<ImUser> {
    const checked = validateProfileUpdate(update);
    const answer = await this.context.connection.request('updateMyInfo', { user: toWireProfile(checked) });
    const user = fromWireUser(answer.user) ?? { ...(await this.getMyInfo()), ...checked, account: this.context.account };
    await this.context.store().putUsers([user]);
    this.context.emit('myInfo', user);
    return user;
  }

  /**
   * Profiles of up to 150 accounts (§5). Stored ones come from the store; the others (or all,
   * with `fromServer`) are asked from the server and stored. Unknown accounts are left out.
   */
  async getUsers(accounts: readonly string[], options: { fromServer?: boolean } = {}): Promise<ImUser[]> {
    const wanted = validateUserLookup(accounts);
    const store = this.context.store();
    const stored = options.fromServer ? [] : await store.getUsers(wanted);
    const known = new Set(stored.map((u) => u.account));
    const missing = wanted.filter((a) => !known.has(a));
    if (missing.length > 0) {
      const answer = await this.context.connection.request('getUsers', { accounts: missing });
      const fetched = (answer.users ?? []).map(fromWireUser).filter((u): u is ImUser => u !== undefined);
      if (fetched.length > 0) {
        await store.putUsers(fetched);
        this.context.emit('users', fetched);
      }
      stored.push(...fetched);
    }
    const byAccount = new Map(stored.map((u) => [u.account, u]));
    return wanted.flatMap((a) => byAccount.get(a) ?? []);
  }

  async getUser(account: string, options: { fromServer?: boolean } = {}): Promise<ImUser | undefined> {
    return (await this.getUsers([account], options))[0];
  }

  /** Do-not-disturb settings as last stored (updateDonnop, or every sync), undefined when never set. */
  async getDonnop(): Promise<string | undefined> {
    const value = await this.context.store().getValue(DONNOP_KEY);
    return typeof value === 'string' ? value : undefined;
  }

  /** updateDonnop: a JSON object string the app owns (≤2000); stored here once the server kept it. */
  async updateDonnop(donnop: string): Promise<void> {
    validateDonnop(donnop);
    await this.context.connection.request('updateDonnop', { donnop });
    await this.storeDonnop(donnop);
  }

  /** The settings a sync brought (after its batch is committed). */
  async storeDonnop(donnop: string): Promise<void> {
    await this.context.store().setValue(DONNOP_KEY, donnop);
  }

  /**
   * updatePushToken: this device's vendor push token (tokenName apns, fcm, hms, ...; ≤64 and ≤512
   * characters), kept by the server for this account and device id, replacing the one before.
   * docs/protocol.md "Push settings".
   */
  async updatePushToken(input: PushTokenInput): Promise<void> {
    const { tokenName, token, pushkit } = validatePushToken(input);
    await this.context.connection.request('updatePushToken', { tokenName, token, pushkit: pushkit === true });
  }

  /**
   * appBackground: this connection went to the background (the server may push offline notifications
   * to this device while it stays there) or came back; `badge` is the app's icon count (0–99999).
   */
  async setAppBackground(isBackground: boolean, badge = 0): Promise<void> {
    validateAppBackground(isBackground, badge);
    await this.context.connection.request('appBackground', { isBackground, badge });
  }

  /** The multi-port push setting as last stored (here, another port, or sync); undefined when never set. */
  async getPushConfig(): Promise<PushConfig | undefined> {
    const value = (await this.context.store().getValue(PUSH_CONFIG_KEY)) as Partial<PushConfig> | undefined;
    return typeof value?.shouldPushNotificationWhenPCOnline === 'boolean' ? { shouldPushNotificationWhenPCOnline: value.shouldPushNotificationWhenPCOnline } : undefined;
  }

  /** updatePushConfig: whether phones still get offline pushes while a desktop port is online; stored once the server kept it. */
  async updatePushConfig(config: PushConfig): Promise<void> {
    const { shouldPushNotificationWhenPCOnline } = validatePushConfig(config);
    await this.context.connection.request('updatePushConfig', { shouldPushNotificationWhenPCOnline });
    await this.storePushConfig({ shouldPushNotificationWhenPCOnline });
  }

  /** syncPushConfig outside a sync: another port of the account changed the setting. */
  async receivePushConfig(body: { shouldPushNotificationWhenPCOnline?: boolean }): Promise<void> {
    if (typeof body.shouldPushNotificationWhenPCOnline !== 'boolean') return;
    await this.storePushConfig({ shouldPushNotificationWhenPCOnline: body.shouldPushNotificationWhenPCOnline });
  }

  private async storePushConfig(config: PushConfig): Promise<void> {
    await this.context.store().setValue(PUSH_CONFIG_KEY, config);
    this.context.emit('pushConfig', config);
  }

  /** myInfoUpdated: my profile changed on another device. */
  async receiveMyInfo(record: UserRecordValue | undefined): Promise<void> {
    const user = fromWireUser(record);
    if (!user || user.account !== this.context.account) return;
    await this.context.store().putUsers([user]);
    this.context.emit('myInfo', user);
  }
}
