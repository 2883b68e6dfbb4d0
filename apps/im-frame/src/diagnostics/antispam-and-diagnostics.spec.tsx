// The frame's side of issue 30: a message the anti-spam filter refused is shown as refused (no Retry),
// in zh-CN and en-US, and "send diagnostic log" shows its progress and a clear result.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageList } from '../conversation/message-list';
import { renderWithI18n } from '../test/render-frame';
import { sampleMessage } from '../test/fake-chat-client';
import { toChatMessage } from '../chat/im-mapping';
import type { DiagnosticLogPort, DiagnosticLogProgress } from '../chat/chat-client';
import { DiagnosticLogButton } from './diagnostic-log-button';

const NOW = 1_700_000_000_000;
const outgoing = { from: 's_1001', to: 'c_1', flow: 'out' as const };

describe('anti-spam in the conversation', () => {
  it('reads the verdict from yidunAntiSpamRes', () => {
    const base = { idClient: 'a', sessionId: 'p2p-c_1', scene: 'p2p' as const, from: 's_1001', to: 'c_1', time: 1, type: 'text' as const, flow: 'out' as const, text: 'x' };
    expect(toChatMessage({ ...base, status: 'fail', yidunAntiSpamRes: '{"result":2,"source":"client"}' }).antispam).toBe('rejected');
    expect(toChatMessage({ ...base, status: 'success', yidunAntiSpamRes: '{"result":1,"source":"server"}' }).antispam).toBe('filtered');
    expect(toChatMessage({ ...base, status: 'success', yidunAntiSpamRes: 'not json' }).antispam).toBeUndefined();
    expect(toChatMessage({ ...base, status: 'success' }).antispam).toBeUndefined();
    expect(toChatMessage({ ...base, status: 'sending', sendError: { code: 403, message: 'the message contains a forbidden word' } }).refusedCode).toBe(403);
  });

  it.each([
    ['en-US', 'Not sent: the message contains a forbidden word', 'Some words were replaced with **', 'Not sent: the server refused it (it may contain a forbidden word)'],
    ['zh-CN', '未发送：消息包含违禁词', '部分词语已替换为 **', '未发送：服务器拒收（可能包含违禁词）'],
  ] as const)('shows a refused message as refused, without Retry, and a filtered one as filtered (%s)', (language, refused, filtered, serverRefused) => {
    renderWithI18n(
      <MessageList
        label="Messages"
        emptyText="none"
        now={NOW}
        onRetry={() => undefined}
        messages={[
          sampleMessage({ ...outgoing, idClient: 'r', sessionId: 'p2p-c_1', text: 'a scam offer', status: 'fail', antispam: 'rejected' }),
          sampleMessage({ ...outgoing, idClient: 'f', sessionId: 'p2p-c_1', text: 'oh **', status: 'success', antispam: 'filtered' }),
          sampleMessage({ ...outgoing, idClient: 'n', sessionId: 'p2p-c_1', text: 'lost', status: 'fail' }),
          sampleMessage({ ...outgoing, idClient: 's', sessionId: 'p2p-c_1', text: 'raw word', status: 'sending', refusedCode: 403 }),
        ]}
      />,
      language,
    );
    const [rejected, replaced, failed, refusedByServer] = screen.getAllByTestId('message');
    expect(rejected).toHaveAttribute('data-antispam', 'rejected');
    expect(within(rejected).getByTestId('message-antispam-rejected')).toHaveTextContent(refused);
    expect(within(rejected).queryByTestId('message-retry')).toBeNull();
    expect(within(replaced).getByTestId('message-antispam-filtered')).toHaveTextContent(filtered);
    // An ordinary failure keeps its Retry.
    expect(within(failed).getByTestId('message-retry')).toBeInTheDocument();
    // The server's refusal (a text that reached it unfiltered) is said, not left as "Sending".
    expect(within(refusedByServer).getByTestId('message-refused')).toHaveTextContent(serverRefused);
    expect(refusedByServer).not.toHaveTextContent(language === 'en-US' ? 'Sending' : '发送中');
  });
});

describe('send diagnostic log', () => {
  it('shows the progress, the retry wait and the result', async () => {
    let finish: () => void = () => undefined;
    let report: (progress: DiagnosticLogProgress) => void = () => undefined;
    const diagnostics: DiagnosticLogPort = {
      send: (onProgress) => {
        report = (progress) => onProgress?.(progress);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    renderWithI18n(<DiagnosticLogButton diagnostics={diagnostics} />, 'en-US');
    await userEvent.click(screen.getByRole('button', { name: 'Send diagnostic log' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a diagnostic log to support' });
    expect(dialog).toHaveTextContent('without message contents or sign-in tokens');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Collecting the log…');
    act(() => report({ stage: 'retrying', attempt: 1, retryInMs: 5000 }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('The upload failed; trying again in 5 s…');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await act(async () => finish());
    expect(await within(dialog).findByTestId('diagnostic-log-done')).toHaveTextContent('The diagnostic log was sent.');
  });

  it('says why it failed, in Chinese too', async () => {
    const diagnostics: DiagnosticLogPort = { send: async () => Promise.reject(new Error('edge down')) };
    renderWithI18n(<DiagnosticLogButton diagnostics={diagnostics} />, 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: '发送诊断日志' }));
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('诊断日志发送失败：edge down');
  });

  it('is not offered without a log', () => {
    renderWithI18n(<DiagnosticLogButton />, 'en-US');
    expect(screen.queryByTestId('diagnostic-log-open')).toBeNull();
  });
});
