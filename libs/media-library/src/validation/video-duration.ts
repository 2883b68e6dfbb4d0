import { MediaLibraryError } from '../errors';

/**
 * Duration of a video file in seconds, read from its metadata by a detached <video> element.
 * Browser only; the caller passes the result to checkCandidateFile.
 */
export function readVideoDuration(file: Blob, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new MediaLibraryError('VIDEO_METADATA_UNREADABLE', 'video metadata timed out'))),
      timeoutMs,
    );
    video.preload = 'metadata';
    video.onloadedmetadata = () => finish(() => resolve(video.duration));
    video.onerror = () =>
      finish(() => reject(new MediaLibraryError('VIDEO_METADATA_UNREADABLE', 'video metadata could not be read')));
    video.src = url;
  });
}
