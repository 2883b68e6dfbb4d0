import { QUICK_REPLY_LIMITS, quickReplyEndpoints as api, STORE_CODES, type QuickReplyList } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';

// Issue 32 quick replies through real HTTP (PostgreSQL with DATABASE_URL, else PGlite): the store's staff with
// im:chat share one ordered list; text and count limits refuse bad input and change nothing; the limit holds when
// adds race; another store can neither see nor change the list.
const OK = STORE_CODES.success;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const STORE = 1001;

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
// Each case starts from an empty list: the demo seed's replies (quick-replies.seed.ts) out of the way.
beforeEach(async () => {
  await h.reset();
  await h.database.db.deleteFrom('store_quick_reply').execute();
});

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const rows = () => db().selectFrom('store_quick_reply').selectAll().orderBy('store_id').orderBy('position').execute();
const texts = (answer: { data: QuickReplyList }) => answer.data.list.map((reply) => reply.text);

describe('quick replies', () => {
  it('keeps one ordered list per store that its chat staff share: add, edit, move, delete', async () => {
    const token = await owner();
    expect((await h.call<QuickReplyList>(api.quickReplyList.path, {}, token)).data.list).toEqual([]);
    for (const text of ['您好，在的', '  今天下单，明天发货  ', 'Thanks for your order']) {
      expect((await h.call(api.addQuickReply.path, { text }, token)).code).toBe(OK);
    }
    // demo_support (role "customer service", im:chat) reads and changes the same list.
    const support = await h.login('demo_support', 'Demo12345');
    const shared = await h.call<QuickReplyList>(api.quickReplyList.path, {}, support);
    expect(texts(shared)).toEqual(['您好，在的', '今天下单，明天发货', 'Thanks for your order']);
    const [first, second, third] = shared.data.list;

    const moved = await h.call<QuickReplyList>(api.moveQuickReply.path, { replyId: third.replyId, toIndex: 0 }, support);
    expect(texts(moved)).toEqual(['Thanks for your order', '您好，在的', '今天下单，明天发货']);
    const pastEnd = await h.call<QuickReplyList>(api.moveQuickReply.path, { replyId: third.replyId, toIndex: 99 }, token);
    expect(texts(pastEnd)).toEqual(['您好，在的', '今天下单，明天发货', 'Thanks for your order']);

    const edited = await h.call<QuickReplyList>(api.editQuickReply.path, { replyId: second.replyId, text: '今天 16:00 前下单，当天发货' }, token);
    expect(texts(edited)).toEqual(['您好，在的', '今天 16:00 前下单，当天发货', 'Thanks for your order']);

    const deleted = await h.call<QuickReplyList>(api.deleteQuickReply.path, { replyId: first.replyId }, support);
    expect(texts(deleted)).toEqual(['今天 16:00 前下单，当天发货', 'Thanks for your order']);
    // Positions stay 0…n-1, so the next add lands last.
    const added = await h.call<QuickReplyList>(api.addQuickReply.path, { text: 'Bye' }, support);
    expect(texts(added)).toEqual(['今天 16:00 前下单，当天发货', 'Thanks for your order', 'Bye']);
    expect((await rows()).map((row) => [row.store_id, row.position])).toEqual([
      [STORE, 0],
      [STORE, 1],
      [STORE, 2],
    ]);
  });

  it('refuses blank, too long and malformed input in the caller language, nothing changed', async () => {
    const token = await owner();
    const kept = await h.call<QuickReplyList>(api.addQuickReply.path, { text: 'kept' }, token);
    const replyId = kept.data.list[0].replyId;
    const before = await rows();
    const refusals: Array<[string, unknown]> = [
      [api.addQuickReply.path, { text: '   ' }],
      [api.addQuickReply.path, { text: 'a'.repeat(QUICK_REPLY_LIMITS.textMax + 1) }],
      [api.addQuickReply.path, { text: 42 }],
      [api.editQuickReply.path, { replyId, text: '' }],
      [api.editQuickReply.path, { replyId: -1, text: 'x' }],
      [api.moveQuickReply.path, { replyId, toIndex: -1 }],
      [api.moveQuickReply.path, { replyId, toIndex: 1.5 }],
    ];
    for (const [path, biz] of refusals) expect([path, biz, (await h.call(path, biz, token)).code]).toEqual([path, biz, INVALID]);
    const zh = h.client(token, 'none', 'zh-CN');
    const long = await zh.request(api.addQuickReply.path, { text: '字'.repeat(501) }, { silent: true, acceptCodes: [INVALID] });
    expect(long.msg).toMatch(/500/);
    expect(long.msg).toMatch(/[\u4e00-\u9fff]/);
    // Exactly 500 characters is allowed.
    expect((await h.call(api.editQuickReply.path, { replyId, text: '字'.repeat(500) }, token)).code).toBe(OK);
    expect((await rows()).map((row) => row.text)).toEqual(['字'.repeat(500)]);
    expect(before).toHaveLength(1);
  });

  it('keeps at most 200 replies per store, exactly, when adds race', async () => {
    const token = await owner();
    // 195 stored directly, then 10 adds at once: exactly 5 fit.
    const at = new Date();
    const stored = QUICK_REPLY_LIMITS.perStore - 5;
    await db()
      .insertInto('store_quick_reply')
      .values(Array.from({ length: stored }, (_, position) => ({ store_id: STORE, position, text: `stored ${position}`, created_by: 1, created_at: at, updated_at: at })))
      .execute();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => h.call(api.addQuickReply.path, { text: `raced ${i}` }, token)));
    expect(answers.map((a) => a.code).sort()).toEqual([...Array(5).fill(OK), ...Array(5).fill(NOT_ALLOWED)].sort());
    expect(answers.find((a) => a.code === NOT_ALLOWED)?.msg).toBe('a store keeps at most 200 quick replies; delete one you no longer use');
    const after = await rows();
    expect(after).toHaveLength(QUICK_REPLY_LIMITS.perStore);
    expect(after.map((row) => row.position)).toEqual(Array.from({ length: QUICK_REPLY_LIMITS.perStore }, (_, i) => i));
  });
});

describe("another store's quick replies", () => {
  it('are not listed, and every change of one answers not found and changes nothing', async () => {
    const token = await owner();
    const own = await h.call<QuickReplyList>(api.addQuickReply.path, { text: 'ours' }, token);
    const { replyId } = own.data.list[0];
    const other = await h.login('demo_service', 'Demo12345');
    const before = await rows();
    expect((await h.call<QuickReplyList>(api.quickReplyList.path, {}, other)).data.list).toEqual([]);
    const calls: Array<[string, unknown]> = [
      [api.editQuickReply.path, { replyId, text: 'taken' }],
      [api.moveQuickReply.path, { replyId, toIndex: 0 }],
      [api.deleteQuickReply.path, { replyId }],
    ];
    for (const [path, biz] of calls) expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    expect(await rows()).toEqual(before);
    // The other store's own list is its own: what it adds is not ours.
    expect(texts(await h.call<QuickReplyList>(api.addQuickReply.path, { text: 'theirs' }, other))).toEqual(['theirs']);
    expect(texts(await h.call<QuickReplyList>(api.quickReplyList.path, {}, token))).toEqual(['ours']);
  });
});
