import pg from 'pg';
import { MemoryStore } from '@merchant/im-core';
import { imCoreClient, sleep } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/**
 * A message whose transaction commits seconds after it was stamped (PostgreSQL only: on PGlite
 * every query waits for the open transaction, so a sync cannot run beside a slow commit and the
 * case cannot arise; jest.int.config.cjs leaves this file out without DATABASE_URL).
 * A trigger sleeps inside the INSERT of one marked message: the real database holds the commit.
 */
describe('sync cursor with a slow commit (PostgreSQL)', () => {
  let started: StartedServer;
  let admin: pg.Client;
  const marker = account('slow-commit');
  const COMMIT_DELAY_S = 4;

  beforeAll(async () => {
    started = await startServer();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`
      create or replace function im.slow_commit_for_test() returns trigger language plpgsql as $$
      begin
        if new.text = '${marker}' then perform pg_sleep(${COMMIT_DELAY_S}); end if;
        return new;
      end $$`);
    await admin.query(`drop trigger if exists slow_commit_for_test on im.im_message`);
    await admin.query(`create trigger slow_commit_for_test before insert on im.im_message for each row execute function im.slow_commit_for_test()`);
  });
  afterAll(async () => {
    await admin?.query(`drop trigger if exists slow_commit_for_test on im.im_message`);
    await admin?.query(`drop function if exists im.slow_commit_for_test()`);
    await admin?.end();
    await started?.server.close();
  });

  it('a message committed 4 s after its time, with a sync in between, reaches the next sync', async () => {
    const receiver = account('slow_r');
    const sender = account('slow_s');
    const store = new MemoryStore();
    const syncOnce = async () => {
      const client = imCoreClient(started.url, receiver, { store });
      await client.connect();
      await client.destroy();
    };
    await syncOnce();

    const rawSender = await RawImClient.loggedIn(started.wsUrl, sender);
    const sentAt = Date.now();
    const slowSend = rawSender.request('sendMsg', { msg: { idClient: 'slow-1', scene: 0, to: receiver, type: 0, text: marker } }, 20_000);
    // More than the old 2 s overlap after the message was stamped, while its INSERT still sleeps.
    // fixed wait: a sync must run more than the old 2 s overlap after the message was stamped, while its INSERT still sleeps
    await sleep(2500);
    await syncOnce();
    expect(await store.getMessage('slow-1')).toBeUndefined();

    const answer = await slowSend;
    expect(answer.code).toBe(200);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(COMMIT_DELAY_S * 1000 - 100); // the commit really was late
    rawSender.close();
    await syncOnce();
    expect(await store.getMessage('slow-1')).toMatchObject({ text: marker, flow: 'in', status: 'success' });
  });
});
