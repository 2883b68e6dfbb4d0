// The inviter's side of the calls port (issue 32 §3): what a signalling event means for the merchant's own
// invitation, and the requests placing, canceling and hanging up send.
import { ImError, type ImSignalEvent } from '@merchant/im-core';
import { callChangeOf, ImCallsPort, type CallChange, type OutgoingCall } from './calls-port';

const channel = (type = 1) => ({ type, channelName: '', channelId: 'ch9', channelCreateTime: 1, channelExpireTime: 2, creator: 's_1001', ext: '', members: [] });

/** A requester that records each request and answers create with channel ch9; `refuse` maps a request name to its refusal. */
function recordingRequester(refuse: Partial<Record<string, Error>> = {}) {
  const sent: Array<[string, unknown]> = [];
  const request = (async (name: string, body: unknown) => {
    sent.push([name, body]);
    const refusal = refuse[name];
    if (refusal) throw refusal;
    return name === 'signalingCreate' ? { channel: { channelId: 'ch9', type: (body as { type: number }).type } } : {};
  }) as never;
  return { sent, request };
}

const noEvents = { on: () => () => undefined };

describe('callChangeOf for the inviter', () => {
  it('turns the callee accepting, declining and leaving into answered / declined / left, and keeps the invitee view', () => {
    expect(callChangeOf({ type: 'accept', channel: channel(), from: 'c_demo1', to: 's_1001', requestId: 'r1' }, 's_1001')).toEqual({ type: 'answered', channelId: 'ch9', from: 'c_demo1' });
    expect(callChangeOf({ type: 'reject', channel: channel(), from: 'c_demo1', to: 's_1001', requestId: 'r1' }, 's_1001')).toEqual({ type: 'declined', channelId: 'ch9', from: 'c_demo1' });
    expect(callChangeOf({ type: 'leave', channel: channel(), from: 'c_demo1' }, 's_1001')).toEqual({ type: 'left', channelId: 'ch9', from: 'c_demo1' });
    // My own leave, and an answer between two other parties, are not shown.
    expect(callChangeOf({ type: 'leave', channel: channel(), from: 's_1001' }, 's_1001')).toBeUndefined();
    expect(callChangeOf({ type: 'accept', channel: channel(), from: 'c_demo1', to: 'c_other', requestId: 'r1' }, 's_1001')).toBeUndefined();
    // My own other device answering an invitation to me is still "elsewhere".
    expect(callChangeOf({ type: 'reject', channel: channel(), from: 's_1001', to: 'c_demo1', requestId: 'r1' }, 's_1001')).toEqual({ type: 'rejectedElsewhere', channelId: 'ch9' });
    expect(callChangeOf({ type: 'close', channel: channel(), from: 'c_demo1' }, 's_1001')).toEqual({ type: 'closed', channelId: 'ch9' });
  });

  it('reaches onChange listeners of ImCallsPort', () => {
    let listener: ((event: ImSignalEvent) => void) | undefined;
    const port = new ImCallsPort('s_1001', recordingRequester().request, { on: (_event, l) => ((listener = l), () => undefined) });
    const changes: CallChange[] = [];
    port.onChange((change) => changes.push(change));
    listener?.({ type: 'accept', channel: channel(2), from: 'c_demo1', to: 's_1001', requestId: 'r1' });
    expect(changes).toEqual([{ type: 'answered', channelId: 'ch9', from: 'c_demo1' }]);
  });
});

describe('ImCallsPort placing calls', () => {
  it('place creates a channel of the kind, joins it and invites the peer with a fresh requestId, not kept offline', async () => {
    const { sent, request } = recordingRequester();
    const ids = ['req-a', 'req-b'];
    const port = new ImCallsPort('s_1001', request, noEvents, () => ids.shift() ?? 'none');
    await expect(port.place('c_demo1', 'video')).resolves.toEqual({ channelId: 'ch9', requestId: 'req-a', to: 'c_demo1', kind: 'video' });
    expect(sent).toEqual([
      ['signalingCreate', { type: 2 }],
      ['signalingJoin', { channelId: 'ch9' }],
      ['signalingInvite', { channelId: 'ch9', account: 'c_demo1', requestId: 'req-a', offlineEnabled: false }],
    ]);
    await port.place('c_demo1', 'audio');
    expect(sent[3]).toEqual(['signalingCreate', { type: 1 }]);
    expect(sent[5]).toEqual(['signalingInvite', { channelId: 'ch9', account: 'c_demo1', requestId: 'req-b', offlineEnabled: false }]);
  });

  it('makes up a different requestId per call by default', async () => {
    const { sent, request } = recordingRequester();
    const port = new ImCallsPort('s_1001', request, noEvents);
    await port.place('c_demo1', 'audio');
    await port.place('c_demo1', 'audio');
    const requestIds = sent.filter(([name]) => name === 'signalingInvite').map(([, body]) => (body as { requestId: string }).requestId);
    expect(requestIds).toHaveLength(2);
    expect(requestIds[0]).toMatch(/\S/);
    expect(requestIds[0]).not.toBe(requestIds[1]);
  });

  it('closes the channel and rethrows when the invitation is refused (10201 peer offline)', async () => {
    const offline = new ImError('Server_Error', 'peer offline', { code: 10201 });
    const { sent, request } = recordingRequester({ signalingInvite: offline });
    const port = new ImCallsPort('s_1001', request, noEvents, () => 'req-a');
    await expect(port.place('c_demo1', 'audio')).rejects.toBe(offline);
    expect(sent.map(([name]) => name)).toEqual(['signalingCreate', 'signalingJoin', 'signalingInvite', 'signalingClose']);
    expect(sent[3]).toEqual(['signalingClose', { channelId: 'ch9' }]);
  });

  it('refuses a call to nobody before creating a channel', async () => {
    const { sent, request } = recordingRequester();
    const port = new ImCallsPort('s_1001', request, noEvents);
    await expect(port.place(' ', 'audio')).rejects.toThrow('account is required');
    expect(sent).toEqual([]);
  });

  it('cancel withdraws the invitation and closes the channel; hangUp closes it', async () => {
    const { sent, request } = recordingRequester();
    const port = new ImCallsPort('s_1001', request, noEvents);
    const call: OutgoingCall = { channelId: 'ch9', requestId: 'req-a', to: 'c_demo1', kind: 'audio' };
    await port.cancel(call);
    await port.hangUp(call);
    expect(sent).toEqual([
      ['signalingCancel', { channelId: 'ch9', account: 'c_demo1', requestId: 'req-a' }],
      ['signalingClose', { channelId: 'ch9' }],
      ['signalingClose', { channelId: 'ch9' }],
    ]);
  });

  it('cancel still closes the channel when the withdrawal is refused, and fails only when the close fails too', async () => {
    const call: OutgoingCall = { channelId: 'ch9', requestId: 'req-a', to: 'c_demo1', kind: 'audio' };
    const late = new ImError('Server_Error', 'invite already accepted', { code: 10410 });
    const first = recordingRequester({ signalingCancel: late });
    await expect(new ImCallsPort('s_1001', first.request, noEvents).cancel(call)).resolves.toBeUndefined();
    expect(first.sent.map(([name]) => name)).toEqual(['signalingCancel', 'signalingClose']);

    const second = recordingRequester({ signalingCancel: late, signalingClose: new Error('socket closed') });
    await expect(new ImCallsPort('s_1001', second.request, noEvents).cancel(call)).rejects.toBe(late);
  });
});
