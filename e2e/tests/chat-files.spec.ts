// Sending a picture from the chat frame through the real stack (issue 13): the frame probes it, im-core
// uploads it to im-server's object store in chunks, the image message reaches the customer with its
// size, and the merchant opens its preview.
import { deflateSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { connectCustomer } from '../customer-client';
import { signInForChat as signIn } from '../support/sign-in';

const STORE_ACCOUNT = 's_1001';

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real width × height RGB PNG (a gradient), so the browser decodes it and the server sniffs it. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(
    Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, (_, x) => Buffer.from([x * 40, y * 40, 160]))])),
  );
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test('the merchant sends a picture: it uploads with progress, reaches the customer with its size, and opens in a preview', async ({ page }) => {
  test.setTimeout(120_000);
  const { shell, chat } = await signIn(page);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  const account = `c_erin_${Date.now().toString(36)}`;
  const erin = await connectCustomer(account, 'Erin Zhao');
  try {
    await erin.sendText(STORE_ACCOUNT, 'Can I see the blue one?');
    await chat.openSession(account);
    await expect(chat.messages().filter({ hasText: 'Can I see the blue one?' })).toHaveCount(1);

    await chat.frame.getByTestId('attach-input').setInputFiles({ name: 'blue-mug.png', mimeType: 'image/png', buffer: png(120, 80) });
    const bubble = chat.messages().filter({ has: chat.frame.getByTestId('message-image') });
    await expect(bubble).toHaveAttribute('data-status', 'success');
    // The upload row has gone once the message is sent.
    await expect(chat.frame.getByTestId('upload-item')).toHaveCount(0);

    const received = await erin.waitForFile('blue-mug.png');
    expect(received).toMatchObject({ type: 'image', file: { name: 'blue-mug.png', ext: 'png', w: 120, h: 80 } });
    const download = await fetch(received.file!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');

    await bubble.getByTestId('message-image').click();
    const preview = chat.frame.getByRole('dialog', { name: 'blue-mug.png' });
    await expect(preview.getByRole('img', { name: 'blue-mug.png' })).toBeVisible();
    // The picture really loaded from the object store (a broken image has no natural size).
    await expect.poll(() => preview.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  } finally {
    await erin.close();
  }
});
