import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import { mediaError } from './media-error';

/**
 * §7 "GET {file}?vinfo returns video and audio info", read with music-metadata (pure JavaScript, streams;
 * docs/decisions/0009-media-info.md). music-metadata gives an MP4's codecs and duration but not its picture
 * size, so for MP4/QuickTime the size is read from the video track's `tkhd` box here (mp4VideoSize).
 */
export interface MediaInfo {
  /** The sniffed content type. */
  Type: string;
  /** The container as music-metadata names it, e.g. "EBML/webm", "isom/iso2/avc1/mp41", "WAVE". */
  Container?: string;
  Size: number;
  /** Milliseconds, rounded. */
  Duration?: number;
  /** Bits per second over the whole file (size × 8 / duration). */
  Bitrate?: number;
  Video?: { Codec?: string; Width?: number; Height?: number };
  Audio?: { Codec?: string; SampleRate?: number; Channels?: number; BitsPerSample?: number; Bitrate?: number };
}

const MP4_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v', 'audio/mp4', 'audio/x-m4a']);

export const isMediaType = (contentType: string): boolean => contentType.startsWith('audio/') || contentType.startsWith('video/');

/** `open` gives a fresh stream of the object's bytes each time it is called. */
export async function mediaInfo(open: () => Readable, contentType: string, size: number): Promise<MediaInfo> {
  const stream = open();
  let metadata;
  try {
    metadata = await parseStream(stream, { mimeType: contentType, size }, { skipCovers: true });
  } catch (error) {
    throw mediaError('BAD_MEDIA', `the audio or video could not be read (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    stream.destroy();
  }
  const { format } = metadata;
  const tracks = format.trackInfo ?? [];
  const videoTrack = tracks.find((track) => track.video || track.type === 1) ?? (format.hasVideo ? tracks.find((track) => !track.audio && track.type !== 2) : undefined);
  const durationSeconds = format.duration;
  const info: MediaInfo = {
    Type: contentType,
    Container: format.container,
    Size: size,
    Duration: durationSeconds === undefined ? undefined : Math.round(durationSeconds * 1000),
    Bitrate: durationSeconds ? Math.round((size * 8) / durationSeconds) : undefined,
  };
  if (videoTrack || format.hasVideo) {
    let width = videoTrack?.video?.pixelWidth ?? videoTrack?.video?.displayWidth;
    let height = videoTrack?.video?.pixelHeight ?? videoTrack?.video?.displayHeight;
    if ((width === undefined || height === undefined) && MP4_TYPES.has(contentType)) {
      // The size is extra: a damaged index only leaves it out.
      const box = await mp4VideoSize(open()).catch(() => undefined);
      width = box?.width;
      height = box?.height;
    }
    info.Video = { Codec: codecName(videoTrack?.codecName), Width: width, Height: height };
  }
  if (format.hasAudio !== false && (format.sampleRate !== undefined || format.numberOfChannels !== undefined)) {
    info.Audio = {
      Codec: format.codec,
      SampleRate: format.sampleRate,
      Channels: format.numberOfChannels,
      BitsPerSample: format.bitsPerSample,
      Bitrate: format.hasVideo ? undefined : format.bitrate === undefined ? undefined : Math.round(format.bitrate),
    };
  }
  return info;
}

/** music-metadata writes an MP4 sample entry's four-character code in angle brackets ("<avc1>"). */
const codecName = (name: string | undefined) => name?.replace(/^<(.*)>$/, '$1');

/** The moov box holds only the index of a file; beyond this it is not read. */
const MOOV_LIMIT = 16 * 1024 * 1024;

/**
 * The video track's presentation size: the last 8 bytes of its `tkhd` box (ISO/IEC 14496-12 §8.3.2, two
 * 16.16 fixed-point numbers). Top-level boxes other than moov (mdat, the media itself) are skipped unread.
 */
export async function mp4VideoSize(stream: Readable): Promise<{ width: number; height: number } | undefined> {
  let buffered = Buffer.alloc(0);
  let skip = 0;
  let moovLength = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (skip > 0) {
          const dropped = Math.min(skip, buffered.length);
          skip -= dropped;
          buffered = buffered.subarray(dropped);
        }
        if (skip > 0) break;
        if (moovLength > 0) {
          if (buffered.length < moovLength) break;
          return videoSizeIn(buffered.subarray(8, moovLength));
        }
        if (buffered.length < 16) break;
        const header = boxHeader(buffered, 0, buffered.length);
        if (!header) return undefined;
        if (header.type === 'moov') {
          if (header.size > MOOV_LIMIT || header.headerSize !== 8) return undefined;
          moovLength = header.size;
        } else {
          skip = header.size;
        }
      }
    }
    return undefined;
  } finally {
    stream.destroy();
  }
}

function boxHeader(bytes: Buffer, at: number, end: number): { type: string; size: number; headerSize: number } | undefined {
  if (end - at < 8) return undefined;
  let size = bytes.readUInt32BE(at);
  const type = bytes.toString('latin1', at + 4, at + 8);
  let headerSize = 8;
  if (size === 1) {
    if (end - at < 16) return undefined;
    size = Number(bytes.readBigUInt64BE(at + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - at; // "to the end": only meaningful inside a box we hold whole
  }
  return size >= headerSize ? { type, size, headerSize } : undefined;
}

function* children(bytes: Buffer, start: number, end: number): Generator<{ type: string; start: number; end: number }> {
  let at = start;
  while (at < end) {
    const header = boxHeader(bytes, at, end);
    if (!header || at + header.size > end) return;
    yield { type: header.type, start: at + header.headerSize, end: at + header.size };
    at += header.size;
  }
}

function videoSizeIn(moov: Buffer): { width: number; height: number } | undefined {
  for (const trak of children(moov, 0, moov.length)) {
    if (trak.type !== 'trak') continue;
    let size: { width: number; height: number } | undefined;
    let handler: string | undefined;
    for (const box of children(moov, trak.start, trak.end)) {
      if (box.type === 'tkhd' && box.end - box.start >= 84) {
        size = { width: moov.readUInt32BE(box.end - 8) / 65536, height: moov.readUInt32BE(box.end - 4) / 65536 };
      } else if (box.type === 'mdia') {
        for (const inner of children(moov, box.start, box.end)) {
          if (inner.type === 'hdlr' && inner.end - inner.start >= 12) handler = moov.toString('latin1', inner.start + 8, inner.start + 12);
        }
      }
    }
    if (handler === 'vide' && size && size.width > 0 && size.height > 0) return { width: Math.round(size.width), height: Math.round(size.height) };
  }
  return undefined;
}
