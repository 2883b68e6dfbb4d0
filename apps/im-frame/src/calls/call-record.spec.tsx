// Call records in the conversation (issue 32 §3 "Calls"): the g2 message im-server writes when a call ends,
// from the caller to the callee, shown from the merchant's side; "[Voice call]" / "[Video call]" in lists.
import { screen, within } from '@testing-library/react';
import { sampleMessage as imMessage } from '@merchant/im-core/testing';
import { MessageList } from '../conversation/message-list';
import { renderWithI18n } from '../test/render-frame';
import { sampleCallRecord } from '../test/fake-chat-client';
import { createFrameI18n, type FrameLanguage } from '../i18n/frame-i18n';
import { messageDisplayText, messageSnippet } from '../i18n/message-text';
import { toChatMessage } from '../chat/im-mapping';
import type { ChatMessage, MessageFlow } from '../chat/chat-client';
import { formatCallDuration } from './call-record-text';

const NOW = 1_700_000_000_000;

const attach = (callType: number, status: string, durationSeconds?: number) => JSON.stringify({ channelId: 'ch1', callType, status, ...(durationSeconds !== undefined ? { durationSeconds } : {}) });

const record = (idClient: string, flow: MessageFlow, recordAttach: string | undefined): ChatMessage => sampleCallRecord(idClient, flow, recordAttach, NOW - 1000);

function renderRecords(messages: ChatMessage[], language: FrameLanguage = 'en-US') {
  renderWithI18n(<MessageList label="Messages" messages={messages} emptyText="none" now={NOW} onRetry={() => undefined} />, language);
  const lineOf = (idClient: string) => {
    const row = within(screen.getByTestId('message-list'))
      .getAllByTestId('message')
      .find((element) => element.getAttribute('data-id-client') === idClient);
    if (!row) throw new Error(`no message ${idClient}`);
    return within(row).getByTestId('message-call-record');
  };
  return { lineOf };
}

describe('call records in the conversation', () => {
  it('show each outcome from the merchant’s side in en-US, with the call’s icon, inert', () => {
    const { lineOf } = renderRecords([
      record('done-out', 'out', attach(1, 'completed', 42)),
      record('done-in', 'in', attach(2, 'completed', 3725)),
      record('cancel-out', 'out', attach(2, 'canceled')),
      record('missed-voice', 'in', attach(1, 'canceled')),
      record('missed-video', 'in', attach(2, 'canceled')),
      record('reject-out', 'out', attach(1, 'rejected')),
      record('reject-in', 'in', attach(2, 'rejected')),
      record('odd', 'in', '{"channelId":"ch1","callType":1,"status":"exploded"}'),
      record('none', 'in', undefined),
    ]);
    expect(lineOf('done-out')).toHaveTextContent('Voice call · 0:42');
    expect(lineOf('done-in')).toHaveTextContent('Video call · 1:02:05');
    expect(lineOf('cancel-out')).toHaveTextContent('Call canceled');
    expect(lineOf('missed-voice')).toHaveTextContent('Missed voice call');
    expect(lineOf('missed-video')).toHaveTextContent('Missed video call');
    expect(lineOf('reject-out')).toHaveTextContent('Call declined');
    expect(lineOf('reject-in')).toHaveTextContent('You declined the call');
    expect(lineOf('odd')).toHaveTextContent('[Call]');
    expect(lineOf('none')).toHaveTextContent('[Call]');
    // The icon says which kind of call; the line has nothing to press.
    expect(lineOf('done-out')).toHaveAttribute('data-call-kind', 'audio');
    expect(lineOf('done-in')).toHaveAttribute('data-call-kind', 'video');
    expect(lineOf('done-in')).toHaveAttribute('data-call-status', 'completed');
    expect(lineOf('odd')).toHaveAttribute('data-call-status', 'unknown');
    expect(lineOf('done-in').querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(within(lineOf('done-in')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(lineOf('done-in')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('show the outcomes in zh-CN', () => {
    const { lineOf } = renderRecords(
      [
        record('done-out', 'out', attach(1, 'completed', 42)),
        record('cancel-out', 'out', attach(1, 'canceled')),
        record('missed', 'in', attach(1, 'canceled')),
        record('reject-out', 'out', attach(2, 'rejected')),
        record('reject-in', 'in', attach(2, 'rejected')),
      ],
      'zh-CN',
    );
    expect(lineOf('done-out')).toHaveTextContent('语音通话 · 0:42');
    expect(lineOf('cancel-out')).toHaveTextContent('已取消');
    expect(lineOf('missed')).toHaveTextContent('未接语音来电');
    expect(lineOf('reject-out')).toHaveTextContent('对方已拒绝');
    expect(lineOf('reject-in')).toHaveTextContent(/^已拒绝$/);
  });

  it('formats a call’s length as m:ss, or h:mm:ss from an hour on', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(42)).toBe('0:42');
    expect(formatCallDuration(600)).toBe('10:00');
    expect(formatCallDuration(3599)).toBe('59:59');
    expect(formatCallDuration(3725)).toBe('1:02:05');
  });
});

describe('call records in the session list and quotes', () => {
  it('are named "[Voice call]" / "[Video call]", "[语音通话]" / "[视频通话]" in zh-CN, "[Call]" when unreadable', () => {
    const en = createFrameI18n('en-US').t;
    const zh = createFrameI18n('zh-CN').t;
    const voice = record('v', 'in', attach(1, 'canceled'));
    const video = record('w', 'out', attach(2, 'completed', 61));
    expect(messageDisplayText(voice, en)).toBe('[Voice call]');
    expect(messageSnippet(video, en)).toBe('[Video call]');
    expect(messageDisplayText(voice, zh)).toBe('[语音通话]');
    expect(messageSnippet(video, zh)).toBe('[视频通话]');
    expect(messageSnippet(record('x', 'in', 'not json'), en)).toBe('[Call]');
    expect(messageSnippet(record('y', 'in', attach(3, 'rejected')), zh)).toBe('[通话]');
  });
});

describe('toChatMessage of a call record', () => {
  it('keeps the g2 attach, so the record can be read', () => {
    const recordAttach = attach(2, 'completed', 61);
    const mapped = toChatMessage(imMessage({ idClient: 'g', time: 5, type: 'g2', text: undefined, attach: recordAttach, flow: 'out', from: 's_1001', to: 'c_demo1' }));
    expect(mapped).toMatchObject({ type: 'g2', attach: recordAttach, text: '', flow: 'out' });
  });
});
