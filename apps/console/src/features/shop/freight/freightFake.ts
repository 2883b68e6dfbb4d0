// Freight templates as the console's specs serve them (contract freightEndpoints): an in-memory store answering
// the list, details and tester calls (the tester with the shared calculation, over a small common city list), and
// the common city list itself. A test adds handlers of its own for the changes it checks.
import { FREIGHT_PRICING, STORE_CODES, commonEndpoints, freightEndpoints as F, quoteFreight, type FreightRules } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { FreightTemplateRow } from './api';

export const FAKE_CITIES = [
  { cityCode: '310000', parentCode: '0', cityName: 'Shanghai', level: 1 },
  { cityCode: '310100', parentCode: '310000', cityName: 'Shanghai City', level: 2 },
  { cityCode: '310101', parentCode: '310100', cityName: 'Huangpu District', level: 3 },
  { cityCode: '440000', parentCode: '0', cityName: 'Guangdong', level: 1 },
  { cityCode: '440300', parentCode: '440000', cityName: 'Shenzhen', level: 2 },
  { cityCode: '440305', parentCode: '440300', cityName: 'Nanshan District', level: 3 },
];

export const freightTemplate = (templateId: number, patch: Partial<FreightTemplateRow> = {}): FreightTemplateRow => ({
  templateId,
  name: `Template ${templateId}`,
  pricing: FREIGHT_PRICING.count,
  defaultBlock: { firstUnits: 1, firstCents: 1_000, additionalUnits: 1, additionalCents: 500 },
  regionGroups: [],
  freeRules: [],
  excludedRegions: [],
  isDefault: false,
  goodsCount: 0,
  updateTime: 1_780_000_000,
  ...patch,
});

const page = <Row>(rows: readonly Row[], biz: Record<string, unknown>) => {
  const pageSize = Number(biz.pageSize ?? 5);
  const pageNum = Number(biz.pageNum ?? 1);
  const from = (pageNum - 1) * pageSize;
  return { pageNum, pageSize, total: rows.length, list: rows.slice(from, from + pageSize) };
};

const pathOf = (code: string) => {
  const path: typeof FAKE_CITIES = [];
  for (let city = FAKE_CITIES.find((c) => c.cityCode === code); city; city = FAKE_CITIES.find((c) => c.cityCode === city!.parentCode)) path.push(city);
  return path;
};

export function fakeFreight(server: FakeStoreServer, templates: FreightTemplateRow[]) {
  server.on(commonEndpoints.cities.path, () => ok({ list: FAKE_CITIES }));
  server.on(F.freightTemplateList.path, ({ biz }) => ok(page(templates.filter((row) => !biz.name || row.name.includes(String(biz.name))), biz)));
  server.on(F.freightTemplateDetails.path, ({ biz }) => {
    const template = templates.find((row) => row.templateId === biz.templateId);
    return template ? ok(template) : { code: STORE_CODES.notFound, msg: 'freight template not found' };
  });
  server.on(F.freightQuote.path, ({ biz }) => {
    const template = templates.find((row) => row.templateId === biz.templateId);
    if (!template) return { code: STORE_CODES.notFound, msg: 'freight template not found' };
    const path = pathOf(String(biz.regionCode));
    const items = (biz.items as Array<Record<string, number>>).map((item) => ({ quantity: item.quantity ?? 0, unitPriceCents: item.unitPriceCents ?? 0, unitWeightGrams: item.unitWeightGrams ?? 0, unitVolumeCm3: item.unitVolumeCm3 ?? 0 }));
    const quote = quoteFreight(template as unknown as FreightRules, path.map((c) => c.cityCode), items);
    return ok({ ...quote, regionPath: path.map(({ cityCode, cityName }) => ({ cityCode, cityName })) });
  });
}
