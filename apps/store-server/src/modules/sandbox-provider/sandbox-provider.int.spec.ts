import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStoreServer, type StoreServer } from '../../server';
import { ManualClock } from '../../testing/manual-clock';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { sandboxProviderModule, SANDBOX_CALLBACK_PATH, SANDBOX_PAYMENTS_PATH, SANDBOX_REFUSALS, SandboxProviderClient, SandboxProviderError, signedHeaders } from '.';
import type { SandboxCallbackEvent } from './sandbox-provider.service';
import { verifySandboxSignature } from './sandbox-signature';

// The sandbox payment provider over real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL):
// settled transfers call back signed; a bad, missing or stale signature is refused and records nothing; a
// repeated event is harmless; a pending transfer survives a restart of store-server.
const SECRET = 'sandbox-int-spec-secret';
const DELAY_SECONDS = 60;

let database: TestDatabase;
const clock = new ManualClock(Date.now());
const servers: StoreServer[] = [];

async function startServer(): Promise<{ server: StoreServer; url: string; client: SandboxProviderClient }> {
  const server = await createStoreServer(
    { host: '127.0.0.1', port: 0, logLevel: 'silent', sandboxProviderSecret: SECRET, sandboxProviderDelayMs: DELAY_SECONDS * 1000 },
    { database, clock },
  );
  servers.push(server);
  const { url } = await server.listen();
  return { server, url, client: new SandboxProviderClient(() => url, SECRET, clock) };
}

/** A stand-in merchant endpoint: records each callback delivered to it, answering `status`. */
interface Recorder {
  url: string;
  deliveries: Array<{ headers: IncomingHttpHeaders; body: string }>;
  status: number;
  close(): Promise<void>;
}
async function startRecorder(): Promise<Recorder> {
  const recorder: Recorder = { url: '', deliveries: [], status: 200, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      recorder.deliveries.push({ headers: request.headers, body });
      response.writeHead(recorder.status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  recorder.close = () => new Promise((resolve) => server.close(() => resolve()));
  return recorder;
}

/** Waits for a condition the server reaches on its own (no fixed sleep); fails with `what` after 20 s. */
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // fixed wait: the poll interval of this deadline-bounded wait for the server's own timer
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const receipts = () => database.db.selectFrom('sandbox_provider_callback_receipt').selectAll().orderBy('event_id').execute();
const receiptOf = (eventId: string) => database.db.selectFrom('sandbox_provider_callback_receipt').selectAll().where('event_id', '=', eventId).executeTakeFirst();

function postCallback(url: string, body: string, headers: Record<string, string>) {
  return fetch(`${url}${SANDBOX_CALLBACK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const event = (overrides: Partial<SandboxCallbackEvent> = {}): SandboxCallbackEvent => ({
  eventId: 'sbx_pay_test.succeeded',
  transferId: 'sbx_pay_test',
  kind: 'payment',
  reference: 'topup-test',
  amountCents: 12_345,
  status: 'succeeded',
  failureReason: null,
  completedAt: clock.now().getTime(),
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase(clock);
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await database.close();
});

describe('sandbox payment provider', () => {
  it('settles a payment after its delay and calls store-server back, signed; the receipt records it once', async () => {
    const { url, client } = await startServer();
    const payment = await client.createPayment({ reference: 'topup-1', amountCents: 50_000 });
    expect([payment.status, payment.amountCents, payment.kind]).toEqual(['pending', 50_000, 'payment']);
    expect((await client.transfer(payment.transferId)).status).toBe('pending');

    clock.advanceSeconds(DELAY_SECONDS);
    await fetch(`${url}/healthz`); // any request: the poll runs on its own timer
    const receipt = await until('the payment callback', () => receiptOf(`${payment.transferId}.succeeded`));
    expect([receipt.reference, Number(receipt.amount_cents), receipt.status, receipt.kind]).toEqual(['topup-1', 50_000, 'succeeded', 'payment']);
    const settled = await until('the delivery mark', async () => {
      const row = await database.db.selectFrom('sandbox_provider_transfer').selectAll().where('id', '=', payment.transferId).executeTakeFirstOrThrow();
      return row.callback_delivered_at !== null && row;
    });
    expect(settled.callback_attempts).toBe(1);
    expect((await client.transfer(payment.transferId)).status).toBe('succeeded');
  });

  it('fails a payout to a card ending in 4 and a payment ending in 04 cents; other cards pay out', async () => {
    const { client } = await startServer();
    const failing = await client.createPayout({ reference: 'withdraw-fail', amountCents: 10_000, cardNo: '6222020200001234' });
    const paying = await client.createPayout({ reference: 'withdraw-ok', amountCents: 10_000, cardNo: '6222020200001235' });
    const declined = await client.createPayment({ reference: 'topup-declined', amountCents: 10_004 });
    clock.advanceSeconds(DELAY_SECONDS);
    expect((await until('the failed payout', () => receiptOf(`${failing.transferId}.failed`))).status).toBe('failed');
    expect((await until('the paid payout', () => receiptOf(`${paying.transferId}.succeeded`))).status).toBe('succeeded');
    expect((await until('the declined payment', () => receiptOf(`${declined.transferId}.failed`))).kind).toBe('payment');
    expect((await client.transfer(failing.transferId)).failureReason).toBe('card rejected by the receiving bank');
  });

  it('answers a repeated reference with the first transfer and refuses one with other parameters', async () => {
    const { client } = await startServer();
    const first = await client.createPayment({ reference: 'topup-repeat', amountCents: 7_000 });
    expect((await client.createPayment({ reference: 'topup-repeat', amountCents: 7_000 })).transferId).toBe(first.transferId);
    const refused = await client.createPayment({ reference: 'topup-repeat', amountCents: 7_001 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SandboxProviderError);
    expect([(refused as SandboxProviderError).httpStatus, (refused as SandboxProviderError).code]).toEqual([409, SANDBOX_REFUSALS.referenceReused]);
    const rows = await database.db.selectFrom('sandbox_provider_transfer').select('id').where('reference', '=', 'topup-repeat').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an unsigned, a wrongly signed and a stale callback, and records nothing', async () => {
    const { url } = await startServer();
    const before = await receipts();
    const body = JSON.stringify(event({ eventId: 'sbx_pay_forged.succeeded' }));
    const unsigned = await postCallback(url, body, {});
    expect([unsigned.status, (await unsigned.json()).code]).toEqual([401, SANDBOX_REFUSALS.signatureMissing]);
    const wrong = await postCallback(url, body, signedHeaders('not-the-secret', clock.now().getTime(), body));
    expect([wrong.status, (await wrong.json()).code]).toEqual([401, SANDBOX_REFUSALS.signatureInvalid]);
    // Signed with the right secret for another body: the amount was changed on the way.
    const tampered = await postCallback(url, body.replace('12345', '99999'), signedHeaders(SECRET, clock.now().getTime(), body));
    expect([tampered.status, (await tampered.json()).code]).toEqual([401, SANDBOX_REFUSALS.signatureInvalid]);
    const stale = await postCallback(url, body, signedHeaders(SECRET, clock.now().getTime() - 301_000, body));
    expect([stale.status, (await stale.json()).code]).toEqual([401, SANDBOX_REFUSALS.timestampOutsideWindow]);
    const notAnEvent = await postCallback(url, '{"eventId":1}', signedHeaders(SECRET, clock.now().getTime(), '{"eventId":1}'));
    expect([notAnEvent.status, (await notAnEvent.json()).code]).toEqual([400, SANDBOX_REFUSALS.bodyInvalid]);
    expect(await receipts()).toEqual(before);
  });

  it('accepts a signed callback once: a repeat answers duplicate and runs the outcome handler no second time', async () => {
    const { url } = await startServer();
    const body = JSON.stringify(event({ eventId: 'sbx_pay_repeat.succeeded', transferId: 'sbx_pay_repeat' }));
    const first = await postCallback(url, body, signedHeaders(SECRET, clock.now().getTime(), body));
    expect([first.status, await first.json()]).toEqual([200, { received: true, duplicate: false, eventId: 'sbx_pay_repeat.succeeded' }]);
    const count = (await receipts()).length;
    const again = await postCallback(url, body, signedHeaders(SECRET, clock.now().getTime(), body));
    expect([again.status, (await again.json()).duplicate]).toEqual([200, true]);
    expect(await receipts()).toHaveLength(count);

    // The handler a module registers (the ledger's) runs in the receipt's transaction, once per event.
    const module = sandboxProviderModule({ db: database.db, clock, secret: SECRET, delayMs: 0 });
    const handled: string[] = [];
    module.callbacks.on('payout', async (outcome) => void handled.push(outcome.eventId));
    const payout = JSON.stringify(event({ eventId: 'sbx_out_x.failed', transferId: 'sbx_out_x', kind: 'payout', status: 'failed', failureReason: 'card rejected' }));
    for (let i = 0; i < 3; i++) expect((await module.callbacks.receive(signedHeaders(SECRET, clock.now().getTime(), payout), payout)).httpStatus).toBe(200);
    expect(handled).toEqual(['sbx_out_x.failed']);

    // A handler that throws rolls its receipt back: the provider's next delivery runs it again.
    const failingOnce = sandboxProviderModule({ db: database.db, clock, secret: SECRET, delayMs: 0 });
    let calls = 0;
    failingOnce.callbacks.on('payment', async () => {
      calls += 1;
      if (calls === 1) throw new Error('ledger busy');
    });
    const topUp = JSON.stringify(event({ eventId: 'sbx_pay_retry.succeeded', transferId: 'sbx_pay_retry' }));
    await expect(failingOnce.callbacks.receive(signedHeaders(SECRET, clock.now().getTime(), topUp), topUp)).rejects.toThrow('ledger busy');
    expect(await receiptOf('sbx_pay_retry.succeeded')).toBeUndefined();
    expect((await failingOnce.callbacks.receive(signedHeaders(SECRET, clock.now().getTime(), topUp), topUp)).body).toMatchObject({ duplicate: false });
    expect(calls).toBe(2);
  });

  it('keeps a pending payment through a restart, then settles it and retries its callback until it is taken', async () => {
    const recorder = await startRecorder();
    try {
      const first = await startServer();
      const created = await fetch(`${first.url}${SANDBOX_PAYMENTS_PATH}`, {
        method: 'POST',
        headers: signedHeaders(SECRET, clock.now().getTime(), JSON.stringify({ reference: 'topup-restart', amountCents: 30_000, callbackUrl: recorder.url })),
        body: JSON.stringify({ reference: 'topup-restart', amountCents: 30_000, callbackUrl: recorder.url }),
      });
      expect(created.status).toBe(201);
      const { transferId } = (await created.json()) as { transferId: string };
      for (const server of servers.splice(0)) await server.close();

      recorder.status = 503; // the merchant is down at first
      await startServer();
      clock.advanceSeconds(DELAY_SECONDS);
      await until('a first, refused delivery', async () => recorder.deliveries.length >= 1);
      recorder.status = 200;
      clock.advanceSeconds(60);
      await until('the delivery mark', async () => {
        const row = await database.db.selectFrom('sandbox_provider_transfer').select('callback_delivered_at').where('id', '=', transferId).executeTakeFirstOrThrow();
        return row.callback_delivered_at !== null;
      });
      const last = recorder.deliveries[recorder.deliveries.length - 1];
      expect(verifySandboxSignature(SECRET, last.headers, last.body, clock.now().getTime())).toBeNull();
      expect(JSON.parse(last.body)).toMatchObject({ eventId: `${transferId}.succeeded`, reference: 'topup-restart', amountCents: 30_000, status: 'succeeded' });
      expect(new Set(recorder.deliveries.map((d) => JSON.parse(d.body).eventId))).toEqual(new Set([`${transferId}.succeeded`]));
    } finally {
      await recorder.close();
    }
  });
});
