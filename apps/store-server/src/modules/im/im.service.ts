import { signImToken } from '@merchant/im-core/server';
import type { Caller } from '../../http/route';
import type { ImRepository } from './im.repository';
import { storeImAccount, type ImAccountSettings } from './im.schemas';

/** The store's IM account and short-lived tokens for im-server. */
export class ImService {
  constructor(
    private readonly repository: ImRepository,
    private readonly settings: ImAccountSettings,
  ) {}

  async token(caller: Caller) {
    const profile = await this.repository.findProfile(caller.userId);
    const uid = storeImAccount(caller.storeId);
    const imToken = signImToken(
      // The IM info nickname (console-spec §2 dialog), else the store name.
      { accid: uid, appKey: this.settings.imAppKey, nick: profile.nickname.trim() || profile.store_name, ...(profile.avatar_url ? { avatar: profile.avatar_url } : {}) },
      this.settings.imTokenSecret,
    );
    return { uid, imToken, appKey: this.settings.imAppKey };
  }

  /** The IM info dialog: nickname (trimmed by the contract) and avatar; the next IM token carries them. */
  async updateInfo(caller: Caller, info: { nickname: string; avatarUrl: string }): Promise<null> {
    await this.repository.updateProfile(caller.userId, caller.storeId, info);
    return null;
  }
}
