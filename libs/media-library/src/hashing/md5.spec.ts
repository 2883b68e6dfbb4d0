import { createHash } from 'node:crypto';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { hashFile, type HashProgress } from './md5';
import { createMd5WorkerClient, installMd5WorkerHandler, type Md5WorkerEndpoint, type Md5WorkerScope } from './md5-worker';

const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 251);
const nodeMd5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

describe('hashFile (MD5 with hash-wasm, chunked)', () => {
  it('matches node:crypto for the empty file and a known vector', async () => {
    expect(await hashFile(new Blob([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(await hashFile(new Blob(['The quick brown fox jumps over the lazy dog']))).toBe(
      '9e107d9d372bb6826bd81d3542a419d6',
    );
  });

  it('reads File.stream() and reports growing progress up to the total', async () => {
    const data = bytes(300_003);
    const progress: HashProgress[] = [];
    // Several parts, so the stream yields several chunks (as a large file on disk does).
    const parts = [data.slice(0, 100_000), data.slice(100_000, 200_000), data.slice(200_000)];
    const md5 = await hashFile(new Blob(parts), (p) => progress.push(p), 10_000);
    expect(md5).toBe(nodeMd5(data));
    expect(progress[0]).toEqual({ loaded: 0, total: 300_003 });
    expect(progress.at(-1)).toEqual({ loaded: 300_003, total: 300_003 });
    expect(progress.length).toBeGreaterThan(2);
    const loaded = progress.map((p) => p.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
  });

  it('reuses one read buffer across many reads of a byte stream (larger than the buffer) without corrupting the digest', async () => {
    const data = bytes(3 * 1024 * 1024 + 17);
    expect(await hashFile(new Blob([data.slice(0, 5), data.slice(5)]))).toBe(nodeMd5(data));
  });

  it('reads streams that are not byte streams with the default reader and gives the same digest', async () => {
    const data = bytes(70_001);
    const plainStream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < data.length; offset += 7_000) controller.enqueue(data.slice(offset, offset + 7_000));
          controller.close();
        },
      });
    const blobLike = { size: data.length, stream: plainStream, slice: () => new Blob([]) };
    expect(await hashFile(blobLike)).toBe(nodeMd5(data));
  });

  it('falls back to slices for blob-likes without stream() and gives the same digest', async () => {
    const data = bytes(100_003);
    const progress: HashProgress[] = [];
    const sliced = { size: data.length, slice: (start?: number, end?: number) => new Blob([data.slice(start, end)]) };
    expect(await hashFile(sliced, (p) => progress.push(p), 10_000)).toBe(nodeMd5(data));
    expect(progress).toHaveLength(12);
  });

  it('wraps read failures in a MediaLibraryError', async () => {
    const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }) };
    await expect(hashFile(broken)).rejects.toMatchObject({ code: 'HASH_FAILED' });
  });
});

describe('md5 worker protocol', () => {
  let ports: MessagePort[] = [];
  afterEach(() => ports.forEach((port) => port.close()));

  function connectedPair() {
    const channel = new MessageChannel();
    ports = [channel.port1, channel.port2];
    // Node ports deliver `event.data` like a browser Worker does.
    installMd5WorkerHandler(channel.port2 as unknown as Md5WorkerScope);
    channel.port2.start();
    const client = createMd5WorkerClient(channel.port1 as unknown as Md5WorkerEndpoint, 4096);
    channel.port1.start();
    return client;
  }

  it('hashes concurrent files across a real message channel with progress', async () => {
    const client = connectedPair();
    const first = bytes(20_000);
    const second = bytes(5);
    const progress: HashProgress[] = [];
    const [a, b] = await Promise.all([client.hash(new Blob([first]), (p) => progress.push(p)), client.hash(new Blob([second]))]);
    expect(a).toBe(nodeMd5(first));
    expect(b).toBe(nodeMd5(second));
    expect(progress[0]).toEqual({ loaded: 0, total: 20_000 });
    expect(progress.at(-1)).toEqual({ loaded: 20_000, total: 20_000 });
  });

  it('rejects pending requests on terminate', async () => {
    const sent: unknown[] = [];
    const silentWorker: Md5WorkerEndpoint = { addEventListener: () => undefined, postMessage: (m) => sent.push(m) };
    const client = createMd5WorkerClient(silentWorker);
    const pending = client.hash(new Blob(['x']));
    client.terminate();
    await expect(pending).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    expect(sent).toHaveLength(1);
  });
});
