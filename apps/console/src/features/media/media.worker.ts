// The media worker: MD5 of chosen files (File.stream() + hash-wasm) and watermark stamping
// (OffscreenCanvas), so the page never stalls while 50 files hash.
import { installMd5WorkerHandler, type Md5WorkerScope } from '@merchant/media-library';

installMd5WorkerHandler(self as unknown as Md5WorkerScope);
