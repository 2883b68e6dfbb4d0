import { GOODS_LIMITS } from './contract';
import { checkPickedVideo, type VideoProbe } from './videoCheck';

const file = { fileId: 8, objectName: 'clip.mp4', objectUrl: 'http://store/objects/get?key=s/clip.mp4', objectSuffix: 'mp4' };

function probe(bytes: number, seconds: number | Error): VideoProbe & { fetched: string[]; measured: number } {
  const state = { fetched: [] as string[], measured: 0 };
  return Object.assign(state, {
    fetchBlob: async (url: string) => {
      state.fetched.push(url);
      return { size: bytes } as Blob;
    },
    readDuration: async () => {
      state.measured += 1;
      if (seconds instanceof Error) throw seconds;
      return seconds;
    },
  });
}

describe('checkPickedVideo (console-spec §5 video rules for a library video)', () => {
  it('accepts a video within 30MB and 6 to 120 seconds, with its measured size and duration', async () => {
    const p = probe(GOODS_LIMITS.videoMaxBytes, 6);
    await expect(checkPickedVideo(file, p)).resolves.toEqual({ ok: true, video: { ...file, size: GOODS_LIMITS.videoMaxBytes, duration: 6 } });
    expect(p.fetched).toEqual([file.objectUrl]);
  });

  it("refuses a video over 30MB with 'cannot upload video files over 30MB' without reading its duration", async () => {
    const p = probe(GOODS_LIMITS.videoMaxBytes + 1, 30);
    await expect(checkPickedVideo(file, p)).resolves.toEqual({ ok: false, notice: { key: 'videoTooLarge' } });
    expect(p.measured).toBe(0);
  });

  it.each([5.99, 120.01])('refuses a %s second video with the duration message', async (seconds) => {
    await expect(checkPickedVideo(file, probe(1000, seconds))).resolves.toEqual({ ok: false, notice: { key: 'videoDurationOutOfRange' } });
  });

  it('refuses a video whose metadata cannot be read', async () => {
    await expect(checkPickedVideo(file, probe(1000, new Error('unreadable')))).resolves.toEqual({ ok: false, notice: null });
  });
});
