import type { ImRelationList } from '../../store/entities';
import { joinRelations, relationFlag, type ImRelationState } from '../../model/relation-rules';
import { validateRelationTarget } from '../../validation/user-rules';
import type { ServiceContext } from '../service-context';

/**
 * Blocklist and mutelist (im-client-spec §3 Relation record, §5 markInBlacklist / markInMutelist).
 * The server applies the blocklist when someone sends to this account (7101, §8); the mutelist
 * is the app's to honour (no notification sound, for example).
 */
export class RelationsService {
  constructor(private readonly context: ServiceContext) {}

  /** Puts an account on the blocklist (isAdd true) or takes it off. */
  markInBlacklist(input: { account: string; isAdd: boolean }): Promise<ImRelationState> {
    return this.mark('blacklist', input);
  }

  /** Puts an account on the mutelist (isAdd true) or takes it off. */
  markInMutelist(input: { account: string; isAdd: boolean }): Promise<ImRelationState> {
    return this.mark('mutelist', input);
  }

  /** Every account on either list, one record each with both flags as booleans. */
  async list(): Promise<ImRelationState[]> {
    const store = this.context.store();
    return joinRelations(await store.getRelations('blacklist'), await store.getRelations('mutelist'));
  }

  async getBlacklist(): Promise<ImRelationState[]> {
    return (await this.list()).filter((r) => r.isBlacked);
  }

  async getMutelist(): Promise<ImRelationState[]> {
    return (await this.list()).filter((r) => r.isMuted);
  }

  /** This account's flags for one other account (both false when it is on no list). */
  async get(account: string): Promise<ImRelationState> {
    return (await this.list()).find((r) => r.account === account) ?? { account, isBlacked: false, isMuted: false, createTime: 0, updateTime: 0 };
  }

  /** relationsUpdated: a list changed on another device; flags arrive as "1" (§3). */
  async receiveUpdate(body: { account?: string; isBlacked?: string; isMuted?: string; time?: number }): Promise<void> {
    if (!body.account) return;
    const time = body.time ?? this.context.now();
    await this.apply(body.account, 'blacklist', relationFlag(body.isBlacked), time);
    await this.apply(body.account, 'mutelist', relationFlag(body.isMuted), time);
    this.context.emit('relations', await this.list());
  }

  private async mark(list: ImRelationList, input: { account: string; isAdd: boolean }): Promise<ImRelationState> {
    const account = validateRelationTarget(input?.account, this.context.account);
    const isAdd = input.isAdd === true;
    await this.context.connection.request(list === 'blacklist' ? 'markInBlacklist' : 'markInMutelist', { account, isAdd });
    await this.apply(account, list, isAdd, this.context.now());
    const relations = await this.list();
    this.context.emit('relations', relations);
    return relations.find((r) => r.account === account) ?? { account, isBlacked: false, isMuted: false, createTime: 0, updateTime: 0 };
  }

  private async apply(account: string, list: ImRelationList, on: boolean, time: number): Promise<void> {
    const store = this.context.store();
    if (!on) return store.deleteRelations(list, [account]);
    const existing = (await store.getRelations(list)).find((r) => r.account === account);
    await store.putRelations(list, [{ account, createTime: existing?.createTime ?? time, updateTime: time }]);
  }
}
