// Sending a picture from the chat frame through the real stack (issue 13): the frame probes it, im-core
// uploads it to im-server's object store in chunks, the image message reaches the customer with its
// size, and the merchant opens its preview. Audio and video arrive with their length and play in the
// frame's players.
import { readFileSync } from 'node:fs';
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

/** A real mono 16-bit PCM WAV of `seconds` (a 440 Hz tone), so the browser decodes it and reads its length. */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** 2 s of 160 × 90 VP8 (ffmpeg testsrc), 12 KB. */
const CLIP_WEBM = readFileSync(new URL('../fixtures/clip.webm', import.meta.url));

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

test('audio and video reach the customer with their length and play in the frame; a picture shows the server thumbnail or, without one, the original', async ({ page }) => {
  test.setTimeout(120_000);
  const { shell, chat } = await signIn(page);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  const account = `c_fay_${Date.now().toString(36)}`;
  const fay = await connectCustomer(account, 'Fay Lin');
  try {
    await fay.sendText(STORE_ACCOUNT, 'Can you show me how it works?');
    await chat.openSession(account);
    await expect(chat.messages().filter({ hasText: 'Can you show me how it works?' })).toHaveCount(1);

    await chat.attachFiles({ name: 'how-to.wav', mimeType: 'audio/wav', buffer: wav(1.5) });
    const audioBubble = chat.messages().filter({ has: chat.frame.getByTestId('message-audio') });
    await expect(audioBubble).toHaveAttribute('data-status', 'success');
    const audio = await fay.waitForFile('how-to.wav');
    expect(audio).toMatchObject({ type: 'audio', file: { name: 'how-to.wav', ext: 'wav', dur: 1500 } });
    // The length shows before the player loads anything, and the player reads it from the object store.
    await expect(audioBubble.getByTestId('message-duration')).toHaveText('0:02');
    await expect(audioBubble.getByTestId('message-download')).toHaveAttribute('href', audio.file!.url);
    expect(await chat.playerDuration('audio')).toBeCloseTo(1.5, 1);

    await chat.attachFiles({ name: 'demo.webm', mimeType: 'video/webm', buffer: CLIP_WEBM });
    const videoBubble = chat.messages().filter({ has: chat.frame.getByTestId('message-video') });
    await expect(videoBubble).toHaveAttribute('data-status', 'success');
    const video = await fay.waitForFile('demo.webm');
    expect(video).toMatchObject({ type: 'video', file: { name: 'demo.webm', ext: 'webm', w: 160, h: 90 } });
    expect(video.file!.dur).toBeGreaterThan(1900);
    // w/h reserve the player's box: 160 × 90 fits the bubble as it is.
    await expect(videoBubble.locator('video')).toHaveAttribute('width', '160');
    await expect(videoBubble.locator('video')).toHaveAttribute('height', '90');
    expect(await chat.playerDuration('video')).toBeCloseTo(2, 1);

    await chat.attachFiles({ name: 'big-mug.png', mimeType: 'image/png', buffer: png(600, 400) });
    const imageBubble = chat.messages().filter({ has: chat.frame.getByTestId('message-image') });
    await expect(imageBubble).toHaveAttribute('data-status', 'success');
    const image = await fay.waitForFile('big-mug.png');
    const thumbnailUrl = `${image.file!.url}?imageView&thumbnail=480x480`;
    const thumbnail = await fetch(thumbnailUrl);
    const served = thumbnail.ok && (thumbnail.headers.get('content-type') ?? '').startsWith('image/');
    // A server with image operations answers 480 × 320 (contain 480); one without answers the original or an error.
    const servedWidth = served ? Buffer.from(await thumbnail.arrayBuffer()).readUInt32BE(16) : 0; // PNG IHDR width
    const img = imageBubble.getByTestId('message-image-thumbnail');
    // Box reserved from w/h: 600 × 400 scaled into 240.
    await expect(img).toHaveAttribute('width', '240');
    await expect(img).toHaveAttribute('height', '160');
    await expect(img).toHaveAttribute('src', served ? thumbnailUrl : image.file!.url);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(served ? servedWidth : 600);
    console.log(`thumbnail: ${served ? `served, ${servedWidth} px wide` : 'not served, original shown'}`);
  } finally {
    await fay.close();
  }
});

test('a browser recording (MediaRecorder WebM, which states no length) goes as a video with its real length', async ({ page }) => {
  test.setTimeout(120_000);
  const { shell, chat } = await signIn(page);
  // 1.5 s of a moving canvas, recorded by this Chromium: the kind of file a merchant's own recorder makes.
  const recorded = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (event) => parts.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = `hsl(${(t / 5) % 360} 80% 50%)`;
        context.fillRect(0, 0, 64, 48);
        if (t < 1500) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const blob = new Blob(parts, { type: 'video/webm' });
    // The recording's real length as this browser plays it: the WebM states none, so seek past the end until the
    // player knows it. Under load the recorder keeps fewer frames than 1.5 s of drawing, so the length is read, not assumed.
    const player = Object.assign(document.createElement('video'), { muted: true, preload: 'metadata', src: URL.createObjectURL(blob) });
    await new Promise((resolve) => player.addEventListener('loadedmetadata', resolve, { once: true }));
    player.currentTime = 1e9;
    await new Promise<void>((resolve) => {
      const known = () => Number.isFinite(player.duration) && resolve();
      player.addEventListener('durationchange', known);
      player.addEventListener('seeked', known);
      known();
    });
    return { bytes: [...new Uint8Array(await blob.arrayBuffer())], durationMs: Math.round(player.duration * 1000) };
  });
  expect(recorded.durationMs).toBeGreaterThan(0);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  const account = `c_ivy_${Date.now().toString(36)}`;
  const ivy = await connectCustomer(account, 'Ivy Sun');
  try {
    await ivy.sendText(STORE_ACCOUNT, 'Show me a quick video?');
    await chat.openSession(account);
    await chat.attachFiles({ name: 'recorded.webm', mimeType: 'video/webm', buffer: Buffer.from(recorded.bytes) });
    const bubble = chat.messages().filter({ has: chat.frame.getByTestId('message-video') });
    await expect(bubble).toHaveAttribute('data-status', 'success');
    const video = await ivy.waitForFile('recorded.webm');
    expect(video).toMatchObject({ type: 'video', file: { w: 64, h: 48 } });
    // The length the browser plays (the frame measures it as above: seek to the end, read the duration), not the 0 or
    // the missing length the WebM states.
    expect(video.file!.dur).toBe(recorded.durationMs);
  } finally {
    await ivy.close();
  }
});
