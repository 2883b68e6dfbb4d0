import { createHash } from 'node:crypto';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { hashFile, type HashProgress } from './md5';
import {
  createMd5WorkerClient,
  createRestartingMd5WorkerClient,
  installMd5WorkerHandler,
  type Md5WorkerEndpoint,
  type Md5WorkerReply,
  type Md5WorkerRequest,
  type Md5WorkerScope,
} from './md5-worker';

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

/** A stand-in for a Worker: the client's listeners, and what it was sent; the test fires the events. */
function fakeWorker() {
  const listeners = new Map<string, Array<(event: never) => void>>();
  const sent: Md5WorkerRequest[] = [];
  let terminated = false;
  const endpoint: Md5WorkerEndpoint = {
    addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    postMessage: (message) => sent.push(message),
    terminate: () => {
      terminated = true;
    },
  } as Md5WorkerEndpoint;
  const fire = (type: string, event: object) => (listeners.get(type) ?? []).forEach((listener) => listener(event as never));
  return { endpoint, sent, fire, terminated: () => terminated };
}

describe('a worker that dies or errors', () => {
  it.each(['error', 'messageerror'])("rejects pending and later requests with WORKER_FAILED on '%s'", async (type) => {
    const worker = fakeWorker();
    const client = createMd5WorkerClient(worker.endpoint);
    const first = client.hash(new Blob(['a']));
    const second = client.watermark(new Blob(['b']), 'stamp');
    worker.fire(type, { message: 'out of memory' });
    await expect(first).rejects.toMatchObject({ code: 'WORKER_FAILED', message: expect.stringContaining(type) });
    await expect(second).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    expect(client.failed).toBe(true);
    expect(worker.terminated()).toBe(true);
    await expect(client.hash(new Blob(['c']))).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    // Nothing is posted to a dead worker.
    expect(worker.sent).toHaveLength(2);
  });

  it('rejects when the worker cannot be reached', async () => {
    const client = createMd5WorkerClient({
      addEventListener: () => undefined,
      postMessage: () => {
        throw new Error('DataCloneError');
      },
    });
    await expect(client.hash(new Blob(['a']))).rejects.toMatchObject({ code: 'WORKER_FAILED', message: expect.stringContaining('DataCloneError') });
  });

  it('the restarting client starts a new worker for the next request after a failure', async () => {
    const workers: Array<ReturnType<typeof fakeWorker>> = [];
    const client = createRestartingMd5WorkerClient(() => {
      workers.push(fakeWorker());
      return workers.at(-1)!.endpoint;
    });
    expect(workers).toHaveLength(0); // started on first use
    const first = client.hash(new Blob(['a']));
    expect(workers).toHaveLength(1);
    workers[0].fire('error', { message: 'crashed' });
    await expect(first).rejects.toMatchObject({ code: 'WORKER_FAILED' });

    const second = client.hash(new Blob(['a']));
    expect(workers).toHaveLength(2);
    const { id } = workers[1].sent[0];
    workers[1].fire('message', { data: { id, type: 'done', md5: 'abc' } satisfies Md5WorkerReply });
    await expect(second).resolves.toBe('abc');
    expect(client.failed).toBe(false);

    client.terminate();
    expect(workers[1].terminated()).toBe(true);
    await expect(client.hash(new Blob(['a']))).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    expect(workers).toHaveLength(2);
  });

  it('the restarting client rejects when the worker cannot start', async () => {
    const client = createRestartingMd5WorkerClient(() => {
      throw new Error('SecurityError');
    });
    await expect(client.hash(new Blob(['a']))).rejects.toMatchObject({ code: 'WORKER_FAILED', message: expect.stringContaining('SecurityError') });
  });
});

describe('the worker handler bounds the files hashed at once', () => {
  /** A file whose stream gives its bytes only when the test says so. */
  function heldFile(data: Uint8Array<ArrayBuffer>) {
    let give!: () => void;
    const opened = { value: false };
    const file = {
      size: data.byteLength,
      slice: () => new Blob([data]),
      stream: () => {
        opened.value = true;
        return new ReadableStream<Uint8Array>({
          start: (controller) =>
            new Promise<void>((resolve) => {
              give = () => {
                controller.enqueue(data);
                controller.close();
                resolve();
              };
            }),
        });
      },
    };
    return { file: file as unknown as Blob, opened, give: () => give() };
  }

  it('starts the third file only when one of the first two is done, and answers all', async () => {
    let listener!: (event: { data: Md5WorkerRequest }) => void;
    const replies: Md5WorkerReply[] = [];
    installMd5WorkerHandler({ addEventListener: (_type, l) => (listener = l), postMessage: (reply) => replies.push(reply) }, { concurrentHashes: 2 });
    const files = [bytes(10), bytes(20), bytes(30)].map(heldFile);
    files.forEach((held, index) => listener({ data: { id: index + 1, blob: held.file } }));
    // fixed wait: poll interval of until() (500 rounds bound it), and one more turn in which the third file must not open.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    // Waits for a condition (the WebAssembly set-up is asynchronous and slower on a loaded machine).
    const until = async (condition: () => boolean) => {
      for (let tries = 0; tries < 500 && !condition(); tries++) await settle();
    };
    await until(() => files[0].opened.value && files[1].opened.value);
    await settle();
    expect(files.map((held) => held.opened.value)).toEqual([true, true, false]);

    files[1].give();
    await until(() => files[2].opened.value);
    expect(files[2].opened.value).toBe(true);
    files[0].give();
    files[2].give();
    await until(() => replies.filter((reply) => reply.type === 'done').length === 3);
    const done = replies.filter((reply): reply is Extract<Md5WorkerReply, { type: 'done' }> => reply.type === 'done');
    expect(Object.fromEntries(done.map((reply) => [reply.id, reply.md5]))).toEqual({
      1: nodeMd5(bytes(10)),
      2: nodeMd5(bytes(20)),
      3: nodeMd5(bytes(30)),
    });
  });
});
