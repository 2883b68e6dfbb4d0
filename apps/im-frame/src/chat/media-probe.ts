// What kind of message a chosen file becomes, and the facts its message needs (im-client-spec §5:
// images need w and h, video w, h and dur, audio dur). Read in the browser before the upload.

export type FileMessageKind = 'image' | 'audio' | 'video' | 'file';

export interface MediaFacts {
  kind: FileMessageKind;
  w?: number;
  h?: number;
  /** Duration in milliseconds. */
  dur?: number;
}

export type MediaProbe = (file: File) => Promise<MediaFacts>;

/** By MIME type: image/*, audio/*, video/*; anything else is a plain file. */
export function kindOfFile(file: Pick<File, 'type'>): FileMessageKind {
  const major = file.type.split('/')[0];
  return major === 'image' || major === 'audio' || major === 'video' ? major : 'file';
}

/**
 * Loads the metadata of an audio or video file in a detached element. A recording made by a browser's
 * MediaRecorder (WebM) states no length: seeking past its end makes the browser find it.
 */
function mediaElementFacts(file: File, tag: 'audio' | 'video'): Promise<{ w: number; h: number; dur: number }> {
  return new Promise((resolve, reject) => {
    const element = document.createElement(tag) as HTMLVideoElement;
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      URL.revokeObjectURL(url);
      if (error) reject(error);
      else resolve({ w: element.videoWidth ?? 0, h: element.videoHeight ?? 0, dur: Math.round(element.duration * 1000) });
    };
    const finishIfKnown = () => {
      if (Number.isFinite(element.duration)) finish();
    };
    element.preload = 'metadata';
    element.onloadedmetadata = () => {
      if (Number.isFinite(element.duration)) return finish();
      element.ondurationchange = finishIfKnown;
      element.ontimeupdate = finishIfKnown;
      element.onseeked = () => (Number.isFinite(element.duration) ? finish() : finish(new Error(`cannot tell the length of this ${tag}`)));
      element.currentTime = Number.MAX_SAFE_INTEGER;
    };
    element.onerror = () => finish(new Error(`cannot read this ${tag}`));
    element.src = url;
  });
}

/**
 * The browser's probe: an image's size from createImageBitmap, a video's size and length and an
 * audio clip's length from a media element. A file the browser cannot read as what its type says
 * goes as a plain file instead, so the merchant can still send it.
 */
export const browserMediaProbe: MediaProbe = async (file) => {
  const kind = kindOfFile(file);
  try {
    if (kind === 'image') {
      const bitmap = await createImageBitmap(file);
      const facts = { kind, w: bitmap.width, h: bitmap.height } as const;
      bitmap.close();
      return facts;
    }
    if (kind === 'video') return { kind, ...(await mediaElementFacts(file, 'video')) };
    if (kind === 'audio') {
      const { dur } = await mediaElementFacts(file, 'audio');
      return { kind, dur };
    }
  } catch {
    return { kind: 'file' };
  }
  return { kind: 'file' };
};
