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
      { accid: uid, appKey: this.settings.imAppKey, nick: profile.store_name, ...(profile.avatar_url ? { avatar: profile.avatar_url } : {}) },
      this.settings.imTokenSecret,
    );
    return { uid, imToken, appKey: this.settings.imAppKey };
  }
}
