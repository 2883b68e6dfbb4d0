// console-spec §5 video rules for a video picked from the library: the upload dialog checks new
// files, but a file already in the library has no size or duration in the list, so the form reads
// them from the object itself before accepting it (the contract requires both).
import type { LibraryFile, MediaNotice } from '@merchant/media-library';
import { GOODS_LIMITS } from './contract';
import type { PickedVideo } from './releaseSchema';

export interface VideoProbe {
  /** The object's bytes (a signed GET of objectUrl). */
  fetchBlob(url: string): Promise<Blob>;
  readDuration(blob: Blob): Promise<number>;
}

export type VideoCheckResult = { ok: true; video: PickedVideo } | { ok: false; notice: MediaNotice | null };

export async function checkPickedVideo(file: LibraryFile, probe: VideoProbe): Promise<VideoCheckResult> {
  let blob: Blob;
  let duration: number;
  try {
    blob = await probe.fetchBlob(file.objectUrl);
    if (blob.size > GOODS_LIMITS.videoMaxBytes) return { ok: false, notice: { key: 'videoTooLarge' } };
    duration = await probe.readDuration(blob);
  } catch {
    return { ok: false, notice: null };
  }
  if (!(duration >= GOODS_LIMITS.videoMinSeconds && duration <= GOODS_LIMITS.videoMaxSeconds)) {
    return { ok: false, notice: { key: 'videoDurationOutOfRange' } };
  }
  return { ok: true, video: { ...file, size: blob.size, duration } };
}

/** The browser's probe: fetch the signed URL, read the duration from the video's metadata. */
export function browserVideoProbe(readDuration: (blob: Blob) => Promise<number>): VideoProbe {
  return {
    fetchBlob: async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`video fetch failed: ${response.status}`);
      return response.blob();
    },
    readDuration,
  };
}
