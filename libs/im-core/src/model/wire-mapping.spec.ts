import { MessageTypeCode, SceneCode } from '../protocol/constants';
import { sampleMessage } from '../store/store-conformance';
import { fromWireMessage, fromWireRelation, fromWireSession, fromWireSysMsg, fromWireTeam, fromWireUser, toWireMessage } from './wire-mapping';

const ME = 's_1001';

describe('wire mapping', () => {
  it('round-trips an outgoing text message through the wire record', () => {
    const out = sampleMessage({ idClient: 'a', time: 5, from: ME, to: 'c_demo1', flow: 'out', status: 'sending', subType: 3 });
    const wire = toWireMessage(out);
    expect(wire).toMatchObject({ idClient: 'a', scene: SceneCode.p2p, type: MessageTypeCode.text, subType: 3 });
    expect(wire).not.toHaveProperty('status', 'sending');
    expect(fromWireMessage(wire, ME)).toMatchObject({ idClient: 'a', flow: 'out', status: 'success', sessionId: 'p2p-c_demo1', type: 'text', subType: 3 });
  });

  it('refuses to send a type with no wire code (§5 "cannot send message of type ...")', () => {
    expect(() => toWireMessage(sampleMessage({ idClient: 'b', time: 1, type: 'netcall_audio' }))).toThrow('cannot send message of type netcall_audio');
  });

  it('drops records without identity and maps codes to names', () => {
    expect(fromWireMessage({ idClient: 'x', scene: 9, from: 'a', to: 'b', time: 1 }, ME)).toBeUndefined();
    expect(fromWireMessage({ scene: 0, from: 'a', to: 'b', time: 1 }, ME)).toBeUndefined();
    expect(fromWireMessage({ idClient: 'x', scene: 1, from: 'a', to: 't1', time: 1, type: 5 }, ME)).toMatchObject({ sessionId: 'team-t1', type: 'notification', flow: 'in' });
    expect(fromWireUser({ account: 'u', gender: 1 })).toMatchObject({ gender: 'male' });
    expect(fromWireRelation({ account: 'r', isBlacked: '1' })).toEqual({ account: 'r', createTime: 0, updateTime: 0 });
    expect(fromWireTeam({ teamId: 't', owner: ME, type: 1, muteType: 3, joinMode: 2, inviteMode: 1 })).toMatchObject({ type: 'advanced', muteType: 'all', joinMode: 'rejectAll', inviteMode: 'all' });
    expect(fromWireSysMsg({ idServer: 's', type: 'applyFriend', from: 'a', to: ME, category: 'friend' })).toMatchObject({ state: 'init', read: false, category: 'friend' });
    expect(fromWireSession({ id: 'p2p-c_demo1', unread: 3 }, ME)).toMatchObject({ scene: 'p2p', to: 'c_demo1', unread: 3, isDeleted: false, lastMsg: null });
    expect(fromWireSession({ id: 'bogus' }, ME)).toBeUndefined();
  });
});
