// The md5 of a file's bytes, computed off the main thread with hash-wasm, as the console's media
// worker does (libs/media-library): a SharedArrayBuffer view is read in 4 MiB slices.
import { parentPort, workerData } from 'node:worker_threads';
import { createMD5 } from 'hash-wasm';

const bytes = new Uint8Array(workerData.buffer);
const md5 = await createMD5();
md5.init();
for (let offset = 0; offset < bytes.length; offset += 4 * 1024 * 1024) md5.update(bytes.subarray(offset, Math.min(bytes.length, offset + 4 * 1024 * 1024)));
parentPort.postMessage(md5.digest('hex'));
