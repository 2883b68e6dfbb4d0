// Message types rendered as a merchant sees them, and always inert: a hostile sender cannot inject
// HTML, run script or plant a javascript: link, whatever the type.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageList } from './message-list';
import { bubbleBox, formatDuration, formatFileSize, readCustomCard, safeHttpUrl, thumbnailUrl } from './message-content';
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
    // The server's thumbnail, twice the bubble size, in a box sized from w/h before it loads.
    const small = within(thumbnail).getByRole('img', { name: 'oak.jpg' });
    expect(small).toHaveAttribute('src', 'https://img.example/oak.jpg?imageView&thumbnail=480x480');
    expect(small).toHaveAttribute('width', '240');
    expect(small).toHaveAttribute('height', '180');
    act(() => thumbnail.focus());
    await user.keyboard('{Enter}');
    const preview = await screen.findByRole('dialog', { name: 'oak.jpg' });
    // The preview shows the original.
    expect(within(preview).getByRole('img', { name: 'oak.jpg' })).toHaveAttribute('src', 'https://img.example/oak.jpg');
    expect(within(preview).getByRole('img', { name: 'oak.jpg' })).toHaveAttribute('referrerpolicy', 'no-referrer');
    await user.keyboard('{Escape}');
  });

  it('falls back to the original picture when the thumbnail does not load', () => {
    renderMessages([sampleMessage({ idClient: 'i', sessionId: 'p2p-x', type: 'image', text: '', file: { url: 'https://img.example/old.png', name: 'old.png', ext: 'png', size: 10 } })]);
    const img = screen.getByRole('img', { name: 'old.png' });
    expect(img).toHaveAttribute('src', 'https://img.example/old.png?imageView&thumbnail=480x480');
    // Without w/h there is no box to reserve.
    expect(img).not.toHaveAttribute('width');
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(img).toHaveAttribute('src', 'https://img.example/old.png');
  });

  it('plays audio in a labelled player with its length shown before loading, and offers a download', () => {
    renderMessages([
      sampleMessage({ idClient: 'a', sessionId: 'p2p-x', type: 'audio', text: '', fromNick: 'Erin', file: { url: 'https://files.example/voice.wav', name: 'voice.wav', ext: 'wav', size: 4096, dur: 65_400 } }),
    ]);
    const audio = screen.getByTestId('message-audio').querySelector('audio')!;
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('preload', 'metadata');
    expect(audio).toHaveAttribute('src', 'https://files.example/voice.wav');
    expect(audio).toHaveAccessibleName('Voice message from Erin, 1:05');
    expect(screen.getByTestId('message-duration')).toHaveTextContent('1:05');
    const download = screen.getByRole('link', { name: 'Download voice.wav' });
    expect(download).toHaveAttribute('href', 'https://files.example/voice.wav');
    expect(download).toHaveAttribute('download', 'voice.wav');
  });

  it('plays video in a player sized from w/h, labelled in Chinese, with a download link; a javascript: address gets no player', () => {
    renderWithI18n(
      <MessageList
        label="Messages"
        now={NOW}
        emptyText="none"
        onRetry={() => undefined}
        messages={[
          sampleMessage({ idClient: 'v', sessionId: 'p2p-x', type: 'video', text: '', flow: 'out', from: 's_1001', file: { url: 'https://files.example/clip.webm', name: 'clip.webm', ext: 'webm', size: 9000, w: 640, h: 360, dur: 3000 } }),
          sampleMessage({ idClient: 'v2', sessionId: 'p2p-x', type: 'video', text: '', file: { url: 'javascript:alert(1)', name: 'x.mp4', ext: 'mp4', size: 1, dur: 1 } }),
        ]}
      />,
      'zh-CN',
    );
    const video = screen.getByTestId('message-video').querySelector('video')!;
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('width', '240');
    expect(video).toHaveAttribute('height', '135');
    expect(video).toHaveAccessibleName('我的视频，0:03');
    expect(screen.getByRole('link', { name: '下载 clip.webm' })).toHaveAttribute('href', 'https://files.example/clip.webm');
    expect(screen.getAllByTestId('message')[1]).toHaveTextContent('[视频]');
    expect(document.querySelectorAll('video')).toHaveLength(1);
  });

  it('sizes media boxes, writes lengths and asks for thumbnails only for http(s) addresses', () => {
    expect(bubbleBox(800, 600)).toEqual({ width: 240, height: 180 });
    expect(bubbleBox(100, 50)).toEqual({ width: 100, height: 50 });
    expect(bubbleBox(1, 10_000)).toEqual({ width: 1, height: 240 });
    expect(bubbleBox(undefined, 5)).toBeUndefined();
    expect(bubbleBox(0, 5)).toBeUndefined();
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(thumbnailUrl('https://a.example/x.png?token=1')).toBe('https://a.example/x.png?token=1&imageView&thumbnail=480x480');
    expect(thumbnailUrl('ftp://a.example/x.png')).toBeUndefined();
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
