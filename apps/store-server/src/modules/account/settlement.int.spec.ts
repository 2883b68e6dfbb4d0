import { randomUUID } from 'node:crypto';
import { PERMISSIONS, WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { ManualClock } from '../../testing/manual-clock';
import { CheckCodeService } from '../../shared/check-codes';
import { RateLimiter } from '../../shared/rate-limiter';
import { SettlementRepository } from './settlement.repository';
import { SETTLEMENT_CARD_OPERATION, SettlementService } from './settlement.service';

// Issue 26 §2, the settlement account, against the real server and database: shown masked, changed only with the
// caller's pay password and a check code sent to the store's mobile, once per submit, logged, and pausing withdrawals.
const USER = '/v1/store/eshop/store/user';
const QUERY = '/v1/store/eshop/bank/ftEspStoreBankCardAdmin/queryStoreBankCard';
const CHANGE = `${USER}/updateStoreBankCard`;
const SEND = `${USER}/sendUpdateBankCardCheckCode`;
const OK = '00000000';
const DEMO_MOBILE = '13800001001';
const PAY_PASSWORD = '246810';
const NEW_CARD = { bankCode: 'CMB', cardNumber: '6217 0000 0011 2233 444', accountName: 'Demo Merchant Co., Ltd.', branchName: 'Pudong Branch' };

const START_MS = Date.parse('2026-12-01T08:00:00Z');
const clock = new ManualClock(START_MS);
let h: TestHarness;

beforeAll(async () => {
  h = await startTestServer({ clock });
});
afterAll(() => h.close());
beforeEach(async () => {
  // Each test starts at the same moment, so reset restores the seed's copy instead of seeding afresh.
  clock.setTime(START_MS);
  await h.reset();
  // One code a minute per mobile: every test starts past the last one's window.
  clock.advanceSeconds(3600);
});

const card = () => h.database.db.selectFrom('store_bank_card').selectAll().where('store_id', '=', 1001).executeTakeFirstOrThrow();
const changes = () => h.database.db.selectFrom('store_bank_card_change').selectAll().orderBy('id').execute();

/** The owner of the demo store with a pay password set, as a merchant does it (a code to the store's mobile). */
async function ownerWithPayPassword(): Promise<string> {
  const token = await h.login('demo_merchant', 'Demo12345');
  expect((await h.call('/v1/store/pay/user/sendInitPayPasswordCheckCode', {}, token)).code).toBe(OK);
  const code = await h.lastCheckCode(DEMO_MOBILE);
  expect((await h.call('/v1/store/pay/user/initPayPassword', { payPassword: PAY_PASSWORD, checkCode: code }, token)).code).toBe(OK);
  clock.advanceSeconds(61);
  return token;
}

async function sendChangeCode(token: string): Promise<string> {
  const sent = await h.call<{ mobile: string }>(SEND, {}, token);
  expect(sent.code).toBe(OK);
  expect(sent.data.mobile).toBe('138****1001');
  return h.lastCheckCode(DEMO_MOBILE);
}

describe('settlement account', () => {
  it("shows the demo store's card masked with its bank, and no pause", async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const shown = await h.call(QUERY, {}, token);
    expect(shown.code).toBe(OK);
    expect(shown.data).toEqual({
      card: {
        bankCode: 'ICBC',
        bankName: 'Industrial and Commercial Bank of China',
        cardNumber: '***************4482',
        accountName: 'Demo Merchant Co., Ltd.',
        branchName: 'Shanghai Huangpu Branch',
        updateTime: expect.any(Number),
      },
      withdrawalPausedUntil: null,
      mobile: '138****1001',
    });
    expect(JSON.stringify(shown.data)).not.toContain('6222021001122334482');
  });

  it('changes the card with the pay password and the code: masked answer, the pause for 24 hours, the log with the session', async () => {
    const token = await ownerWithPayPassword();
    const code = await sendChangeCode(token);
    const changedAt = clock.now();
    const changed = await h.call<{ card: { cardNumber: string; bankName: string }; withdrawalPausedUntil: number }>(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code }, token);
    expect(changed.code).toBe(OK);
    expect(changed.data.card).toMatchObject({ bankCode: 'CMB', bankName: 'China Merchants Bank', cardNumber: '***************3444', accountName: NEW_CARD.accountName, branchName: 'Pudong Branch' });
    const pausedUntil = Math.floor(changedAt.getTime() / 1000) + WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS;
    expect(changed.data.withdrawalPausedUntil).toBe(pausedUntil);
    expect((await h.call(QUERY, {}, token)).data).toEqual(changed.data);
    expect(await card()).toMatchObject({ bank_code: 'CMB', card_number: '6217000000112233444', withdrawals_paused_until: new Date(pausedUntil * 1000) });

    const [change] = await changes();
    const session = await h.database.db.selectFrom('store_access_token').select(['id', 'user_id', 'device']).where('token_hash', '=', change.session_token_hash).executeTakeFirstOrThrow();
    const owner = await h.database.db.selectFrom('store_user').select('id').where('username', '=', 'demo_merchant').executeTakeFirstOrThrow();
    expect(session.user_id).toBe(owner.id);
    expect(change).toMatchObject({
      store_id: 1001,
      user_id: owner.id,
      previous_card: { bankCode: 'ICBC', cardNumber: '***************4482', accountName: 'Demo Merchant Co., Ltd.', branchName: 'Shanghai Huangpu Branch' },
      new_card: { bankCode: 'CMB', cardNumber: '***************3444', accountName: NEW_CARD.accountName, branchName: 'Pudong Branch' },
      changed_at: changedAt,
    });
    const log = await h.database.db.selectFrom('store_operation_log').selectAll().where('id', '=', change.operation_log_id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ store_id: 1001, user_id: owner.id, operation_type: SETTLEMENT_CARD_OPERATION, operation_start_time: changedAt, session_id: session.id, device: session.device });

    // The pause ends after 24 hours: the screen then shows none.
    clock.advanceSeconds(WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS - 1);
    expect((await h.call<{ withdrawalPausedUntil: number | null }>(QUERY, {}, token)).data.withdrawalPausedUntil).toBe(pausedUntil);
    clock.advanceSeconds(1);
    expect((await h.call<{ withdrawalPausedUntil: number | null }>(QUERY, {}, token)).data.withdrawalPausedUntil).toBeNull();
  });

  it('changes nothing for a wrong pay password (the code stays usable) or a wrong code, and says why', async () => {
    const token = await ownerWithPayPassword();
    const before = await card();
    const code = await sendChangeCode(token);
    const wrongPassword = await h.call(CHANGE, { ...NEW_CARD, payPassword: '135790', checkCode: code }, token);
    expect(wrongPassword).toMatchObject({ code: '10105001', msg: 'the pay password is wrong' });
    const wrongCode = await h.call(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code === '000000' ? '111111' : '000000' }, token);
    expect(wrongCode.code).toBe('10104001');
    const unknownBank = await h.call(CHANGE, { ...NEW_CARD, bankCode: 'NOPE', payPassword: PAY_PASSWORD, checkCode: code }, token);
    expect(unknownBank.msg).toBe('bankCode is not a supported bank');
    const badNumber = await h.call(CHANGE, { ...NEW_CARD, cardNumber: '6217000000112233445', payPassword: PAY_PASSWORD, checkCode: code }, token);
    expect(badNumber.code).toBe('10100001');
    expect(badNumber.msg).toContain('not a valid card number');
    expect(await card()).toEqual(before);
    expect(await changes()).toEqual([]);
    // None of them spent the code: the right password with it still changes the card.
    expect((await h.call(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code }, token)).code).toBe(OK);
    expect((await card()).bank_code).toBe('CMB');
  });

  it("says it in Chinese for a merchant reading Chinese, the banks' names too", async () => {
    const token = await ownerWithPayPassword();
    const code = await sendChangeCode(token);
    const zh = h.client(token, 'none', 'zh-CN');
    try {
      const refused = await zh.request(CHANGE, { ...NEW_CARD, payPassword: '135790', checkCode: code, idempotencyKey: randomUUID() }, { silent: true, acceptCodes: ['10105001'] });
      expect(refused).toMatchObject({ code: '10105001', msg: '支付密码错误' });
      // The banks, and the bound card's bank, are named in the caller's language (migration 0025).
      const banks = await zh.request<{ list: Array<{ bankCode: string; bankName: string }> }>('/v1/store/pay/bank/queryBankList', {});
      expect(banks.data.list.find((bank) => bank.bankCode === 'ICBC')?.bankName).toBe('中国工商银行');
      expect((await zh.request(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code, idempotencyKey: randomUUID() })).data).toMatchObject({ card: { bankName: '招商银行' } });
      expect((await zh.request(QUERY, {})).data).toMatchObject({ card: { bankName: '招商银行' } });
      expect((await h.call(QUERY, {}, token)).data).toMatchObject({ card: { bankName: 'China Merchants Bank' } });
    } finally {
      zh.dispose();
    }
  });

  it('changes once for a double submit (one idempotency key), and a later submit needs a new code', async () => {
    const token = await ownerWithPayPassword();
    const code = await sendChangeCode(token);
    const biz = { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code, idempotencyKey: randomUUID() };
    const [first, second] = await Promise.all([h.call(CHANGE, biz, token), h.call(CHANGE, biz, token)]);
    expect(first.code).toBe(OK);
    expect(second).toEqual(first);
    expect(await changes()).toHaveLength(1);
    const again = await h.call(CHANGE, { ...biz, branchName: 'Another Branch', idempotencyKey: randomUUID() }, token);
    expect(again.code).toBe('10104001');
    expect(await changes()).toHaveLength(1);
  });

  it('binds a first card without a pause; a change of the branch alone keeps the pause as it was', async () => {
    const token = await ownerWithPayPassword();
    await h.database.db.deleteFrom('store_bank_card').where('store_id', '=', 1001).execute();
    expect((await h.call(QUERY, {}, token)).data).toMatchObject({ card: null, withdrawalPausedUntil: null });
    const bound = await h.call<{ withdrawalPausedUntil: number | null }>(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: await sendChangeCode(token) }, token);
    expect(bound.code).toBe(OK);
    expect(bound.data.withdrawalPausedUntil).toBeNull();
    expect((await changes())[0].previous_card).toBeNull();
    clock.advanceSeconds(61);
    const branch = await h.call<{ withdrawalPausedUntil: number | null }>(CHANGE, { ...NEW_CARD, branchName: 'Lujiazui Branch', payPassword: PAY_PASSWORD, checkCode: await sendChangeCode(token) }, token);
    expect(branch.data.withdrawalPausedUntil).toBeNull();
    expect(await changes()).toHaveLength(2);
  });

  it('refuses a staff member without account:edit and one without a pay password; nothing changes', async () => {
    const before = await card();
    const staff = await h.login('demo_staff', 'Demo12345');
    // demo_staff holds account:edit but cannot hold a pay password (no pay:password): refused by the pay check.
    const code = await sendChangeCode(staff);
    const noPayPassword = await h.call(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code }, staff);
    expect(noPayPassword).toMatchObject({ code: '10100005', msg: 'please set a pay password first' });
    await h.database.db
      .deleteFrom('store_role_permission')
      .where('permission_code', '=', PERMISSIONS.accountEdit)
      .where('role_id', 'in', h.database.db.selectFrom('store_role').select('id').where('store_id', '=', 1001))
      .execute();
    expect((await h.call(SEND, {}, staff)).code).toBe('10100003');
    expect((await h.call(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: code }, staff)).code).toBe('10100003');
    // The view needs shop:view only, which the staff member still holds.
    expect((await h.call(QUERY, {}, staff)).code).toBe(OK);
    expect(await card()).toEqual(before);
    expect(await changes()).toEqual([]);
  });

  it("sees and changes only the caller's own store", async () => {
    const other = await h.login('demo_service', 'Demo12345');
    expect((await h.call(QUERY, {}, other)).data).toEqual({ card: null, withdrawalPausedUntil: null, mobile: '138****1006' });
    // Its code goes to its own mobile; the demo store's code is no good for it.
    const owner = await ownerWithPayPassword();
    const demoCode = await sendChangeCode(owner);
    expect((await h.call(SEND, {}, other)).code).toBe(OK);
    const before = await card();
    const refused = await h.call(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: demoCode }, other);
    expect(refused.code).not.toBe(OK);
    expect(await card()).toEqual(before);
    expect(await h.database.db.selectFrom('store_bank_card').selectAll().where('store_id', '=', 1006).execute()).toEqual([]);
  });
});

describe('the withdrawal rule (issue 29 calls it)', () => {
  it('pays out to the bound card, refuses during the 24-hour pause after a change and without a card', async () => {
    const db = h.database.db;
    const settlement = new SettlementService(new SettlementRepository(db), new CheckCodeService(db, clock, new RateLimiter(db, clock), { deliver: async () => undefined }), { check: async () => undefined }, clock);
    expect(await settlement.withdrawalCard(1001)).toMatchObject({ bank_code: 'ICBC', card_number: '6222021001122334482' });
    const token = await ownerWithPayPassword();
    expect((await h.call(CHANGE, { ...NEW_CARD, payPassword: PAY_PASSWORD, checkCode: await sendChangeCode(token) }, token)).code).toBe(OK);
    await expect(settlement.withdrawalCard(1001)).rejects.toMatchObject({ code: '10100005' });
    clock.advanceSeconds(WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS);
    expect(await settlement.withdrawalCard(1001)).toMatchObject({ bank_code: 'CMB' });
    await expect(settlement.withdrawalCard(1006)).rejects.toMatchObject({ code: '10100005' });
  });
});
