import { ImError } from '../errors';
import {
  MAX_SIGNAL_MARK_READ,
  SIGNAL_FIELD_MAX_LENGTH,
  signalChannelNameProblem,
  signalChannelProblem,
  signalCreateProblem,
  signalInviteProblem,
  signalMarkReadProblem,
  validateSignalChannel,
  validateSignalChannelName,
  validateSignalCreate,
  validateSignalInvite,
  validateSignalMarkRead,
} from './signalling-rules';

// im-client-spec §5 "Signalling": create needs type; join/leave/close need channelId;
// invite/accept/reject/cancel need channelId, requestId and account; mark read needs msgid.
describe('signalling rules (§5)', () => {
  it('create needs type (1 audio, 2 video, 3 custom)', () => {
    expect(signalCreateProblem({})).toBe('type is required');
    expect(signalCreateProblem({ channelName: 'x' })).toBe('type is required');
    expect(signalCreateProblem({ type: 4 })).toBe('type must be 1 (audio), 2 (video) or 3 (custom)');
    expect(signalCreateProblem({ type: '1' })).toBe('type must be 1 (audio), 2 (video) or 3 (custom)');
    for (const type of [1, 2, 3]) expect(signalCreateProblem({ type })).toBeUndefined();
    expect(signalCreateProblem({ type: 1, channelName: 'x'.repeat(SIGNAL_FIELD_MAX_LENGTH.channelName + 1) })).toBe(`channelName must be at most ${SIGNAL_FIELD_MAX_LENGTH.channelName} characters`);
    expect(signalCreateProblem({ type: 1, ext: 5 })).toBe('ext must be a string');
  });

  it('join, leave and close need channelId', () => {
    for (const input of [{}, { channelId: '' }, { channelId: '   ' }, { channelId: 7 }]) expect(signalChannelProblem(input)).toBe('channelId is required');
    expect(signalChannelProblem({ channelId: 'c1' })).toBeUndefined();
    expect(signalChannelProblem({ channelId: 'c1', uid: -1 } as never)).toBe('uid must be a non-negative integer');
    expect(signalChannelProblem({ channelId: 'c1', uid: 1.5 } as never)).toBe('uid must be a non-negative integer');
  });

  it('getChannelInfo needs a channel name, the field it looks up by', () => {
    for (const name of [undefined, '', '  ', 7]) expect(signalChannelNameProblem(name)).toBe('channelName is required');
    expect(signalChannelNameProblem('x'.repeat(SIGNAL_FIELD_MAX_LENGTH.channelName + 1))).toBe(`channelName must be at most ${SIGNAL_FIELD_MAX_LENGTH.channelName} characters`);
    expect(signalChannelNameProblem('room-1')).toBeUndefined();
    expect(validateSignalChannelName('room-1')).toBe('room-1');
    expect(() => validateSignalChannelName('')).toThrow(expect.objectContaining({ code: 414, message: 'channelName is required' }));
  });

  it('invite, accept, reject and cancel need channelId, requestId and account', () => {
    expect(signalInviteProblem({ requestId: 'r', account: 'a' })).toBe('channelId is required');
    expect(signalInviteProblem({ channelId: 'c', account: 'a' })).toBe('requestId is required');
    expect(signalInviteProblem({ channelId: 'c', requestId: 'r' })).toBe('account is required');
    expect(signalInviteProblem({ channelId: 'c', requestId: 'r', account: ' ' })).toBe('account is required');
    expect(signalInviteProblem({ channelId: 'c', requestId: 'r', account: 'a' })).toBeUndefined();
  });

  it('mark read needs msgid (one or a list of at most MAX_SIGNAL_MARK_READ)', () => {
    for (const msgid of [undefined, '', [], [''], ['a', 3]]) expect(signalMarkReadProblem(msgid)).toBe('msgid is required');
    expect(signalMarkReadProblem('m1')).toBeUndefined();
    expect(signalMarkReadProblem(['m1', 'm2'])).toBeUndefined();
    expect(signalMarkReadProblem(Array.from({ length: MAX_SIGNAL_MARK_READ + 1 }, (_, i) => `m${i}`))).toBe(`at most ${MAX_SIGNAL_MARK_READ} msgid per call`);
  });

  it('validate... throws Param_Error 414 with the same text and returns the input', () => {
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error as ImError;
      }
      throw new Error('did not throw');
    };
    const error = thrown(() => validateSignalCreate({}));
    expect(error).toBeInstanceOf(ImError);
    expect(error).toMatchObject({ errorName: 'Param_Error', code: 414, message: 'type is required' });
    expect(thrown(() => validateSignalChannel({})).message).toBe('channelId is required');
    expect(thrown(() => validateSignalInvite({ channelId: 'c', account: 'a' })).message).toBe('requestId is required');
    expect(thrown(() => validateSignalMarkRead([])).message).toBe('msgid is required');
    expect(validateSignalMarkRead('m')).toEqual(['m']);
    expect(validateSignalInvite({ channelId: 'c', requestId: 'r', account: 'a' })).toEqual({ channelId: 'c', requestId: 'r', account: 'a' });
  });
});
