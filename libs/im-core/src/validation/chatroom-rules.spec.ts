import {
  CHATROOM_NOT_CONNECTED,
  chatroomHistoryProblem,
  chatroomIdProblem,
  chatroomMembersQueryProblem,
  chatroomTagQueryProblem,
  chatroomTagsProblem,
  coordinateProblem,
  markChatroomMemberProblem,
  queueBatchProblem,
  queueItemProblem,
  updateChatroomProblem,
} from './chatroom-rules';

// Chat-room rules (im-client-spec §5, §6; docs/im-chatroom.md): the client and im-server run these same functions.
describe('chat-room rules', () => {
  it('the §5 text for a room that is not connected', () => {
    expect(CHATROOM_NOT_CONNECTED).toBe('chatroom not connected');
  });

  it('chatroomId is required and limited to account characters', () => {
    expect(chatroomIdProblem(undefined)).toBe('chatroomId is required');
    expect(chatroomIdProblem('')).toBe('chatroomId is required');
    expect(chatroomIdProblem('has space')).toMatch(/letters, digits/);
    expect(chatroomIdProblem('room-1')).toBeUndefined();
  });

  it('history and member pages: limit 1 to 100 (§5 "page limit max 100"), times at least 0, begin not after end', () => {
    expect(chatroomHistoryProblem({ limit: 100 })).toBeUndefined();
    for (const limit of [0, 101, 1.5]) expect(chatroomHistoryProblem({ limit })).toBe('limit must be an integer from 1 to 100');
    expect(chatroomHistoryProblem({ beginTime: 5, endTime: 4 })).toBe('beginTime must not be after endTime');
    expect(chatroomHistoryProblem({ beginTime: -1 })).toBe('beginTime must be an integer at least 0');
    expect(chatroomHistoryProblem({ lastMsgId: 'abc' })).toBe('lastMsgId must be an idServer');
    expect(chatroomHistoryProblem({ msgTypes: [2 ** 40] })).toBe('msgTypes must be message type codes');
    expect(chatroomMembersQueryProblem({ limit: 101 })).toBe('limit must be an integer from 1 to 100');
    expect(chatroomMembersQueryProblem({ chatroomId: 'r', guest: true, time: 10, limit: 5 })).toBeUndefined();
  });

  it('mark: account, one of the five types, boolean isAdd, level 0 to 1000, a temporary mute needs 1 s to 30 days', () => {
    expect(markChatroomMemberProblem({ type: 'gag', isAdd: true })).toBe('account is required');
    expect(markChatroomMemberProblem({ account: 'a', type: 'mute', isAdd: true })).toBe('type must be one of manager, normal, blacklist, gag, tempMute');
    expect(markChatroomMemberProblem({ account: 'a', type: 'gag' })).toBe('isAdd must be a boolean');
    expect(markChatroomMemberProblem({ account: 'a', type: 'normal', isAdd: true, level: 1001 })).toBe('level must be an integer from 0 to 1000');
    expect(markChatroomMemberProblem({ account: 'a', type: 'tempMute', isAdd: true })).toBe('duration must be an integer from 1 to 2592000 seconds');
    expect(markChatroomMemberProblem({ account: 'a', type: 'tempMute', isAdd: true, duration: 2592001 })).toMatch(/^duration/);
    expect(markChatroomMemberProblem({ account: 'a', type: 'tempMute', isAdd: true, duration: 60 })).toBeUndefined();
    expect(markChatroomMemberProblem({ account: 'a', type: 'tempMute', isAdd: false })).toBeUndefined();
  });

  it('update: at least one field, a non-empty name, queuelevel 0 or 1, bounded texts', () => {
    expect(updateChatroomProblem(undefined)).toBe('chatroom is required');
    expect(updateChatroomProblem({})).toMatch(/^chatroom needs at least one of/);
    expect(updateChatroomProblem({ name: ' ' })).toBe('name must be 1 to 128 characters');
    expect(updateChatroomProblem({ queuelevel: 2 })).toBe('queuelevel must be 0 (everyone) or 1 (admins)');
    expect(updateChatroomProblem({ announcement: 'x'.repeat(4097) })).toBe('announcement must be at most 4096 characters');
    expect(updateChatroomProblem({ mute: true })).toBeUndefined();
  });

  it('queue items: key 1 to 128, a string value up to 4096; batches 1 to 100', () => {
    expect(queueItemProblem(undefined)).toBe('item is required');
    expect(queueItemProblem({ key: '', value: 'v' })).toBe('key is required');
    expect(queueItemProblem({ key: 'k'.repeat(129), value: 'v' })).toBe('key must be at most 128 characters');
    expect(queueItemProblem({ key: 'k' })).toBe('value is required');
    expect(queueItemProblem({ key: 'k', value: 'v'.repeat(4097) })).toBe('value must be at most 4096 characters');
    expect(queueBatchProblem([])).toBe('items must not be empty');
    expect(queueBatchProblem(Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, value: 'v' })))).toBe('items must be at most 100');
    expect(queueBatchProblem([{ key: 'k', value: 'v' }])).toBeUndefined();
  });

  it('tags (at most 10, each 1 to 32) and coordinates (finite x, y, z; distance an integer ≥ 0)', () => {
    expect(chatroomTagsProblem('vip')).toBe('tags must be an array');
    expect(chatroomTagsProblem(Array.from({ length: 11 }, (_, i) => `t${i}`))).toBe('tags must be at most 10');
    expect(chatroomTagsProblem([''])).toBe('each tag must be 1 to 32 characters');
    expect(chatroomTagsProblem([])).toBeUndefined();
    expect(chatroomTagQueryProblem({})).toBe('tag must be 1 to 32 characters');
    expect(coordinateProblem({ x: 1, y: 2 })).toBe('z must be a number');
    expect(coordinateProblem({ x: Number.NaN, y: 2, z: 3 })).toBe('x must be a number');
    expect(coordinateProblem({ x: 1, y: 2, z: 3, distance: -1 })).toBe('distance must be an integer at least 0');
    expect(coordinateProblem({ x: 1, y: 2, z: 3, distance: 5 })).toBeUndefined();
  });
});
