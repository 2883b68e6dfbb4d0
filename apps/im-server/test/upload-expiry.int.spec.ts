// The expiry sweeper (issue 13, §5 nosSurvivalTime; docs/im-upload.md "Expiry"): objects past their
// survival time, and uploads never finished whose token can no longer write, lose their bytes, rows
// and access tokens; objects without a limit stay. A real server whose clock the test moves.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { startS3, type StartedS3 } from './support/s3-server';
import { account, makeDataDir, startServer, type StartedServer } from './support/test-server';
import { md5, nosToken, pngBytes, putChunk, uploadWhole } from './support/upload-http';

const DAY_S = 86_400;

describe('expiry sweeper, local folder (issue 13)', () => {
  const data = makeDataDir();
  const objectDir = join(data.dataDir, 'objects');
  let server: StartedServer;
  let clock = Date.now();
  const clients: RawImClient[] = [];

  beforeAll(async () => {
    server = await startServer({ objectDir, now: () => clock, uploadSweepIntervalMs: 50 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.server.close();
    data.remove();
  });

  it('removes the bytes, row and access tokens of an object past nosSurvivalTime and of an abandoned upload; an object without a limit stays', async () => {
    const client = await RawImClient.loggedIn(server.wsUrl, account('sweep_local'));
    clients.push(client);
    const start = clock;
    const keptFile = pngBytes(1000);
    const kept = await uploadWhole(server, client, keptFile);
    const expiring = await uploadWhole(server, client, pngBytes(1000), { nosSurvivalTime: DAY_S, nosScene: 'private' });
    const access = await client.request('getNosAccessToken', { url: expiring.url });
    expect(access.code).toBe(200);
    const abandoned = await nosToken(client, 2000);
    expect((await putChunk(server, abandoned, 0, randomBytes(1000))).status).toBe(200);
    const fileOf = (token: { bucket: string; objectName: string }) => join(objectDir, token.bucket, token.objectName);
    expect([kept, expiring].every(({ token }) => existsSync(fileOf(token)))).toBe(true);
    expect(existsSync(fileOf(abandoned))).toBe(true);

    clock = start + DAY_S * 1000 + 1;
    await waitFor(() => !existsSync(fileOf(expiring.token)) && !existsSync(fileOf(abandoned)), 10_000, 'the expired bytes removed');
    expect(existsSync(fileOf(kept.token))).toBe(true);
    expect(md5(new Uint8Array(await (await fetch(kept.url)).arrayBuffer()))).toBe(md5(keptFile));

    // Back before the expiry: a row left behind would be served again (or fail to read); it is gone.
    clock = start;
    expect((await fetch(`${expiring.url}?token=${access.body.token}`)).status).toBe(404);
    expect((await client.request('getNosAccessToken', { url: expiring.url })).code).toBe(404);
  });
});

describe('expiry sweeper, S3 (issue 13)', () => {
  let s3: StartedS3;
  let server: StartedServer;
  let inspect: S3Client;
  let clock = Date.now();
  const clients: RawImClient[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    server = await startServer({ s3: s3.config, now: () => clock, uploadSweepIntervalMs: 50 });
    inspect = new S3Client({ endpoint: s3.config.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    inspect?.destroy();
    await server?.server.close();
    await s3?.close();
  });

  it('deletes an expired object from the bucket and keeps one without a limit', async () => {
    const client = await RawImClient.loggedIn(server.wsUrl, account('sweep_s3'));
    clients.push(client);
    const kept = await uploadWhole(server, client, pngBytes(1000));
    const expiring = await uploadWhole(server, client, pngBytes(1000), { nosSurvivalTime: DAY_S });
    const keys = async () => ((await inspect.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }))).Contents ?? []).map((item) => item.Key);
    const keyOf = ({ token }: { token: { bucket: string; objectName: string } }) => `${token.bucket}/${token.objectName}`;
    expect(await keys()).toEqual(expect.arrayContaining([keyOf(kept), keyOf(expiring)]));

    clock += DAY_S * 1000 + 1;
    await waitFor(async () => !(await keys()).includes(keyOf(expiring)), 10_000, 'the expired object deleted from the bucket');
    expect(await keys()).toContain(keyOf(kept));
    expect((await fetch(kept.url)).status).toBe(200);
  });
});
