import { KyselySessionStore } from '../db/session-store';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ManualClock } from '../testing/manual-clock';
import { CaptchaService } from './captcha';
import { CHECK_CODE_ADDRESS_SEND_LIMIT, CHECK_CODE_STORE_SEND_LIMIT, CHECK_CODE_TTL_SECONDS, CheckCodeService, type CheckCodeMessage } from './check-codes';
import { RateLimiter } from './rate-limiter';
import { STORE_CODES } from './store-error';

const A_STORE = { storeId: 1001 };

describe('database-backed check codes, rate limits, captchas and sessions', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let delivered: CheckCodeMessage[];
  let codes: CheckCodeService;
  let limiter: RateLimiter;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.reset();
    clock = new ManualClock();
    delivered = [];
    limiter = new RateLimiter(database.db, clock);
    codes = new CheckCodeService(database.db, clock, limiter, { deliver: async (m) => void delivered.push(m) });
  });

  it('delivers a 6-digit code and stores only its hash', async () => {
    await codes.send('register', '13900000009', A_STORE);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].code).toMatch(/^\d{6}$/);
    const rows = await database.db.selectFrom('store_check_code').selectAll().execute();
    expect(rows[0].code_hash).not.toContain(delivered[0].code);
  });

  it('throttles a target to one code per 60 s, across purposes, then allows again', async () => {
    await codes.send('register', '13900000009', A_STORE);
    await expect(codes.send('login', '13900000009', A_STORE)).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent });
    await expect(codes.send('register', '13900000008', A_STORE)).resolves.toBeDefined(); // another target is independent
    clock.advanceSeconds(61);
    await expect(codes.send('register', '13900000009', A_STORE)).resolves.toBeDefined();
  });

  it('limits a target to 10 codes per hour', async () => {
    for (let i = 0; i < 10; i++) {
      await codes.send('login', '13900000007', A_STORE);
      clock.advanceSeconds(61);
    }
    await expect(codes.send('login', '13900000007', A_STORE)).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent });
  });

  it('limits a store to 20 codes per hour across its numbers (issue 34 §5); a refused send counts against no number', async () => {
    for (let i = 0; i < CHECK_CODE_STORE_SEND_LIMIT.max; i++) await codes.send('update-mobile', `1390000${String(i).padStart(4, '0')}`, A_STORE);
    const refused = codes.send('update-mobile', '13911112222', A_STORE);
    await expect(refused).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent, errInfo: { retryAfterSeconds: expect.any(Number) } });
    expect(delivered).toHaveLength(CHECK_CODE_STORE_SEND_LIMIT.max);
    // Another store is not affected, and the refused number was not counted: it may be sent for that store at once.
    await expect(codes.send('login', '13911112222', { storeId: 1002 })).resolves.toBeDefined();
    clock.advanceSeconds(CHECK_CODE_STORE_SEND_LIMIT.windowSeconds + 1);
    await expect(codes.send('update-mobile', '13911113333', A_STORE)).resolves.toBeDefined();
  });

  it('limits sends before sign-up per client address (20 per hour), whatever the numbers', async () => {
    const address = { clientAddress: '203.0.113.7' };
    for (let i = 0; i < CHECK_CODE_ADDRESS_SEND_LIMIT.max; i++) await codes.send('register', `1380000${String(i).padStart(4, '0')}`, address);
    await expect(codes.send('register', '13811112222', address)).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent });
    await expect(codes.send('register', '13811112222', { clientAddress: '203.0.113.8' })).resolves.toBeDefined();
    const counted = await database.db.selectFrom('store_rate_event').select('subject').where('bucket', '=', CHECK_CODE_ADDRESS_SEND_LIMIT.bucket).execute();
    expect(new Set(counted.map((row) => row.subject))).toEqual(new Set(['address:203.0.113.7', 'address:203.0.113.8']));
  });

  it('counts a number the same however it is written (case and spaces: an e-mail address as a target)', async () => {
    await codes.send('update-email', 'Owner@Example.com', A_STORE);
    await expect(codes.send('update-email', ' owner@example.com ', A_STORE)).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent });
  });

  it('accepts a code once, for its own purpose and target, before it expires', async () => {
    await codes.send('register', '13900000009', A_STORE);
    const { code } = delivered[0];
    await expect(codes.verify('login', '13900000009', code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
    await expect(codes.verify('register', '13900000001', code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
    await codes.verify('register', '13900000009', code);
    await expect(codes.verify('register', '13900000009', code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
  });

  it('expires codes and kills them after 5 wrong guesses', async () => {
    await codes.send('register', '13900000009', A_STORE);
    clock.advanceSeconds(CHECK_CODE_TTL_SECONDS + 1);
    await expect(codes.verify('register', '13900000009', delivered[0].code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });

    clock.advanceSeconds(61);
    await codes.send('register', '13900000009', A_STORE);
    const right = delivered[1].code;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expect(codes.verify('register', '13900000009', wrong)).rejects.toBeDefined();
    await expect(codes.verify('register', '13900000009', right)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
  });

  it('a second limiter instance on the same database sees the same counts', async () => {
    const limit = { bucket: 'demo', max: 2, windowSeconds: 60 };
    const other = new RateLimiter(database.db, clock);
    expect(await limiter.tryConsume([limit], 'x')).toBe(0);
    expect(await other.tryConsume([limit], 'x')).toBe(0);
    expect(await limiter.tryConsume([limit], 'x')).toBeGreaterThan(0);
    expect(await other.count(limit, 'x')).toBe(2);
  });

  it('captchas: one attempt, expire after 2 minutes', async () => {
    const captcha = new CaptchaService(database.db, clock);
    const first = await captcha.issue();
    const answer = (await captcha.peekAnswer(first.key))!;
    clock.advanceSeconds(121);
    await expect(captcha.check(first.key, answer)).rejects.toMatchObject({ code: STORE_CODES.wrongCaptcha });
    const second = await captcha.issue();
    await captcha.check(second.key, (await captcha.peekAnswer(second.key))!.toUpperCase());
    expect(await captcha.consumeVerified(second.key)).toBe(true);
    expect(await captcha.consumeVerified(second.key)).toBe(false);
  });

  it('session store: survives a new instance, refuses a replayed nonce, deletes cleanly', async () => {
    const store = new KyselySessionStore(database.db, clock);
    const record = { sessionKey: 'k1', createdAt: 1, renewTime: 2_000_000_000, expireTime: 2_000_000_100, aesPassword: 'c2VjcmV0' };
    await store.save(record);
    const restarted = new KyselySessionStore(database.db, clock);
    expect(await restarted.get('k1')).toEqual(record);
    expect(await store.claimNonce('k1', 'n1', 2_000_000_000)).toBe(true);
    expect(await restarted.claimNonce('k1', 'n1', 2_000_000_000)).toBe(false);
    expect(await restarted.claimNonce('k1', 'n2', 2_000_000_000)).toBe(true);
    await restarted.delete('k1');
    expect(await store.get('k1')).toBeUndefined();
    expect(await store.claimNonce('k1', 'n1', 2_000_000_000)).toBe(true);
  });
});
