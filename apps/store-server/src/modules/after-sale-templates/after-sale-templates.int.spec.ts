import { AFTER_SALE_TEMPLATE_LIMITS, afterSaleTemplateEndpoints as api, goodsEndpoints, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { DEMO_AFTER_SALE_TEMPLATE_NAME } from './after-sale-templates.seed';

// Issue 27 §3 after-sale explanation templates through real HTTP (PGlite, or PostgreSQL with DATABASE_URL): the
// text is sanitised by the server before it is stored, a template goods use cannot be deleted (the refusal counts
// them), the per-store limit holds under concurrent adds, another store's ids, bad input on its field.
const OK = STORE_CODES.success;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const STORE = 1001;

interface Template {
  templateId: number;
  name: string;
  content: string;
  summary: string;
  goodsCount: number;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const templateState = async () => ({
  templates: await db().selectFrom('store_after_sale_template').selectAll().orderBy('id').execute(),
  counts: await db().selectFrom('store_after_sale_template_count').selectAll().orderBy('store_id').execute(),
  goods: await db().selectFrom('store_goods').select(['id', 'after_sale_template_id']).orderBy('id').execute(),
});

describe('after-sale explanation templates', () => {
  it('stores and answers only the sanitised text: no script, no handler, no javascript: link', async () => {
    const token = await owner();
    const content =
      '<h3 onclick="steal()">退货</h3><p style="x">七天<strong>无理由</strong></p><script>alert(document.cookie)</script>' +
      '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">点我</a><a href="https://help.example.cn/rules">规则</a>';
    const added = await h.call<Template>(api.addAfterSaleTemplate.path, { name: '  防注入测试  ', content }, token);
    expect([added.code, added.msg]).toEqual([OK, 'success']);
    const expected = '<h3>退货</h3><p>七天<strong>无理由</strong></p><a>点我</a><a href="https://help.example.cn/rules" rel="noopener noreferrer nofollow" target="_blank">规则</a>';
    expect(added.data).toMatchObject({ name: '防注入测试', content: expected, summary: '退货 七天无理由 点我规则', goodsCount: 0 });
    const row = await db().selectFrom('store_after_sale_template').select('content').where('id', '=', added.data.templateId).executeTakeFirstOrThrow();
    expect(row.content).toBe(expected);
    const edited = await h.call<Template>(api.editAfterSaleTemplate.path, { templateId: added.data.templateId, name: '改', content: '<p>新<svg onload=alert(1)></svg>文</p>' }, token);
    expect(edited.data).toMatchObject({ name: '改', content: '<p>新文</p>' });
    expect((await h.call<Template>(api.afterSaleTemplateDetail.path, { templateId: added.data.templateId }, token)).data.content).toBe('<p>新文</p>');
  });

  it('refuses to delete a template goods use, saying how many, and deletes it once none does', async () => {
    const token = await owner();
    const list = await h.call<PageOf<Template>>(api.afterSaleTemplateList.path, {}, token);
    const seeded = list.data.list.find((t) => t.name === DEMO_AFTER_SALE_TEMPLATE_NAME)!;
    expect(seeded.goodsCount).toBe(2);
    const using = await db().selectFrom('store_goods').select('id').where('after_sale_template_id', '=', seeded.templateId).orderBy('id', 'desc').execute();
    const before = await templateState();
    const refused = await h.call(api.deleteAfterSaleTemplate.path, { templateId: seeded.templateId }, token);
    expect([refused.code, refused.msg]).toEqual([NOT_ALLOWED, '2 goods use this template, so it cannot be deleted; choose another template for them first']);
    expect((refused as { errInfo?: unknown }).errInfo).toMatchObject({ goodsCount: 2, goodsIds: using.map((g) => g.id) });
    const zh = h.client(token, 'none', 'zh-CN');
    const refusedZh = await zh.request(api.deleteAfterSaleTemplate.path, { templateId: seeded.templateId }, { silent: true, acceptCodes: [NOT_ALLOWED] });
    expect(refusedZh.msg).toBe('有 2 个商品正在使用该模板，不能删除；请先为这些商品改选其他模板');
    expect(await templateState()).toEqual(before);

    await db().updateTable('store_goods').set({ after_sale_template_id: null }).where('after_sale_template_id', '=', seeded.templateId).execute();
    expect((await h.call(api.deleteAfterSaleTemplate.path, { templateId: seeded.templateId }, token)).code).toBe(OK);
    expect((await h.call(api.afterSaleTemplateDetail.path, { templateId: seeded.templateId }, token)).code).toBe(NOT_FOUND);
    expect((await db().selectFrom('store_after_sale_template_count').select('templates').where('store_id', '=', STORE).executeTakeFirstOrThrow()).templates).toBe(0);
  });

  it('refuses bad input on its field in the caller language, nothing changed', async () => {
    const token = await owner();
    const before = await templateState();
    // Only a script: nothing is left once sanitised, so the content is missing.
    const empty = await h.call(api.addAfterSaleTemplate.path, { name: 'x', content: '<script>alert(1)</script>' }, token);
    expect([empty.code, empty.msg.includes('content')]).toEqual([INVALID, true]);
    const zh = h.client(token, 'none', 'zh-CN');
    const longName = await zh.request(api.addAfterSaleTemplate.path, { name: '名'.repeat(31), content: '<p>a</p>' }, { silent: true, acceptCodes: [INVALID] });
    expect(longName.code).toBe(INVALID);
    expect(longName.msg).toMatch(/30/);
    expect(longName.msg).toMatch(/[\u4e00-\u9fff]/);
    const huge = await h.call(api.addAfterSaleTemplate.path, { name: 'x', content: 'a'.repeat(AFTER_SALE_TEMPLATE_LIMITS.contentMax + 1) }, token);
    expect(huge.code).toBe(INVALID);
    expect(await templateState()).toEqual(before);
  });

  it('keeps at most 50 templates per store, exactly, when adds race', async () => {
    const token = await owner();
    const have = (await db().selectFrom('store_after_sale_template').select('id').where('store_id', '=', STORE).execute()).length;
    const answers = await Promise.all(
      Array.from({ length: AFTER_SALE_TEMPLATE_LIMITS.perStore - have + 5 }, (_, i) => h.call(api.addAfterSaleTemplate.path, { name: `t${i}`, content: `<p>${i}</p>` }, token)),
    );
    expect(answers.filter((a) => a.code === OK)).toHaveLength(AFTER_SALE_TEMPLATE_LIMITS.perStore - have);
    expect(answers.filter((a) => a.code === NOT_ALLOWED)).toHaveLength(5);
    expect((await db().selectFrom('store_after_sale_template').select('id').where('store_id', '=', STORE).execute()).length).toBe(AFTER_SALE_TEMPLATE_LIMITS.perStore);
  });
});

describe("another store's ids", () => {
  it('answers not found on every call and changes nothing', async () => {
    const token = await owner();
    const seeded = (await h.call<PageOf<Template>>(api.afterSaleTemplateList.path, {}, token)).data.list[0];
    const other = await h.login('demo_service', 'Demo12345');
    const before = await templateState();
    const { templateId } = seeded;
    const calls: Array<[string, unknown]> = [
      [api.afterSaleTemplateDetail.path, { templateId }],
      [api.editAfterSaleTemplate.path, { templateId, name: 'taken', content: '<p>taken</p>' }],
      [api.deleteAfterSaleTemplate.path, { templateId }],
    ];
    for (const [path, biz] of calls) expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    expect((await h.call<PageOf<Template>>(api.afterSaleTemplateList.path, { pageSize: 200 }, other)).data.list).toEqual([]);
    expect(await templateState()).toEqual(before);
  });
});

describe('goods release takes only an after-sale template of the store', () => {
  it('refuses a missing or another store’s template with 10100004 on the field, saves with its own, and the key holds a used one', async () => {
    const token = await owner();
    const other = await h.login('demo_service', 'Demo12345');
    const foreign = await h.call<Template>(api.addAfterSaleTemplate.path, { name: 'Away', content: '<p>away</p>' }, other);
    expect(foreign.code).toBe(OK);
    const goodsCount = async () => (await db().selectFrom('store_goods').select('id').execute()).length;
    const before = await goodsCount();
    for (const templateId of [foreign.data.templateId, 999_999]) {
      const refused = await h.call(goodsEndpoints.saveDraft.path, { title: 'After-sale check', afterSaleTemplateId: templateId }, token);
      expect([refused.code, (refused as { errInfo?: unknown }).errInfo]).toEqual([NOT_FOUND, { problems: [{ field: 'afterSaleTemplateId', problem: { rule: 'option' } }] }]);
    }
    expect(await goodsCount()).toBe(before);

    const own = await h.call<Template>(api.addAfterSaleTemplate.path, { name: 'Own', content: '<p>own</p>' }, token);
    const saved = await h.call<{ goodsId: number }>(goodsEndpoints.saveDraft.path, { title: 'After-sale check', afterSaleTemplateId: own.data.templateId }, token);
    expect(saved.code).toBe(OK);
    expect((await h.call<Template>(api.afterSaleTemplateDetail.path, { templateId: own.data.templateId }, token)).data.goodsCount).toBe(1);
    expect((await h.call(api.deleteAfterSaleTemplate.path, { templateId: own.data.templateId }, token)).code).toBe(NOT_ALLOWED);
    // The database itself refuses another store's template on goods, and deleting a used one.
    await expect(db().updateTable('store_goods').set({ after_sale_template_id: foreign.data.templateId }).where('id', '=', saved.data.goodsId).execute()).rejects.toThrow();
    await expect(db().deleteFrom('store_after_sale_template').where('id', '=', own.data.templateId).execute()).rejects.toThrow();
  });
});
