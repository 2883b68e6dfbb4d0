import { ProtocolError } from '../errors/im-error';
import { MAX_FRAME_BYTES } from './constants';

/**
 * HTTP long-polling carries several frames per body: each is prefixed by its length as a u32
 * big-endian (docs/protocol.md, "HTTP long-polling").
 */
export function encodeFrameBatch(frames: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const frame of frames) size += 4 + frame.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const frame of frames) {
    view.setUint32(at, frame.length);
    out.set(frame, at + 4);
    at += 4 + frame.length;
  }
  return out;
}

/** Splits a batch into frames (views into `batch`); throws ProtocolError on a malformed batch. */
export function decodeFrameBatch(batch: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
  let at = 0;
  while (at < batch.length) {
    if (batch.length - at < 4) throw new ProtocolError('truncated frame length in batch');
    const length = view.getUint32(at);
    if (length > MAX_FRAME_BYTES) throw new ProtocolError(`batched frame of ${length} bytes exceeds ${MAX_FRAME_BYTES}`);
    if (length > batch.length - at - 4) throw new ProtocolError('batched frame runs past the end');
    frames.push(batch.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return frames;
}
