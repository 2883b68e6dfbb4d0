import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError, type ImSignalEvent } from '@merchant/im-core';
import { renderWithI18n } from '../test/render-frame';
import { CallDialog } from './call-dialog';
import { callChangeOf, ImCallsPort, type CallChange, type IncomingCall } from './calls-port';
import { FakeCallsPort } from './fake-calls-port';

const call: IncomingCall = { channelId: 'ch1', requestId: 'r1', from: 'c_demo1', kind: 'video' };
const channel = (type: number) => ({ type, channelName: 'n', channelId: 'ch1', channelCreateTime: 1, channelExpireTime: 2, creator: 'c_demo1', ext: '', members: [] });

describe('callChangeOf', () => {
  it('turns signalling events into what the invitee sees, and ignores the rest', () => {
    expect(callChangeOf({ type: 'invite', channel: channel(1), from: 'c_demo1', to: 's_1001', requestId: 'r1' }, 's_1001')).toEqual({ type: 'invite', call: { ...call, kind: 'audio' } });
    expect(callChangeOf({ type: 'invite', channel: channel(2), from: 'c_demo1', to: 'someone_else', requestId: 'r1' }, 's_1001')).toBeUndefined();
    expect(callChangeOf({ type: 'cancel', channel: channel(2), from: 'c_demo1', to: 's_1001', requestId: 'r1' }, 's_1001')).toEqual({ type: 'canceled', channelId: 'ch1' });
    expect(callChangeOf({ type: 'close', channel: channel(2), from: 'c_demo1' }, 's_1001')).toEqual({ type: 'closed', channelId: 'ch1' });
    expect(callChangeOf({ type: 'accept', channel: channel(2), from: 's_1001', to: 'c_demo1', requestId: 'r1' }, 's_1001')).toEqual({ type: 'acceptedElsewhere', channelId: 'ch1' });
    expect(callChangeOf({ type: 'join', channel: channel(2), from: 'c_other', uid: 3 }, 's_1001')).toBeUndefined();
  });

  it('answers through signalingAccept / signalingReject to the inviter, and refuses a call without a requestId before sending', async () => {
    const sent: Array<[string, unknown]> = [];
    const request = (async (name: string, body: unknown) => {
      sent.push([name, body]);
      return {};
    }) as never;
    let listener: ((event: ImSignalEvent) => void) | undefined;
    const port = new ImCallsPort('s_1001', request, { on: (_event, l) => ((listener = l), () => undefined) });
    const changes: CallChange[] = [];
    port.onChange((change) => changes.push(change));
    listener?.({ type: 'invite', channel: channel(2), from: 'c_demo1', to: 's_1001', requestId: 'r1' });
    expect(changes).toEqual([{ type: 'invite', call }]);
    await port.reject(call);
    await port.accept(call);
    expect(sent).toEqual([
      ['signalingReject', { channelId: 'ch1', account: 'c_demo1', requestId: 'r1' }],
      ['signalingAccept', { channelId: 'ch1', account: 'c_demo1', requestId: 'r1' }],
    ]);
    await expect(port.reject({ ...call, requestId: '' })).rejects.toThrow('requestId is required');
    expect(sent).toHaveLength(2);
  });
});

describe('CallDialog', () => {
  it('shows "X is calling (video)" ringing; Reject answers and shows rejected', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    renderWithI18n(<CallDialog calls={port} nameOf={async () => 'Alice Chen'} />);
    port.fire({ type: 'invite', call });
    await screen.findByRole('dialog', { name: 'Alice Chen is calling (video)' });
    expect(screen.getByTestId('call-dialog')).toHaveAttribute('data-state', 'ringing');
    expect(screen.getByTestId('call-state')).toHaveTextContent('Ringing…');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByTestId('call-state')).toHaveTextContent('Rejected'));
    expect(port.answers).toEqual(['reject ch1 r1']);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('Accept shows accepted with "no media in this version", and then the channel closing', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    renderWithI18n(<CallDialog calls={port} />, 'zh-CN');
    port.fire({ type: 'invite', call: { ...call, kind: 'audio' } });
    await screen.findByRole('dialog', { name: 'c_demo1 邀请你语音通话' });
    await user.click(screen.getByRole('button', { name: '接听' }));
    await waitFor(() => expect(screen.getByTestId('call-state')).toHaveTextContent('已接听（本版本不支持音视频）'));
    expect(port.answers).toEqual(['accept ch1 r1']);
    port.fire({ type: 'closed', channelId: 'ch1' });
    expect(screen.getByTestId('call-state')).toHaveTextContent('通话已结束');
  });

  it('shows the caller canceling while ringing, ignores other channels, and keeps ringing with the error when an answer is refused', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    renderWithI18n(<CallDialog calls={port} />);
    port.fire({ type: 'invite', call });
    await screen.findByRole('dialog');
    port.refuse = new ImError('Param_Error', 'invite already cancelled', { code: 10408 });
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('invite already cancelled');
    expect(screen.getByTestId('call-dialog')).toHaveAttribute('data-state', 'ringing');
    port.fire({ type: 'canceled', channelId: 'other' });
    expect(screen.getByTestId('call-dialog')).toHaveAttribute('data-state', 'ringing');
    port.fire({ type: 'canceled', channelId: 'ch1' });
    expect(screen.getByTestId('call-state')).toHaveTextContent('Canceled by the caller');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
