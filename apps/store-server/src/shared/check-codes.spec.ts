import { KyselySessionStore } from '../db/session-store';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ManualClock } from '../testing/manual-clock';
import { CaptchaService } from './captcha';
import { CHECK_CODE_TTL_SECONDS, CheckCodeService, type CheckCodeMessage } from './check-codes';
import { RateLimiter } from './rate-limiter';
import { STORE_CODES } from './store-error';

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
    await codes.send('register', '13900000009');
    expect(delivered).toHaveLength(1);
    expect(delivered[0].code).toMatch(/^\d{6}$/);
    const rows = await database.db.selectFrom('store_check_code').selectAll().execute();
    expect(rows[0].code_hash).not.toContain(delivered[0].code);
  });

  it('throttles a target to one code per 60 s, across purposes, then allows again', async () => {
    await codes.send('register', '13900000009');
    await expect(codes.send('login', '13900000009')).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent });
    await expect(codes.send('register', '13900000008')).resolves.toBeDefined(); // another target is independent
    clock.advanceSeconds(61);
    await expect(codes.send('register', '13900000009')).resolves.toBeDefined();
  });

  it('limits a target to 10 codes per hour', async () => {
    for (let i = 0; i < 10; i++) {
      await codes.send('login', '13900000007');
      clock.advanceSeconds(61);
    }
    await expect(codes.send('login', '13900000007')).rejects.toMatchObject({ code: STORE_CODES.checkCodeTooFrequent });
  });

  it('accepts a code once, for its own purpose and target, before it expires', async () => {
    await codes.send('register', '13900000009');
    const { code } = delivered[0];
    await expect(codes.verify('login', '13900000009', code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
    await expect(codes.verify('register', '13900000001', code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
    await codes.verify('register', '13900000009', code);
    await expect(codes.verify('register', '13900000009', code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });
  });

  it('expires codes and kills them after 5 wrong guesses', async () => {
    await codes.send('register', '13900000009');
    clock.advanceSeconds(CHECK_CODE_TTL_SECONDS + 1);
    await expect(codes.verify('register', '13900000009', delivered[0].code)).rejects.toMatchObject({ code: STORE_CODES.wrongCheckCode });

    clock.advanceSeconds(61);
    await codes.send('register', '13900000009');
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
