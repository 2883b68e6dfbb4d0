import { ImError } from '../../errors';
import type { FriendRecordValue } from '../../protocol/records';
import type { ImFriend } from '../../store/entities';
import { fromWireFriend } from '../../model/wire-mapping';
import { validateFriendRequest, validateFriendUpdate, type FriendRequestType } from '../../validation/user-rules';
import type { ServiceContext } from '../service-context';
import type { SystemMessagesService } from '../system-messages/system-messages-service';

export interface FriendRequestInput {
  account: string;
  /** The note sent with the request (≤ 5000). */
  ps?: string;
}

export interface FriendAnswerInput extends FriendRequestInput {
  /** The applyFriend system message being answered; it becomes passed or rejected at once. */
  idServer?: string;
}

/**
 * Friends (im-client-spec §3 Friend, §4, §5 "Friend needs account and at least one of alias and
 * custom"). addFriend befriends at once; applyFriend waits for the other side's
 * passFriendApply or rejectFriendApply. The friend rows themselves arrive from the server
 * (friendUpdated pushes, sync), so every device ends with the same list.
 */
export class FriendsService {
  constructor(
    private readonly context: ServiceContext,
    private readonly systemMessages: SystemMessagesService,
  ) {}

  /** Valid friends, oldest first. */
  async list(): Promise<ImFriend[]> {
    const friends = await this.context.store().getFriends();
    return friends.filter((f) => f.valid).sort((a, b) => a.createTime - b.createTime || (a.account < b.account ? -1 : 1));
  }

  async isFriend(account: string): Promise<boolean> {
    return (await this.list()).some((f) => f.account === account);
  }

  addFriend(input: FriendRequestInput): Promise<void> {
    return this.request('addFriend', input);
  }

  applyFriend(input: FriendRequestInput): Promise<void> {
    return this.request('applyFriend', input);
  }

  /** Accepts an application; the answered system message becomes passed (§4). */
  async passFriendApply(input: FriendAnswerInput): Promise<void> {
    await this.answer('passFriendApply', input, 'passed');
  }

  /** Declines an application; the answered system message becomes rejected (§4). */
  async rejectFriendApply(input: FriendAnswerInput): Promise<void> {
    await this.answer('rejectFriendApply', input, 'rejected');
  }

  /** Ends the friendship on both sides; delAlias also clears the alias. */
  async deleteFriend(input: { account: string; delAlias?: boolean }): Promise<void> {
    await this.context.connection.request('deleteFriend', { account: input.account, delAlias: input.delAlias === true });
    await this.context.store().deleteFriends([input.account]);
    this.context.emit('friends', { friends: await this.list(), removed: [input.account] });
  }

  async updateFriend(input: { account: string; alias?: string; custom?: string }): Promise<ImFriend> {
    const checked = validateFriendUpdate(input);
    await this.context.connection.request('updateFriend', { friend: { account: checked.account, alias: checked.alias, custom: checked.custom } });
    const store = this.context.store();
    const current = (await store.getFriends()).find((f) => f.account === checked.account);
    const now = this.context.now();
    const friend: ImFriend = {
      ...(current ?? { account: checked.account, createTime: now, valid: true }),
      ...(checked.alias !== undefined ? { alias: checked.alias } : {}),
      ...(checked.custom !== undefined ? { custom: checked.custom } : {}),
      updateTime: now,
    };
    await store.putFriends([friend]);
    this.context.emit('friends', { friends: await this.list(), removed: [] });
    return friend;
  }

  /** friendUpdated: a friendship made, changed or ended (here or on another device). */
  async receiveUpdate(body: { friend?: FriendRecordValue; deleted?: boolean }): Promise<void> {
    const friend = fromWireFriend(body.friend);
    if (!friend) return;
    const store = this.context.store();
    if (body.deleted || !friend.valid) await store.deleteFriends([friend.account]);
    else await store.putFriends([friend]);
    this.context.emit('friends', { friends: await this.list(), removed: body.deleted || !friend.valid ? [friend.account] : [] });
  }

  /**
   * §4: the answered message becomes passed or rejected; when the server refuses the answer
   * (the application is gone, 404; blocked, 7101) it becomes error with that code and message.
   */
  private async answer(type: 'passFriendApply' | 'rejectFriendApply', input: FriendAnswerInput, state: 'passed' | 'rejected'): Promise<void> {
    try {
      await this.request(type, input);
    } catch (error) {
      if (input.idServer && error instanceof ImError && error.code !== undefined && error.code !== 414 && error.code !== 408) {
        await this.systemMessages.setState(input.idServer, 'error', { code: error.code, message: error.message });
      }
      throw error;
    }
    if (input.idServer) await this.systemMessages.setState(input.idServer, state);
  }

  private async request(type: FriendRequestType, input: FriendRequestInput): Promise<void> {
    validateFriendRequest({ account: input?.account, type, ps: input.ps }, this.context.account);
    await this.context.connection.request('friendRequest', { account: input.account, type, ps: input.ps });
  }
}
