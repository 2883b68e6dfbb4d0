// Issue 26 §3 (accountInfo/detail): a user's own recent sign-ins from the operation log and live sessions,
// "sign out everywhere else"; §5: a pay-password check remembered on the session that made it.
import { sessionEndpoints } from '@merchant/api-contracts';
import type { Clock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const TOKEN_INVALID = '10302006';
const USER = '/v1/store/eshop/store/user';
const PAY = '/v1/store/pay/user';
const { querySignInRecords, queryActiveSessions, signOutOtherSessions } = sessionEndpoints;

interface Session {
  sessionId: number;
  device: string;
  signedInAt: number;
  expiresAt: number;
  current: boolean;
}
interface SignIn {
  operationType: 'USER_LOGIN' | 'USER_LOGOUT';
  time: number;
  device: string;
  current: boolean;
}

describe('sign-ins and sessions (issue 26 §3)', () => {
  let h: TestHarness;
  const START_MS = Date.parse('2026-12-01T08:00:00Z');
  let nowMs = START_MS;
  const clock: Clock = { now: () => new Date(nowMs) };
  const later = (minutes: number) => {
    nowMs += minutes * 60_000;
  };
  beforeAll(async () => {
    h = await startTestServer({ clock });
  });
  afterAll(() => h.close());
  // Each test starts at the same moment, so reset restores the seed's copy instead of seeding afresh.
  beforeEach(async () => {
    nowMs = START_MS;
    await h.reset();
    later(60);
  });

  const sessions = async (token: string) => {
    const answer = await h.call<{ list: Session[] }>(queryActiveSessions.path, {}, token);
    expect(answer.code).toBe(OK);
    return answer.data.list;
  };
  const signIns = async (token: string) => {
    const answer = await h.call<{ list: SignIn[] }>(querySignInRecords.path, {}, token);
    expect(answer.code).toBe(OK);
    return answer.data.list;
  };
  /** The harness signs in with Node's fetch, whose User-Agent label is 'node'; the seed's demo devices are browsers. */
  const ours = <T extends { device: string }>(list: T[]) => list.filter((entry) => entry.device === 'node');
  const works = async (token: string) => (await h.call(`${USER}/getUserByToken`, { token }, token)).code;

  it('lists the caller’s own live sessions, newest first, marking this one, with the device label', async () => {
    const first = await h.login('demo_merchant', 'Demo12345');
    later(1);
    const second = await h.login('demo_merchant', 'Demo12345');
    const list = ours(await sessions(first));
    expect(list).toHaveLength(2);
    expect(list.map((session) => session.current)).toEqual([false, true]);
    expect(list[0].signedInAt - list[1].signedInAt).toBe(60);
    expect(list[0].expiresAt - list[0].signedInAt).toBe(7 * 24 * 60 * 60);
    // The harness is Node's fetch: its User-Agent is 'node' (device-label.spec.ts covers browsers).
    expect(list.map((session) => session.device)).toEqual(['node', 'node']);
    expect(ours(await sessions(second)).map((session) => session.current)).toEqual([true, false]);
  });

  it('the demo owner also has the seeded phone session and yesterday’s sign-in and sign-out (npm start demo data)', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const phone = (await sessions(token)).filter((session) => session.device === 'Safari on iOS');
    expect(phone).toEqual([expect.objectContaining({ current: false })]);
    expect((await sessions(token)).some((session) => session.device === 'Chrome on Windows')).toBe(false); // signed out
    const history = (await signIns(token)).filter((event) => event.device !== 'node');
    expect(history.map((event) => [event.operationType, event.device])).toEqual([
      ['USER_LOGIN', 'Safari on iOS'],
      ['USER_LOGOUT', 'Chrome on Windows'],
      ['USER_LOGIN', 'Chrome on Windows'],
    ]);
  });

  it('sign out everywhere else: the other session’s token is refused, this one still works; repeating it ends nothing more', async () => {
    const here = await h.login('demo_merchant', 'Demo12345');
    const elsewhere = await h.login('demo_merchant', 'Demo12345');
    const answer = await h.call<{ signedOut: number }>(signOutOtherSessions.path, {}, here);
    expect(answer).toMatchObject({ code: OK, data: { signedOut: 2 } }); // `elsewhere` and the seeded phone
    expect(await works(elsewhere)).toBe(TOKEN_INVALID);
    expect((await h.call(queryActiveSessions.path, {}, elsewhere)).code).toBe(TOKEN_INVALID);
    expect(await works(here)).toBe(OK);
    expect((await sessions(here)).map((session) => session.current)).toEqual([true]);

    const again = await h.call<{ signedOut: number }>(signOutOtherSessions.path, {}, here);
    expect(again).toMatchObject({ code: OK, data: { signedOut: 0 } });
    expect(await works(here)).toBe(OK);
  });

  it('ends only the caller’s sessions: the same store’s staff and another store keep theirs and never see the caller’s', async () => {
    const owner = await h.login('demo_merchant', 'Demo12345');
    const ownerElsewhere = await h.login('demo_merchant', 'Demo12345');
    const staff = await h.login('demo_staff', 'Demo12345');
    const otherStore = await h.login('demo_service', 'Demo12345');

    expect(await sessions(staff)).toHaveLength(1);
    expect(await sessions(otherStore)).toHaveLength(1);
    expect((await signIns(staff)).map((event) => event.operationType)).toEqual(['USER_LOGIN']);

    // The staff member's own "everywhere else" ends nothing of the owner's.
    expect((await h.call<{ signedOut: number }>(signOutOtherSessions.path, {}, staff)).data.signedOut).toBe(0);
    expect(await works(ownerElsewhere)).toBe(OK);

    expect((await h.call<{ signedOut: number }>(signOutOtherSessions.path, {}, owner)).data.signedOut).toBe(2); // with the seeded phone
    expect(await works(staff)).toBe(OK);
    expect(await works(otherStore)).toBe(OK);
    expect(await sessions(staff)).toHaveLength(1);
  });

  it('needs a signed-in caller', async () => {
    for (const path of [querySignInRecords.path, queryActiveSessions.path, signOutOtherSessions.path]) {
      expect((await h.call(path, {}, null)).code).toBe(TOKEN_INVALID);
      expect((await h.call(path, {}, 'not-a-token')).code).toBe(TOKEN_INVALID);
    }
  });

  it('recent sign-ins come from the operation log: USER_LOGIN per sign-in, USER_LOGOUT per sign-out and per session ended elsewhere, newest first', async () => {
    const kept = await h.login('demo_merchant', 'Demo12345');
    later(1);
    const loggedOut = await h.login('demo_merchant', 'Demo12345');
    later(1);
    expect((await h.call(`${USER}/logout`, { accessToken: loggedOut }, loggedOut)).code).toBe(OK);
    later(1);
    await h.login('demo_merchant', 'Demo12345');
    later(1);
    await h.call(signOutOtherSessions.path, {}, kept);

    const all = await signIns(kept);
    expect(all[0]).toMatchObject({ operationType: 'USER_LOGOUT' }); // ended together with the seeded phone's
    expect(all.filter((event) => event.device === 'Safari on iOS').map((event) => event.operationType)).toEqual(['USER_LOGOUT', 'USER_LOGIN']);
    const events = ours(all);
    expect(events.map((event) => [event.operationType, event.current])).toEqual([
      ['USER_LOGOUT', false], // the third session, ended from `kept`
      ['USER_LOGIN', false],
      ['USER_LOGOUT', false], // `loggedOut` signing out itself
      ['USER_LOGIN', false],
      ['USER_LOGIN', true], // `kept`
    ]);
    expect(events[0].time - events[4].time).toBe(4 * 60);
    const rows = await h.database.db.selectFrom('store_operation_log').select(['store_id', 'session_id']).where('operation_type', 'in', ['USER_LOGIN', 'USER_LOGOUT']).execute();
    expect(rows.every((row) => row.store_id === 1001 && row.session_id !== null)).toBe(true);
  });

  it('a client’s own §7 USER_LOGIN report (no session) is kept but not listed twice', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const report = await h.call('/v1/store/common/operationLog/insert', { operationType: 'USER_LOGIN', operationStartTime: Math.floor(nowMs / 1000) }, token);
    expect(report.code).toBe(OK);
    expect(ours(await signIns(token)).map((event) => event.operationType)).toEqual(['USER_LOGIN']);
  });
});

describe('the pay-password check is remembered on its session (issue 26 §5)', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const checkedAt = async (token: string) => {
    const rows = await h.database.db.selectFrom('store_access_token').select(['pay_password_checked_at']).where('revoked_at', 'is', null).where('device', '=', 'node').orderBy('id').execute();
    return { token, checked: rows.map((row) => row.pay_password_checked_at !== null) };
  };

  it('a right check marks only the session that made it; a wrong one marks nothing', async () => {
    const checking = await h.login('demo_merchant', 'Demo12345');
    await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(`${PAY}/sendInitPayPasswordCheckCode`, {}, checking)).code).toBe(OK);
    const code = await h.lastCheckCode('13800001001');
    expect((await h.call(`${PAY}/initPayPassword`, { payPassword: '135790', checkCode: code }, checking)).code).toBe(OK);

    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '000000' }, checking)).code).not.toBe(OK);
    expect((await checkedAt(checking)).checked).toEqual([false, false]);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790' }, checking)).code).toBe(OK);
    expect((await checkedAt(checking)).checked).toEqual([true, false]);
  });
});
