// The outgoing call dialog (issue 32 §3 "Calls", signalling only): ringing with Cancel, connected with Hang
// up, and how the call ended: declined, canceled, no answer, offline, ended, failed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImError } from '@merchant/im-core';
import { renderWithI18n } from '../test/render-frame';
import { FakeCallsPort } from './fake-calls-port';
import { OutgoingCallDialog } from './outgoing-call-dialog';

function renderDialog(port: FakeCallsPort, options: { kind?: 'audio' | 'video'; ringTimeoutMs?: number; language?: 'en-US' | 'zh-CN' } = {}) {
  const onClose = jest.fn();
  const view = renderWithI18n(
    <OutgoingCallDialog calls={port} to="c_demo1" name="Alice Chen" kind={options.kind ?? 'audio'} ringTimeoutMs={options.ringTimeoutMs} onClose={onClose} />,
    options.language,
  );
  return { ...view, onClose };
}

const dialogState = () => screen.getByTestId('outgoing-call-dialog').getAttribute('data-state');

/** Waits until the call is placed (its channel known), so signalling changes apply to it. */
async function placed(port: FakeCallsPort) {
  await waitFor(() => expect(port.placed).toHaveLength(1));
  return port.placed[0]!;
}

describe('OutgoingCallDialog', () => {
  it('rings with Cancel focused, connects when the peer answers, and Hang up closes the channel and shows the call ended', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    const { onClose } = renderDialog(port, { kind: 'video' });
    const dialog = await screen.findByRole('dialog', { name: 'Calling Alice Chen (video)' });
    expect(dialog).toHaveAccessibleDescription('Ringing… waiting for Alice Chen to answer');
    expect(screen.getByRole('status')).toHaveTextContent('Ringing… waiting for Alice Chen to answer');
    expect(screen.getByTestId('outgoing-call-cancel')).toHaveFocus();
    const call = await placed(port);
    expect(port.answers).toEqual(['place c_demo1 video']);

    // Escape does not dismiss a ringing call.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    port.fire({ type: 'answered', channelId: call.channelId, from: 'c_demo1' });
    expect(dialogState()).toBe('connected');
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('Connected — no media in this version');
    expect(screen.queryByTestId('outgoing-call-cancel')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('outgoing-call-hangup')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(dialogState()).toBe('connected');

    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(dialogState()).toBe('ended'));
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('The call ended');
    expect(port.answers).toEqual(['place c_demo1 video', `hangUp ${call.channelId}`]);
    // Only one call for the dialog, however often React ran its effects; the port is no longer listened to.
    expect(port.placed).toHaveLength(1);
    expect(port.listenerCount()).toBe(0);
    await waitFor(() => expect(screen.getByTestId('outgoing-call-close')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the peer declining and closes the channel without a word', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    const { onClose } = renderDialog(port);
    const call = await placed(port);
    // Another channel's answer is not ours.
    port.fire({ type: 'declined', channelId: 'someone-else', from: 'c_other' });
    expect(dialogState()).toBe('calling');
    port.fire({ type: 'declined', channelId: call.channelId, from: 'c_demo1' });
    expect(dialogState()).toBe('declined');
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('Alice Chen declined the call');
    await waitFor(() => expect(port.answers).toEqual(['place c_demo1 audio', `hangUp ${call.channelId}`]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A terminal state may be dismissed with Escape.
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel withdraws the invitation and shows it canceled', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    renderDialog(port);
    const call = await placed(port);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogState()).toBe('canceled'));
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('You canceled the call');
    expect(port.answers).toEqual(['place c_demo1 audio', `cancel ${call.channelId} ${call.requestId}`]);
    // The echo of my own cancel/close changes nothing.
    port.fire({ type: 'closed', channelId: call.channelId });
    expect(dialogState()).toBe('canceled');
  });

  it('Cancel pressed while the call is still being placed withdraws it once placed', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    let release: () => void = () => undefined;
    port.holdPlace = new Promise<void>((resolve) => (release = resolve));
    renderDialog(port);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(port.answers).toEqual(['place c_demo1 audio']);
    release();
    await waitFor(() => expect(dialogState()).toBe('canceled'));
    expect(port.answers).toEqual(['place c_demo1 audio', 'cancel ch-1 req-1']);
  });

  it('says the peer is offline when the invitation is refused with 10201', async () => {
    const port = new FakeCallsPort();
    port.refusePlace = new ImError('Server_Error', 'peer offline', { code: 10201 });
    renderDialog(port);
    await waitFor(() => expect(dialogState()).toBe('offline'));
    expect(screen.getByRole('status')).toHaveTextContent('Alice Chen is offline');
    expect(screen.queryByTestId('outgoing-call-cancel')).not.toBeInTheDocument();
    expect(screen.getByTestId('outgoing-call-close')).toHaveFocus();
  });

  it('says the peer is offline on 11001 too, in zh-CN', async () => {
    const port = new FakeCallsPort();
    port.refusePlace = Object.assign(new Error('peer offline'), { code: 11001 });
    renderDialog(port, { language: 'zh-CN' });
    expect(await screen.findByRole('dialog', { name: '呼叫 Alice Chen（语音通话）' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('Alice Chen 不在线'));
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });

  it('shows any other refusal with its reason', async () => {
    const port = new FakeCallsPort();
    port.refusePlace = new ImError('Server_Error', 'room does not exist', { code: 10404 });
    renderDialog(port);
    await waitFor(() => expect(dialogState()).toBe('failed'));
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('The call did not go through: room does not exist');
  });

  it('cancels an unanswered invitation after the ring timeout and shows "No answer"', async () => {
    const port = new FakeCallsPort();
    renderDialog(port, { ringTimeoutMs: 20 });
    const call = await placed(port);
    await waitFor(() => expect(dialogState()).toBe('noAnswer'));
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('No answer');
    expect(port.answers).toEqual(['place c_demo1 audio', `cancel ${call.channelId} ${call.requestId}`]);
  });

  it('does not time out a call the peer answered', async () => {
    const port = new FakeCallsPort();
    renderDialog(port, { ringTimeoutMs: 30 });
    const call = await placed(port);
    port.fire({ type: 'answered', channelId: call.channelId, from: 'c_demo1' });
    // A later call of the same port with the same small timeout times out: the first one, answered, still has not.
    const other = new FakeCallsPort();
    renderWithI18n(<OutgoingCallDialog calls={other} to="c_other" name="Bob" kind="audio" ringTimeoutMs={60} onClose={() => undefined} />);
    await waitFor(() => expect(other.answers).toContain('cancel ch-1 req-1'));
    expect(port.answers).toEqual(['place c_demo1 audio']);
    expect(screen.getAllByTestId('outgoing-call-dialog')[0]).toHaveAttribute('data-state', 'connected');
  });

  it('ends the call when the peer leaves, closing the channel', async () => {
    const port = new FakeCallsPort();
    renderDialog(port);
    const call = await placed(port);
    port.fire({ type: 'answered', channelId: call.channelId, from: 'c_demo1' });
    port.fire({ type: 'left', channelId: call.channelId, from: 'c_demo1' });
    expect(dialogState()).toBe('ended');
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('The call ended');
    await waitFor(() => expect(port.answers).toEqual(['place c_demo1 audio', `hangUp ${call.channelId}`]));
  });

  it('ends the call when the channel closes, without closing it again', async () => {
    const port = new FakeCallsPort();
    renderDialog(port);
    const call = await placed(port);
    port.fire({ type: 'closed', channelId: call.channelId });
    expect(dialogState()).toBe('ended');
    await waitFor(() => expect(screen.getByTestId('outgoing-call-close')).toHaveFocus());
    expect(port.answers).toEqual(['place c_demo1 audio']);
  });

  it('shows a refused hang up as failed with the reason', async () => {
    const user = userEvent.setup();
    const port = new FakeCallsPort();
    renderDialog(port);
    const call = await placed(port);
    port.fire({ type: 'answered', channelId: call.channelId, from: 'c_demo1' });
    port.refuse = new ImError('Server_Error', 'socket closed', { code: 999 });
    await user.click(screen.getByTestId('outgoing-call-hangup'));
    await waitFor(() => expect(dialogState()).toBe('failed'));
    expect(screen.getByTestId('outgoing-call-state')).toHaveTextContent('The call did not go through: socket closed');
  });
});
