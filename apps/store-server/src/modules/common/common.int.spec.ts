import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';

describe('common lists, error reports, operation log', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());

  it('serves the reference lists', async () => {
    const units = await h.call<{ list: Array<{ unitName: string }> }>('/v1/store/common/unit/searchAllEnableUnitList');
    expect(units.data.list.map((u) => u.unitName)).not.toContain('box (retired)');
    const apps = await h.call<{ list: Array<{ appId: number; appName: string }> }>('/v1/store/common/app/list');
    expect(apps.data.list).toEqual([
      { appId: 1, appName: 'decoration' }, { appId: 2, appName: 'craftsman' }, { appId: 3, appName: 'merchant' }, { appId: 4, appName: 'mini-program' },
    ]);
    const top = await h.call<{ list: Array<{ id: number }> }>('/v1/store/eshop/expand/category/list', { parentId: 1 });
    expect(top.data.list.map((c) => c.id)).toEqual([11, 12]); // 13 is disabled
    const specs = await h.call<{ list: Array<{ specName: string; specValues: string[] }> }>('/v1/store/common/category/specList', { categoryId: 11 });
    expect(specs.data.list[0]).toEqual({ id: 1, specName: 'Size', specValues: ['300x300', '600x600', '800x800'], specLabel: 'Size', specValueLabels: { '300x300': '300x300', '600x600': '600x600', '800x800': '800x800' } });
    const fee = await h.call('/v1/store/common/entryFee/getEntryFee', { cityCode: '310100', categoryId: 11 });
    expect(fee.data).toEqual({ cityCode: '310100', categoryId: 11, entryFee: 100000, deposit: 500000 });
    expect((await h.call('/v1/store/common/entryFee/getEntryFee', { cityCode: '310100', categoryId: 12 })).code).toBe('10100004');
    const open = await h.call<{ cityCode: string }>('/v1/store/common/city/getOpenCityByDistrictCode', { districtCode: '440305' });
    expect(open.data.cityCode).toBe('440300');
    expect((await h.call('/v1/store/common/city/getOpenCityByDistrictCode', { districtCode: '440106' })).data).toBeNull();
    const operate = await h.call<{ list: Array<{ cityCode: string }> }>('/v1/store/common/city/operateCityList');
    expect(operate.data.list.map((c) => c.cityCode)).toEqual(['310100', '440300']);
    const ads = await h.call<{ list: Array<{ id: number }> }>('/v1/store/common/advert/list', { position: 'pc_home' });
    expect(ads.data.list.map((a) => a.id)).toEqual([1, 2]);
    const page = await h.call<{ title: string }>('/v1/store/common/singlePage/getByCode', { code: 'merchant_agreement' });
    expect(page.data.title).toBe('Merchant service agreement');
    const dict = await h.call<{ list: unknown[] }>('/v1/store/common/dictionary/list', { dictType: 'stockStatus' });
    expect(dict.data.list).toHaveLength(3);
    expect((await h.call('/v1/store/common/dictionary/list', { dictType: 'nope' })).msg).toContain('choose a valid dictType');
    const towns = await h.call<{ list: unknown[] }>('/v1/store/base/sowntown/ftBasSowntownStore/querySowntownList', { cityCode: '440305' });
    // Migration 0037 gave every district towns (the delivery range's tree): Nanshan has four.
    expect((towns.data.list as { sowntownName: string }[]).map((town) => town.sowntownName)).toEqual(['Nanshan Furniture Town', 'Shekou', 'Yuehai', 'Xili']);
    for (const path of ['/v1/store/common/technology/list', '/v1/store/common/skillPackage/list', '/v1/store/common/porterage/list', '/v1/store/common/city/list']) {
      const result = await h.call<{ list: unknown[] }>(path);
      expect(result.code).toBe(OK);
      expect(result.data.list.length).toBeGreaterThan(0);
    }
  });

  it('gives the error report config and stores reports and operation log entries', async () => {
    const config = await h.call<{ cacheNumber: number; errorCodeList: string[] }>('/v1/store/appconfig/errorReport/getErrorReportConfig');
    expect(config.data.cacheNumber).toBe(20);
    expect(config.data.errorCodeList).toContain('10301002');
    const token = await h.login('demo_merchant', 'Demo12345');
    const report = { errorCode: '10301002', path: '/v1/x', reportedAt: 1_790_000_000, records: [{ path: '/v1/x' }] };
    expect((await h.call('/v1/store/alarm/errorReport/insertErrorReport', report, token)).code).toBe(OK);
    const stored = await h.database.db.selectFrom('store_error_report').selectAll().execute();
    expect(stored.at(-1)).toMatchObject({ store_id: 1001, payload: report });
    const tooMany = { ...report, records: Array.from({ length: 201 }, () => ({})) };
    expect((await h.call('/v1/store/alarm/errorReport/insertErrorReport', tooMany, token)).msg).toContain('records: at most 200');

    expect((await h.call('/v1/store/common/operationLog/insert', { operationType: 'OPEN_APP', operationStartTime: 1_790_000_000 })).code).toBe(OK);
    expect((await h.call('/v1/store/common/operationLog/insert', { operationType: 'USER_LOGIN', operationStartTime: 1_790_000_001 }, token)).code).toBe(OK);
    expect((await h.call('/v1/store/common/operationLog/insert', { operationType: 'DANCE', operationStartTime: 1 }, token)).msg).toContain('choose a valid operationType');
    // The client's own reports; store-server's sign-in entries (with a session, modules/auth) are not these.
    const logs = await h.database.db.selectFrom('store_operation_log').select(['store_id', 'operation_type', 'operation_start_time']).where('session_id', 'is', null).orderBy('id').execute();
    expect(logs.map((l) => [l.store_id, l.operation_type, l.operation_start_time.getTime() / 1000])).toEqual([
      [null, 'OPEN_APP', 1_790_000_000],
      [1001, 'USER_LOGIN', 1_790_000_001],
    ]);
  });
});
