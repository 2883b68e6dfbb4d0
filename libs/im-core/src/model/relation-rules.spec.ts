import type { ImSysMsg } from '../store/entities';
import { friendFromSysMsg, joinRelations, mergeSysMsg, relationFlag, sysMsgUnreadByType } from './relation-rules';
import { fromWireSysMsg, toWireProfile } from './wire-mapping';

const ME = 's_1001';
const sysMsg = (over: Partial<ImSysMsg> = {}): ImSysMsg => ({
  idServer: '1', category: 'friend', type: 'applyFriend', from: 'c_demo1', to: ME, time: 100, read: false, state: 'init', ...over,
});

describe('system message, friend and relation rules (§3, §4)', () => {
  it('relation flags: only the string "1" is on', () => {
    expect([relationFlag('1'), relationFlag('0'), relationFlag(undefined), relationFlag('true')]).toEqual([true, false, false, false]);
  });

  it('incoming addFriend and passFriendApply create a friend; applyFriend, rejections and own messages do not', () => {
    expect(friendFromSysMsg(sysMsg({ type: 'addFriend' }), ME)).toEqual({ account: 'c_demo1', createTime: 100, updateTime: 100, valid: true });
    expect(friendFromSysMsg(sysMsg({ type: 'passFriendApply' }), ME)?.account).toBe('c_demo1');
    expect(friendFromSysMsg(sysMsg({ type: 'applyFriend' }), ME)).toBeUndefined();
    expect(friendFromSysMsg(sysMsg({ type: 'rejectFriendApply' }), ME)).toBeUndefined();
    expect(friendFromSysMsg(sysMsg({ type: 'addFriend', to: 'c_other' }), ME)).toBeUndefined();
  });

  it('a repeat keeps read and a state reached here; the server state change wins over init', () => {
    const read = sysMsg({ read: true, localCustom: 'note' });
    expect(mergeSysMsg(read, sysMsg())).toMatchObject({ read: true, state: 'init', localCustom: 'note' });
    expect(mergeSysMsg(sysMsg({ state: 'passed' }), sysMsg())).toMatchObject({ state: 'passed' });
    expect(mergeSysMsg(sysMsg(), sysMsg({ state: 'rejected', read: true }))).toMatchObject({ state: 'rejected', read: true });
    expect(mergeSysMsg(undefined, sysMsg({ state: 'error', error: { code: 404, message: 'gone' } }))).toMatchObject({ state: 'error', error: { code: 404 } });
  });

  it('unread counters per type', () => {
    const list = [sysMsg(), sysMsg({ idServer: '2' }), sysMsg({ idServer: '3', type: 'custom' }), sysMsg({ idServer: '4', read: true })];
    expect(sysMsgUnreadByType(list)).toEqual({ applyFriend: 2, custom: 1 });
  });

  it('joins the two lists into one record per account with boolean flags', () => {
    const joined = joinRelations(
      [{ account: 'b', createTime: 5, updateTime: 6 }, { account: 'a', createTime: 1, updateTime: 1 }],
      [{ account: 'b', createTime: 3, updateTime: 9 }],
    );
    expect(joined).toEqual([
      { account: 'a', isBlacked: true, isMuted: false, createTime: 1, updateTime: 1 },
      { account: 'b', isBlacked: true, isMuted: true, createTime: 3, updateTime: 9 },
    ]);
  });

  it('wire mapping: state, error and ps of a system message; gender of a profile update as its code', () => {
    expect(fromWireSysMsg({ idServer: '9', category: 'friend', type: 'applyFriend', from: 'a', to: 'b', time: 1, state: 'rejected', ps: 'hi', error: { code: 7101, message: 'x' } }))
      .toMatchObject({ state: 'rejected', ps: 'hi', error: { code: 7101, message: 'x' }, read: false });
    expect(fromWireSysMsg({ idServer: '9', category: 'other', type: 'custom', from: 'a', to: 'b', state: 'weird' })).toMatchObject({ category: 'msg', state: 'init' });
    expect(toWireProfile({ gender: 'female', nick: 'N' })).toEqual({ gender: 2, nick: 'N' });
    expect(toWireProfile({ gender: 'unknown' })).toEqual({ gender: 0 });
  });
});
