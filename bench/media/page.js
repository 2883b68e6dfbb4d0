/* global crypto, performance, requestAnimationFrame, PerformanceObserver, Worker, Blob -- browser page code */
// The benchmark page: the library's worker client, measured inside Chromium.
import { createMd5WorkerClient } from '../../libs/media-library/dist/index.mjs';
import { md5 as hashWasmMd5 } from 'hash-wasm';

const MIB = 1024 * 1024;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Random-looking bytes, made once per size (crypto.getRandomValues fills 64 KiB at a time). */
function randomBlob(bytes, seedByte = 0) {
  const data = new Uint8Array(bytes);
  for (let offset = 0; offset < bytes; offset += 65536) crypto.getRandomValues(data.subarray(offset, Math.min(bytes, offset + 65536)));
  data[0] = seedByte;
  return new Blob([data]);
}

function sparkClient(worker) {
  let nextId = 1_000_000;
  const pending = new Map();
  worker.addEventListener('message', (event) => {
    const reply = event.data;
    const done = pending.get(reply.id);
    if (done && reply.type === 'done') {
      pending.delete(reply.id);
      done(reply.md5);
    }
  });
  return (blob) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, kind: 'spark', blob });
    });
}

window.runBench = async ({ runs, files, fileMiB }) => {
  const worker = new Worker('/worker.js', { type: 'module' });
  const client = createMd5WorkerClient(worker);
  const spark = sparkClient(worker);
  const big = randomBlob(64 * MIB);
  await client.hash(randomBlob(MIB)); // warm-up: compile the WebAssembly module
  await spark(randomBlob(MIB));

  // 1. MD5 of 64 MiB in the worker, reading included (the blob's stream is read inside the timing).
  const hashWasm = [];
  const baseline = [];
  let digests = new Set();
  for (let run = 0; run < runs; run++) {
    console.info(`md5 of 64 MiB: run ${run + 1} of ${runs}`);
    let start = performance.now();
    digests.add(await client.hash(big));
    hashWasm.push(performance.now() - start);
    start = performance.now();
    digests.add(await spark(big));
    baseline.push(performance.now() - start);
  }
  const mbPerSecond = (ms) => 64 / (ms / 1000);
  // Reference: the same bytes already in memory (no reading), hash-wasm on the page, to separate reading from hashing.
  const inMemory = new Uint8Array(await big.arrayBuffer());
  const noReading = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    digests.add(await hashWasmMd5(inMemory));
    noReading.push(performance.now() - start);
  }

  // 2. 50 files hashing at once while a long-task observer watches the main thread.
  const longTasks = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  const batch = Array.from({ length: files }, (_, index) => randomBlob(fileMiB * MIB, index));
  await new Promise((resolve) => setTimeout(resolve, 100));
  longTasks.length = 0;
  // A frame loop stands in for the page: the gap between frames is what a merchant would feel.
  let frameGaps = [];
  let last = performance.now();
  let looping = true;
  const loop = (now) => {
    frameGaps.push(now - last);
    last = now;
    if (looping) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  console.info(`${files} files of ${fileMiB} MiB at once`);
  const batchStart = performance.now();
  const batchDigests = await Promise.all(batch.map((blob) => client.hash(blob, () => undefined)));
  const batchMs = performance.now() - batchStart;
  looping = false;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();

  console.info('baseline: spark-md5 on the main thread');
  // Baseline for the same 50 files: spark-md5 on the main thread (what a page without the worker does).
  const mainLongTasks = [];
  const mainObserver = new PerformanceObserver((list) => list.getEntries().forEach((entry) => mainLongTasks.push(entry.duration)));
  mainObserver.observe({ type: 'longtask', buffered: false });
  const SparkMD5 = window.SparkMD5;
  const buffers = await Promise.all(batch.slice(0, 10).map((blob) => blob.arrayBuffer()));
  // One click's worth of work done in place: the ten digests in one go, as a page without a worker would.
  for (const buffer of buffers) {
    const spark = new SparkMD5.ArrayBuffer();
    spark.append(buffer);
    spark.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  mainObserver.disconnect();

  client.terminate();
  return {
    md5: {
      hashWasmMedianMs: median(hashWasm),
      hashWasmMBps: mbPerSecond(median(hashWasm)),
      sparkMedianMs: median(baseline),
      sparkMBps: mbPerSecond(median(baseline)),
      noReadingMedianMs: median(noReading),
      noReadingMBps: mbPerSecond(median(noReading)),
      sameDigest: digests.size === 1,
    },
    batch: {
      files,
      fileMiB,
      batchMs,
      distinctDigests: new Set(batchDigests).size,
      longTasksOver50: longTasks.filter((ms) => ms > 50).length,
      longestTaskMs: Math.max(0, ...longTasks),
      longestFrameGapMs: Math.max(0, ...frameGaps.slice(1)),
      mainThreadSparkLongestTaskMs: Math.max(0, ...mainLongTasks),
    },
  };
};
window.benchReady = true;
