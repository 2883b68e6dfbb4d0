/* global self -- a module worker */
// The benchmark's worker: the library's own handler (hash-wasm over File.stream()) for 'hash'
// messages, and the spark-md5 baseline (same stream reading) for 'spark' messages.
import { installMd5WorkerHandler } from '../../libs/media-library/dist/index.mjs';
import SparkMD5 from 'spark-md5';

const baseline = {
  addEventListener(type, listener) {
    self.addEventListener(type, (event) => {
      if (event.data?.kind !== 'spark') listener(event);
    });
  },
  postMessage: (message) => self.postMessage(message),
};
installMd5WorkerHandler(baseline);

self.addEventListener('message', async (event) => {
  if (event.data?.kind !== 'spark') return;
  const { id, blob } = event.data;
  const spark = new SparkMD5.ArrayBuffer();
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    spark.append(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  }
  self.postMessage({ id, type: 'done', md5: spark.end() });
});
