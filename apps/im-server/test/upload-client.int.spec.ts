// im-core's upload layer against the real im-server (issue 13; docs/im-upload.md "Client"): a 50 MiB
// file with its connection cut twice by real TCP proxies, failover past a dead edge to the load
// balancer's list, and a resume after a "reload" (a new uploader over the same part map) that sends
// again at most one chunk. Nothing is mocked: HTTP goes over loopback sockets to the server.
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { FileUploader, ImErrorName, MemoryStore, type UploadPorts } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

const MiB = 1024 * 1024;
const CHUNK = 4 * MiB;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A TCP proxy in front of the server that can cut its client connections once a byte count is reached. */
class CuttingProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  /** Bytes forwarded towards the server so far. */
  forwarded = 0;
  /** Cut every open connection once `forwarded` passes this; cleared after the cut. */
  cutAt: number | undefined;
  cuts = 0;

  constructor(private readonly target: URL) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      this.sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('data', (data) => {
        this.forwarded += data.length;
        if (this.cutAt !== undefined && this.forwarded >= this.cutAt) {
          this.cutAt = undefined;
          this.cuts += 1;
          drop();
          return;
        }
        upstream.write(data);
      });
      upstream.pipe(client);
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('im-core FileUploader against im-server (issue 13)', () => {
  let server: StartedServer;
  let client: RawImClient;
  const proxies: CuttingProxy[] = [];

  const ports = (edges: string[], extra: Partial<UploadPorts> = {}): UploadPorts & { sentBodyBytes(): number } => {
    let sent = 0;
    return {
      requestToken: async ({ size, fileName, nosSurvivalTime }) => {
        const answer = await client.request('getNosToken', { size, fileName, nosSurvivalTime, count: 1 });
        if (answer.code !== 200) throw new Error(`getNosToken answered ${answer.code}`);
        const [token] = answer.body.tokens ?? [];
        return { bucket: token.bucket!, objectName: token.objectName!, token: token.token!, expireTime: token.expireTime! };
      },
      edges: () => edges,
      quickTransfer: async ({ md5: hash, size }) => {
        const answer = await client.request('fileQuickTransfer', { md5: hash, size });
        return answer.code === 200 ? { url: answer.body.url!, threshold: answer.body.threshold! } : undefined;
      },
      loadBalancerUrl: `${server.url}/nos-lbs`,
      // Counts the chunk bytes the uploader sends, to measure what a resume sends again.
      fetch: async (input, init) => {
        if (init?.body instanceof Blob) sent += init.body.size;
        return fetch(input, init);
      },
      sentBodyBytes: () => sent,
      ...extra,
    };
  };

  beforeAll(async () => {
    server = await startServer();
    client = await RawImClient.loggedIn(server.wsUrl, account('uc_merchant'));
  });
  afterAll(async () => {
    client.close();
    for (const proxy of proxies) await proxy.close();
    await server.server.close();
  });

  it('uploads 50 MiB through two edges that are each cut once, then the load balancer list; the object is whole and each cut costs at most one chunk again', async () => {
    const target = new URL(server.url);
    const edgeA = new CuttingProxy(target);
    const edgeB = new CuttingProxy(target);
    proxies.push(edgeA, edgeB);
    const urlA = await edgeA.listen();
    const urlB = await edgeB.listen();
    edgeA.cutAt = 9 * MiB; // in the third chunk
    edgeB.cutAt = 21 * MiB; // well into the rest, on the second edge
    const bytes = randomBytes(50 * MiB);
    const file = new File([bytes], 'unboxing.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
    const uploaderPorts = ports([`${urlA}/nos`, `${urlB}/nos`]);
    const progress: number[] = [];

    const uploaded = await new FileUploader(uploaderPorts).upload({ type: 'video', file, onProgress: (p) => progress.push(p.percentage) });

    expect(edgeA.cuts).toBe(1);
    expect(edgeB.cuts).toBe(1);
    // After both edges failed, the balancer's list (the server itself) finished the upload.
    expect(uploaded).toMatchObject({ name: 'unboxing.mp4', ext: 'mp4', size: bytes.length, url: expect.stringMatching(new RegExp(`^${server.url}/nos/im/[0-9a-f]{32}\\.mp4$`)) });
    const download = await fetch(uploaded.url);
    expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(bytes));
    // Each cut lost at most the chunk in flight.
    expect(uploaderPorts.sentBodyBytes() - bytes.length).toBeLessThanOrEqual(2 * CHUNK);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('skips a dead edge; fails with "code (message)" when every edge and the balancer are dead', async () => {
    const dead = 'http://127.0.0.1:9/nos'; // the discard port: nothing listens
    const file = new File([randomBytes(1000)], 'note.txt', { type: 'text/plain' });
    const uploaded = await new FileUploader(ports([dead, `${server.url}/nos`])).upload({ type: 'file', file });
    expect(uploaded.url.startsWith(`${server.url}/nos/`)).toBe(true);

    const failing = new FileUploader(ports([dead], { loadBalancerUrl: 'http://127.0.0.1:9/nos-lbs' }));
    await expect(failing.upload({ type: 'file', file })).rejects.toMatchObject({ errorName: ImErrorName.Upload_Failed, message: expect.stringMatching(/^unknown \(.+\)$/) });
  });

  it('resumes after a reload from the part map and the server offset: at most one chunk goes up again', async () => {
    const store = new MemoryStore();
    const bytes = randomBytes(5 * CHUNK + 1234);
    const file = new File([bytes], 'invoice.pdf', { type: 'application/pdf', lastModified: 1_700_000_000_001 });
    const before = new AbortController();
    const firstPorts = ports([`${server.url}/nos`], { store });
    // The page "reloads" once half the file is up.
    await expect(
      new FileUploader(firstPorts).upload({ type: 'file', file, signal: before.signal, onProgress: (p) => p.percentage >= 50 && before.abort() }),
    ).rejects.toMatchObject({ errorName: ImErrorName.Operation_Canceled });
    const sentBefore = firstPorts.sentBodyBytes();
    expect(sentBefore).toBeGreaterThanOrEqual(bytes.length / 2);
    expect(sentBefore).toBeLessThan(bytes.length);

    const afterPorts = ports([`${server.url}/nos`], { store });
    const uploaded = await new FileUploader(afterPorts).upload({ type: 'file', file });
    expect(firstPorts.sentBodyBytes() + afterPorts.sentBodyBytes() - bytes.length).toBeLessThanOrEqual(CHUNK);
    expect(md5(new Uint8Array(await (await fetch(uploaded.url)).arrayBuffer()))).toBe(md5(bytes));
    // Done: the part map no longer holds it, so the same file again is a new upload.
    expect(await store.getValue(`upload:invoice.pdf:${bytes.length}:1700000000001`)).toBeUndefined();
  });

  it('quick transfer: the same content with its md5 is not sent again by the same account; below the threshold, another account, or a bad md5, it is', async () => {
    // Several chunks: the server's md5 is fed chunk by chunk (RunningMd5), and must equal the file's.
    const bytes = randomBytes(2 * CHUNK + 1234);
    const hash = md5(bytes);
    const first = ports([`${server.url}/nos`]);
    const uploaded = await new FileUploader(first).upload({ type: 'file', file: new File([bytes], 'catalogue.pdf', { type: 'application/pdf' }), md5: hash });
    expect(first.sentBodyBytes()).toBe(bytes.length);

    const again = ports([`${server.url}/nos`]);
    const progress: number[] = [];
    const quick = await new FileUploader(again).upload({ type: 'file', file: new File([bytes], 'catalogue (copy).pdf', { type: 'application/pdf' }), md5: hash, onProgress: (p) => progress.push(p.percentage) });
    expect(again.sentBodyBytes()).toBe(0);
    expect(quick).toMatchObject({ url: uploaded.url, name: 'catalogue (copy).pdf', size: bytes.length, md5: hash });
    expect(progress).toEqual([100]);

    // Another account learns nothing from the md5.
    const other = await RawImClient.loggedIn(server.wsUrl, account('uc_other'));
    try {
      expect((await other.request('fileQuickTransfer', { md5: hash, size: bytes.length })).code).toBe(404);
    } finally {
      other.close();
    }
    expect((await client.request('fileQuickTransfer', { md5: 'not-an-md5', size: bytes.length })).code).toBe(414);

    // Under the server's threshold (256 KiB) the file goes up again.
    const small = randomBytes(100 * 1024);
    const smallPorts = ports([`${server.url}/nos`]);
    const smallFile = () => new File([small], 'label.png', { type: 'image/png' });
    await new FileUploader(smallPorts).upload({ type: 'file', file: smallFile(), md5: md5(small) });
    await new FileUploader(smallPorts).upload({ type: 'file', file: smallFile(), md5: md5(small) });
    expect(smallPorts.sentBodyBytes()).toBe(2 * small.length);
  });
});
