// Evidence for docs/decisions/0009-media-info.md: what music-metadata reads from small MP4 and WebM files
// made by ffmpeg (test/fixtures), and the tkhd reader that supplies an MP4's picture size.
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { mediaInfo } from './media-info';

const fixture = (name: string) => join(__dirname, '../../../test/fixtures', name);
const infoOf = (name: string, type: string) => mediaInfo(() => createReadStream(fixture(name)), type, statSync(fixture(name)).size);

describe('?vinfo reader (music-metadata, plus the MP4 tkhd box)', () => {
  it('reads a WebM: VP8 160x120 from music-metadata itself, Opus 48 kHz stereo, about 1 s', async () => {
    const info = await infoOf('clip.webm', 'video/webm');
    expect(info).toMatchObject({ Type: 'video/webm', Container: 'EBML/webm', Video: { Codec: 'VP8', Width: 160, Height: 120 }, Audio: { Codec: 'OPUS', SampleRate: 48000, Channels: 2 } });
    expect(info.Duration).toBeGreaterThanOrEqual(990);
    expect(info.Duration).toBeLessThanOrEqual(1100);
  });

  it.each([
    ['clip-faststart.mp4', 160, 120],
    ['clip-moov-last.mp4', 176, 144],
  ])('reads an MP4 (%p): avc1 %px%p from the tkhd box (music-metadata gives no size), AAC 22.05 kHz', async (name, width, height) => {
    const info = await infoOf(name, 'video/mp4');
    expect(info).toMatchObject({ Type: 'video/mp4', Video: { Codec: 'avc1', Width: width, Height: height }, Audio: { Codec: 'MPEG-4/AAC', SampleRate: 22050 } });
    expect(info.Duration).toBeGreaterThanOrEqual(990);
    expect(info.Duration).toBeLessThanOrEqual(1100);
    expect(info.Bitrate).toBeGreaterThan(0);
  });
});
