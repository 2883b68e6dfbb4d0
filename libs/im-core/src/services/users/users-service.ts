import type { UserRecordValue } from '../../protocol/records';
import type { ImUser } from '../../store/entities';
import { DONNOP_KEY } from '../../store/store';
import { fromWireUser, toWireProfile } from '../../model/wire-mapping';
import { validateDonnop, validateProfileUpdate, validateUserLookup, type ProfileUpdate } from '../../validation/user-rules';
import type { ServiceContext } from '../service-context';

export { DONNOP_KEY };

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

  /** myInfoUpdated: my profile changed on another device. */
  async receiveMyInfo(record: UserRecordValue | undefined): Promise<void> {
    const user = fromWireUser(record);
    if (!user || user.account !== this.context.account) return;
    await this.context.store().putUsers([user]);
    this.context.emit('myInfo', user);
  }
}
