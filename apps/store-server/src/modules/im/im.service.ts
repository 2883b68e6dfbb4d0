import { signImToken } from '@merchant/im-core/server';
import { STORE_STATUS, type AvatarObject } from '@merchant/api-contracts';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/route';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { signedUrlOfKey, type MediaFileUrls } from '../media';
import type { ImRepository } from './im.repository';
import { storeImAccount, type ImAccountSettings } from './im.schemas';

/** The store's IM account and short-lived tokens for im-server. */
export class ImService {
  constructor(
    private readonly repository: ImRepository,
    private readonly settings: ImAccountSettings,
    private readonly media: MediaFileUrls,
  ) {}

  /**
   * The IM token carries the nick and a freshly signed avatar URL (console-spec §3 avatar object): im-server
   * keeps what the newest token said, so each sign-in of the chat frame hands it a URL good for another day.
   */
  async token(caller: Caller, request: FastifyRequest) {
    const profile = await this.repository.findProfile(caller.userId);
    const uid = storeImAccount(caller.storeId);
    const avatar = await signedUrlOfKey(this.media, caller.storeId, profile.avatar_object_key, request);
    const imToken = signImToken(
      // The IM info nickname (console-spec §2 dialog), else the store name.
      {
        accid: uid,
        appKey: this.settings.imAppKey,
        nick: profile.nickname.trim() || profile.store_name,
        ...(avatar ? { avatar } : {}),
        // A disabled store (status 4) may sign in but not chat: im-server refuses this token with 422 (issue 31).
        ...(profile.store_status === STORE_STATUS.disabled ? { disabled: true } : {}),
      },
      this.settings.imTokenSecret,
    );
    return { uid, imToken, appKey: this.settings.imAppKey };
  }

  /**
   * The IM info dialog: nickname (trimmed by the contract) and avatar. Only the avatar's object key is kept, and
   * only when it is an uploaded file of the caller's own media library (10100001 otherwise, nothing saved).
   */
  async updateInfo(caller: Caller, info: { nickname: string; avatar: AvatarObject }, request: FastifyRequest): Promise<null> {
    const signed = await signedUrlOfKey(this.media, caller.storeId, info.avatar.objectKey, request);
    if (!signed) throw new StoreError(STORE_CODES.invalidParameter, text('头像不在本店素材库中', 'the avatar is not in your media library'));
    await this.repository.updateProfile(caller.userId, caller.storeId, { nickname: info.nickname, avatarObjectKey: info.avatar.objectKey });
    return null;
  }
}
