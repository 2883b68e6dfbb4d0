// Message types rendered as a merchant sees them, and always inert: a hostile sender cannot inject
// HTML, run script or plant a javascript: link, whatever the type.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageList } from './message-list';
import { formatFileSize, readCustomCard, safeHttpUrl } from './message-content';
import { renderWithI18n } from '../test/render-frame';
import { sampleMessage } from '../test/fake-chat-client';
import type { ChatMessage } from '../chat/chat-client';

const NOW = 1_700_000_000_000;

function renderMessages(messages: ChatMessage[]) {
  return renderWithI18n(<MessageList label="Messages" messages={messages} emptyText="none" now={NOW} onRetry={() => undefined} />);
}

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:alert(1)">click</a>';

describe('message content', () => {
  afterEach(() => {
    delete (window as unknown as { __pwned?: number }).__pwned;
  });

  it('renders a hostile payload in every type as text, with no element, script or javascript: link from it', () => {
    const { container } = renderMessages([
      sampleMessage({ idClient: 't', sessionId: 'p2p-x', type: 'text', text: HOSTILE }),
      sampleMessage({ idClient: 'tip', sessionId: 'p2p-x', type: 'tip', text: HOSTILE }),
      sampleMessage({ idClient: 'c', sessionId: 'p2p-x', type: 'custom', text: '', attach: JSON.stringify({ title: HOSTILE, text: HOSTILE, url: 'javascript:alert(1)' }) }),
      sampleMessage({ idClient: 'i', sessionId: 'p2p-x', type: 'image', text: '', file: { url: 'javascript:alert(1)', name: HOSTILE, ext: 'png', size: 1 } }),
      sampleMessage({ idClient: 'f', sessionId: 'p2p-x', type: 'file', text: '', file: { url: 'data:text/html,<script>alert(1)</script>', name: HOSTILE, ext: 'html', size: 10 } }),
      sampleMessage({ idClient: 'n', sessionId: 'p2p-x', type: 'text', text: '', fromNick: HOSTILE }),
    ]);
    expect(container.querySelectorAll('script, iframe, object, embed')).toHaveLength(0);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([]);
    expect(container.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // The text is shown as written.
    const bubbles = screen.getAllByTestId('message');
    expect(bubbles[0]).toHaveTextContent(HOSTILE);
    expect(screen.getByTestId('message-tip')).toHaveTextContent(HOSTILE);
    expect(screen.getByTestId('message-custom')).toHaveTextContent(HOSTILE);
  });

  it('shows an image with a keyboard-reachable full-size preview', async () => {
    const user = userEvent.setup({ delay: null });
    renderMessages([
      sampleMessage({ idClient: 'i', sessionId: 'p2p-x', type: 'image', text: '', file: { url: 'https://img.example/oak.jpg', name: 'oak.jpg', ext: 'jpg', size: 2048, w: 800, h: 600 } }),
    ]);
    const thumbnail = screen.getByRole('button', { name: 'View full image: oak.jpg' });
    expect(within(thumbnail).getByRole('img', { name: 'oak.jpg' })).toHaveAttribute('src', 'https://img.example/oak.jpg');
    act(() => thumbnail.focus());
    await user.keyboard('{Enter}');
    const preview = await screen.findByRole('dialog', { name: 'oak.jpg' });
    expect(within(preview).getByRole('img', { name: 'oak.jpg' })).toHaveAttribute('referrerpolicy', 'no-referrer');
    await user.keyboard('{Escape}');
  });

  it('shows a file card with name, type, size and a safe download link', () => {
    renderMessages([sampleMessage({ idClient: 'f', sessionId: 'p2p-x', type: 'file', text: '', file: { url: 'https://files.example/invoice.pdf', name: 'invoice.pdf', ext: 'pdf', size: 1_572_864 } })]);
    const link = screen.getByRole('link', { name: 'invoice.pdf' });
    expect(link).toHaveAttribute('href', 'https://files.example/invoice.pdf');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('message-file')).toHaveTextContent('PDF · 1.5 MB');
  });

  it('shows a custom card from its attach JSON, a label when it has nothing to show, in Chinese too', () => {
    renderWithI18n(
      <MessageList
        label="Messages"
        now={NOW}
        emptyText="none"
        onRetry={() => undefined}
        messages={[
          sampleMessage({ idClient: 'c1', sessionId: 'p2p-x', type: 'custom', text: '', attach: '{"title":"Order #1001","description":"2 items, paid","url":"https://shop.example/o/1001"}' }),
          sampleMessage({ idClient: 'c2', sessionId: 'p2p-x', type: 'custom', text: '', attach: 'not json' }),
        ]}
      />,
      'zh-CN',
    );
    expect(screen.getByTestId('message-custom')).toHaveTextContent('Order #10012 items, paid');
    expect(screen.getByRole('link', { name: '打开链接' })).toHaveAttribute('href', 'https://shop.example/o/1001');
    expect(screen.getAllByTestId('message')[1]).toHaveTextContent('[自定义消息]');
  });

  it('accepts only http(s) addresses, formats sizes and reads custom cards defensively', () => {
    expect(safeHttpUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeHttpUrl('JAVASCRIPT:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeHttpUrl('//evil.example/x')).toBeUndefined();
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(readCustomCard('[1,2]')).toEqual({ title: undefined, text: undefined, url: undefined });
    expect(readCustomCard('{"title":42,"text":"ok"}')).toEqual({ title: undefined, text: 'ok', url: undefined });
  });
});
