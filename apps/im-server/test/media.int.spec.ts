// ?imageInfo, the image operations (?imageView&…) and ?vinfo of the object store (issue 13 server half,
// im-client-spec §5 "Image processing", §7, §9; docs/im-upload.md "Media"), over real HTTP against the real
// server: images made with sharp here, uploaded as the client does (getNosToken, then one chunk), and the
// answers decoded with sharp again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

interface Uploaded {
  url: string;
  size: number;
}

/** A mono 16-bit PCM WAV of `seconds` at `rate` Hz: a 44-byte RIFF header, then a sine. */
function wavBytes(rate: number, seconds: number): Buffer {
  const samples = Math.round(rate * seconds);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) bytes.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return bytes;
}

/** A 300×200 picture with detail everywhere (noise), so blur and quality have something to change. */
async function noisyImage(format: 'png' | 'jpeg', options: { orientation?: number } = {}): Promise<Buffer> {
  const pixels = randomBytes(300 * 200 * 3);
  let image = sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } });
  if (options.orientation) image = image.withExif({ IFD0: { Copyright: 'merchant test' } }).withMetadata({ orientation: options.orientation });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Left half black, right half white, 400×100: where a crop thumbnail cut shows in its mean brightness. */
function halvesImage(): Promise<Buffer> {
  const pixels = Buffer.alloc(400 * 100 * 3);
  for (let y = 0; y < 100; y += 1) pixels.fill(255, (y * 400 + 200) * 3, (y * 400 + 400) * 3);
  return sharp(pixels, { raw: { width: 400, height: 100, channels: 3 } }).png().toBuffer();
}

const meanOf = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0].mean;

describe('object store media: ?imageInfo, ?imageView operations, ?vinfo (issue 13)', () => {
  let server: StartedServer;
  let client: RawImClient;

  async function upload(bytes: Buffer, fileName: string): Promise<Uploaded> {
    const answer = await client.request('getNosToken', { size: bytes.length, fileName, count: 1 });
    expect(answer.code).toBe(200);
    const [token] = answer.body.tokens ?? [];
    const response = await fetch(`${server.url}/nos/${token.bucket}/${token.objectName}?offset=0&complete=true&version=1.0`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-nos-token': token.token! },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    });
    expect(response.status).toBe(200);
    return { url: `${server.url}/nos/${token.bucket}/${token.objectName}`, size: bytes.length };
  }

  async function view(object: Uploaded, query: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
    const response = await fetch(`${object.url}?${query}`);
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async function json(object: Uploaded, query: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${object.url}?${query}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function dimensions(object: Uploaded, query: string) {
    const answer = await view(object, query);
    expect(answer.status).toBe(200);
    const metadata = await sharp(answer.bytes).metadata();
    return { width: metadata.width, height: metadata.height };
  }

  let png: Uploaded;
  let jpeg: Uploaded;
  let rotatedJpeg: Uploaded;
  let halves: Uploaded;
  let wav: Uploaded;

  beforeAll(async () => {
    server = await startServer();
    client = await RawImClient.loggedIn(server.wsUrl, account('media_owner'));
    png = await upload(await noisyImage('png'), 'noise.png');
    jpeg = await upload(await noisyImage('jpeg'), 'noise.jpg');
    rotatedJpeg = await upload(await noisyImage('jpeg', { orientation: 6 }), 'camera.jpg');
    halves = await upload(await halvesImage(), 'halves.png');
    wav = await upload(wavBytes(8000, 0.5), 'tone.wav');
  });
  afterAll(async () => {
    client.close();
    await server.server.close();
  });

  it('?imageInfo answers Width, Height, Orientation (EXIF, 1 without), Type and Size (§7)', async () => {
    expect(await json(png, 'imageInfo')).toEqual({ status: 200, body: { Width: 300, Height: 200, Orientation: 1, Type: 'png', Size: png.size } });
    expect(await json(rotatedJpeg, 'imageInfo')).toEqual({ status: 200, body: { Width: 300, Height: 200, Orientation: 6, Type: 'jpeg', Size: rotatedJpeg.size } });
  });

  it('crop=x_y_w_h cuts that box, clipped to the image; a box starting outside is a 400', async () => {
    expect(await dimensions(png, 'imageView&crop=10_20_100_50')).toEqual({ width: 100, height: 50 });
    expect(await dimensions(png, 'imageView&crop=250_150_100_100')).toEqual({ width: 50, height: 50 });
    expect(await dimensions(png, 'imageView&crop=100_0_0_0')).toEqual({ width: 200, height: 200 });
    expect(await json(png, 'imageView&crop=300_0_10_10')).toEqual({ status: 400, body: { errCode: 'PARAM_ERROR', errMsg: 'crop 300_0_10_10 starts outside the 300x200 image' } });
  });

  it('rotate=90 swaps width and height; 45 grows the box to hold the turned picture, corners transparent (PNG) or white (JPEG); 360 is the same as 0', async () => {
    expect(await dimensions(png, 'imageView&rotate=90')).toEqual({ width: 200, height: 300 });
    expect(await dimensions(png, 'imageView&rotate=-90')).toEqual({ width: 200, height: 300 });
    const turned = await dimensions(png, 'imageView&rotate=45');
    expect(turned.width).toBeGreaterThan(340);
    expect(turned.height).toBeGreaterThan(340);
    expect(await dimensions(png, 'imageView&rotate=360')).toEqual({ width: 300, height: 200 });
    // The corners an odd angle opens are transparent in a PNG, white in a JPEG (which has no alpha).
    const corner = async (bytes: Buffer) => [...(await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer())];
    expect(await corner((await view(png, 'imageView&rotate=45')).bytes)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number), 0]);
    for (const channel of await corner((await view(jpeg, 'imageView&rotate=45')).bytes)) expect(channel).toBeGreaterThan(240);
  });

  it('thumbnail: cover z covers the box, contain x fits inside it, crop y is exactly the box (§9 codes)', async () => {
    expect(await dimensions(png, 'imageView&thumbnail=100z100')).toEqual({ width: 150, height: 100 });
    expect(await dimensions(png, 'imageView&thumbnail=100x100')).toEqual({ width: 100, height: 67 });
    expect(await dimensions(png, 'imageView&thumbnail=0x50')).toEqual({ width: 75, height: 50 });
    expect(await dimensions(png, 'imageView&thumbnail=100y100')).toEqual({ width: 100, height: 100 });
    // A thumbnail never enlarges.
    expect(await dimensions(png, 'imageView&thumbnail=600x600')).toEqual({ width: 300, height: 200 });
  });

  it('a crop thumbnail cuts where the axis says: 0 the left edge (black half), 10 the right edge (white half), 5 the centre', async () => {
    const left = await view(halves, 'imageView&thumbnail=100y100&axis=0_5');
    const right = await view(halves, 'imageView&thumbnail=100y100&axis=10_5');
    const centre = await view(halves, 'imageView&thumbnail=100y100');
    expect(await meanOf(left.bytes)).toBeLessThan(10);
    expect(await meanOf(right.bytes)).toBeGreaterThan(245);
    const middle = await meanOf(centre.bytes);
    expect(middle).toBeGreaterThan(100);
    expect(middle).toBeLessThan(155);
  });

  it('blur keeps the size and changes the pixels; a larger sigma smooths more', async () => {
    const original = await sharp((await view(png, 'imageView&rotate=0')).bytes).raw().toBuffer();
    const soft = await view(png, 'imageView&blur=3x1.5');
    expect(soft.status).toBe(200);
    expect(await sharp(soft.bytes).metadata()).toMatchObject({ width: 300, height: 200, format: 'png' });
    const softPixels = await sharp(soft.bytes).raw().toBuffer();
    expect(softPixels.equals(original)).toBe(false);
    const deviation = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0].stdev;
    const softer = await view(png, 'imageView&blur=10x5');
    expect(await deviation(softer.bytes)).toBeLessThan(await deviation(soft.bytes));
    expect(await deviation(soft.bytes)).toBeLessThan(await deviation((await view(png, 'imageView&rotate=0')).bytes));
  });

  it('quality sets the JPEG quality: 10 is much smaller than 95, and the type stays image/jpeg', async () => {
    const low = await view(jpeg, 'imageView&quality=10');
    const high = await view(jpeg, 'imageView&quality=95');
    expect(low.type).toBe('image/jpeg');
    expect(low.bytes.length * 2).toBeLessThan(high.bytes.length);
  });

  it('interlace=1 makes a progressive JPEG and an interlaced PNG; without it they are baseline', async () => {
    expect((await sharp((await view(jpeg, 'imageView&interlace=1')).bytes).metadata()).isProgressive).toBe(true);
    expect((await sharp((await view(jpeg, 'imageView&interlace=0')).bytes).metadata()).isProgressive).toBe(false);
    expect((await sharp((await view(png, 'imageView&interlace=1')).bytes).metadata()).isProgressive).toBe(true);
  });

  it('the picture is turned upright by its EXIF orientation first; metadata is kept (orientation 1) unless stripmeta=1 drops it', async () => {
    const kept = await sharp((await view(rotatedJpeg, 'imageView&quality=80')).bytes).metadata();
    expect(kept).toMatchObject({ width: 200, height: 300, orientation: 1 });
    expect(kept.exif).toBeDefined();
    const stripped = await sharp((await view(rotatedJpeg, 'imageView&stripmeta=1')).bytes).metadata();
    expect(stripped).toMatchObject({ width: 200, height: 300 });
    expect(stripped.orientation).toBeUndefined();
    expect(stripped.exif).toBeUndefined();
  });

  it('operations apply in the order given: rotate then crop is not crop then rotate', async () => {
    expect(await dimensions(png, 'imageView&rotate=90&crop=0_0_50_100')).toEqual({ width: 50, height: 100 });
    expect(await dimensions(png, 'imageView&crop=0_0_50_100&rotate=90')).toEqual({ width: 100, height: 50 });
    expect(await dimensions(png, 'imageView&thumbnail=150x0&crop=0_0_1000_1000&rotate=270')).toEqual({ width: 100, height: 150 });
  });

  it.each([
    ['imageView', 'at least one image operation is required'],
    ['imageView&quality=101', 'quality must be a number from 0 to 100'],
    ['imageView&quality=high', 'quality must be a number from 0 to 100'],
    ['imageView&blur=0x1', 'blur radius must be a number from 1 to 50'],
    ['imageView&blur=3', 'blur must be written radiusxsigma, e.g. blur=3x1.5'],
    ['imageView&crop=1_2_3', 'crop must be written x_y_width_height, e.g. crop=1_2_30_40'],
    ['imageView&thumbnail=100z0', 'a cover thumbnail needs both width and height'],
    ['imageView&thumbnail=100y100&axis=11_0', 'crop axis x must be a number from 0 to 10'],
    ['imageView&sharpen=1', 'unknown image operation sharpen (expected stripmeta, quality, blur, crop, rotate, thumbnail, interlace or axis)'],
  ])('?%s is a 400 with the §5 message %p', async (query, errMsg) => {
    expect(await json(png, query)).toEqual({ status: 400, body: { errCode: 'PARAM_ERROR', errMsg } });
  });

  it('a result above 4096 per side is a 400; so is a picture above the pixel limit, whose header imageInfo still reads', async () => {
    expect(await json(png, 'imageView&thumbnail=5000x0')).toEqual({ status: 400, body: { errCode: 'IMAGE_TOO_LARGE', errMsg: 'the result would be 5000x0; at most 4096 per side' } });
    const huge = await upload(await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#336699' } }).png().toBuffer(), 'huge.png');
    expect(await json(huge, 'imageInfo')).toMatchObject({ status: 200, body: { Width: 8000, Height: 8000 } });
    expect(await json(huge, 'imageView&thumbnail=100x100')).toEqual({
      status: 400,
      body: { errCode: 'IMAGE_TOO_LARGE', errMsg: 'the image has 8000x8000 pixels; images above 50000000 pixels are not processed' },
    });
  });

  it('imageInfo and imageView are for images, vinfo for audio and video: anything else is a 400 naming the type; a corrupt image is a 400; the server keeps serving', async () => {
    expect(await json(wav, 'imageInfo')).toMatchObject({ status: 400, body: { errCode: 'UNSUPPORTED_TYPE', errMsg: expect.stringMatching(/^imageInfo is for images .*; this object is audio\/(wav|vnd\.wave|x-wav)$/) } });
    expect(await json(wav, 'imageView&quality=5')).toMatchObject({ status: 400, body: { errCode: 'UNSUPPORTED_TYPE' } });
    expect(await json(png, 'vinfo')).toEqual({ status: 400, body: { errCode: 'UNSUPPORTED_TYPE', errMsg: 'vinfo is for audio and video; this object is image/png' } });
    // A PNG signature, IHDR and the start of an IDAT chunk, then noise: sniffed as image/png, undecodable.
    const broken = randomBytes(5000);
    Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000000000000000100049444154', 'hex').copy(broken, 0);
    const corrupt = await upload(broken, 'broken.png');
    expect(await json(corrupt, 'imageView&rotate=90')).toMatchObject({ status: 400, body: { errCode: 'BAD_IMAGE' } });
    const plain = await view(png, '');
    expect(plain).toMatchObject({ status: 200, type: 'image/png' });
    expect(plain.bytes.length).toBe(png.size);
  });

  it('?vinfo of a WAV: duration in ms, sample rate, channels, bits, no video', async () => {
    const { status, body } = await json(wav, 'vinfo');
    expect(status).toBe(200);
    expect(body).toMatchObject({ Type: expect.stringMatching(/^audio\//), Size: wav.size, Duration: 500, Audio: { SampleRate: 8000, Channels: 1, BitsPerSample: 16 } });
    expect(body.Video).toBeUndefined();
  });

  it.each([
    ['clip.webm', 'video/webm', { Codec: 'VP8', Width: 160, Height: 120 }, { Codec: 'OPUS', SampleRate: 48000, Channels: 2 }],
    ['clip-faststart.mp4', 'video/mp4', { Codec: 'avc1', Width: 160, Height: 120 }, { Codec: 'MPEG-4/AAC', SampleRate: 22050 }],
    ['clip-moov-last.mp4', 'video/mp4', { Codec: 'avc1', Width: 176, Height: 144 }, { Codec: 'MPEG-4/AAC', SampleRate: 22050 }],
  ])('?vinfo of %p: type, size, duration about 1 s, bitrate, video codec and size, audio codec and rate', async (name, type, video, audio) => {
    const bytes = readFileSync(join(__dirname, 'fixtures', name));
    const clip = await upload(bytes, name);
    const { status, body } = await json(clip, 'vinfo');
    expect(status).toBe(200);
    expect(body).toMatchObject({ Type: type, Size: bytes.length, Video: video, Audio: audio, Bitrate: expect.any(Number) });
    expect(body.Duration).toBeGreaterThanOrEqual(990);
    expect(body.Duration).toBeLessThanOrEqual(1100);
  });

  it('?vinfo of a damaged MP4 (its header, then junk; or cut short) is a 400 BAD_MEDIA, never a 500; the server keeps serving', async () => {
    const good = readFileSync(join(__dirname, 'fixtures', 'clip-faststart.mp4'));
    for (const bytes of [Buffer.concat([good.subarray(0, 40), Buffer.alloc(5000, 0xab)]), good.subarray(0, 3000)]) {
      const damaged = await upload(bytes, 'damaged.mp4');
      expect(await json(damaged, 'vinfo')).toMatchObject({ status: 400, body: { errCode: 'BAD_MEDIA', errMsg: expect.stringMatching(/^the audio or video could not be read/) } });
    }
    expect((await view(png, '')).status).toBe(200);
  });
});
