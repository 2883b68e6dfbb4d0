// Delivery ranges as the console's specs serve them (contract deliveryRangeEndpoints): an in-memory store answering
// the lists, details, add, edit, stop and the freight-cover check, over a small city list and sowntown list. Like
// store-server, a save refuses towns no freight template covers (`uncovered`) and ranges overlapping another in town
// and time, with the problem on sowntownIds.
import {
  DELIVERY_RANGE_STATUS,
  STORE_CODES,
  commonEndpoints,
  deliveryRangeEndpoints as D,
  deliveryRangeStatusAt,
  deliveryWindowsOverlap,
  describeRuleProblem,
  type RuleProblem,
} from '@merchant/api-contracts';
import { ok, type Envelope, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import { FAKE_CITIES } from '../freight/freightFake';
import type { DeliveryRangeRow, Sowntown } from './api';

export const RANGE_CITIES = [
  ...FAKE_CITIES,
  { cityCode: '440100', parentCode: '440000', cityName: 'Guangzhou', level: 2 },
  { cityCode: '440106', parentCode: '440100', cityName: 'Tianhe District', level: 3 },
];

export const FAKE_TOWNS: Sowntown[] = [
  { id: 1, cityCode: '310101', sowntownName: 'Bund Home Centre' },
  { id: 4, cityCode: '310101', sowntownName: 'Nanjing East Road' },
  { id: 3, cityCode: '440305', sowntownName: 'Nanshan Furniture Town' },
  { id: 11, cityCode: '440305', sowntownName: 'Shekou' },
  { id: 14, cityCode: '440106', sowntownName: 'Shipai' },
];

export const NOW = 1_780_000_000;
const DAY = 86_400;

export const fakeRange = (rangeId: number, patch: Partial<DeliveryRangeRow> & { townIds?: number[] } = {}): DeliveryRangeRow => {
  const { townIds = [1], ...rest } = patch;
  const row: DeliveryRangeRow = {
    rangeId,
    name: `Range ${rangeId}`,
    towns: townIds.map((id) => {
      const town = FAKE_TOWNS.find((candidate) => candidate.id === id)!;
      return { sowntownId: town.id, sowntownName: town.sowntownName, districtCode: town.cityCode };
    }),
    markupCents: 500,
    startTime: NOW - 10 * DAY,
    endTime: NOW + 80 * DAY,
    dailyStartMinute: 540,
    dailyEndMinute: 1080,
    status: DELIVERY_RANGE_STATUS.effective,
    updateTime: NOW,
    ...rest,
  };
  return { ...row, status: deliveryRangeStatusAt(row, NOW) };
};

const refusal = (problem: RuleProblem): Envelope => ({
  code: STORE_CODES.invalidParameter,
  msg: describeRuleProblem(problem, 'sowntownIds', 'en-US'),
  errInfo: { problems: [{ field: 'sowntownIds', problem }] },
});

const page = <Row>(rows: readonly Row[], biz: Record<string, unknown>) => {
  const pageSize = Number(biz.pageSize ?? 10);
  const pageNum = Number(biz.pageNum ?? 1);
  const from = (pageNum - 1) * pageSize;
  return { pageNum, pageSize, total: rows.length, list: rows.slice(from, from + pageSize) };
};

/** Serves the ranges in `ranges` (changed in place by saves); towns in `uncovered` have no freight template. */
export function fakeDeliveryRanges(server: FakeStoreServer, ranges: DeliveryRangeRow[], uncovered: ReadonlySet<number> = new Set([14])) {
  let nextId = 100;
  server.on(commonEndpoints.cities.path, () => ok({ list: RANGE_CITIES }));
  server.on(commonEndpoints.sowntowns.path, () => ok({ list: FAKE_TOWNS }));
  server.on(D.deliveryRangeList.path, ({ biz }) =>
    ok(page(ranges.filter((row) => row.status !== DELIVERY_RANGE_STATUS.ineffective && (biz.status === undefined || row.status === biz.status)), biz)),
  );
  server.on(D.ineffectiveDeliveryRangeList.path, ({ biz }) => ok(page(ranges.filter((row) => row.status === DELIVERY_RANGE_STATUS.ineffective), biz)));
  server.on(D.deliveryRangeDetails.path, ({ biz }) => {
    const row = ranges.find((candidate) => candidate.rangeId === biz.rangeId);
    return row ? ok(row) : { code: STORE_CODES.notFound, msg: 'delivery range not found' };
  });
  server.on(D.checkSowntownSetFreightTemplate.path, ({ biz }) =>
    ok({
      list: (biz.sowntownIds as number[]).map((id) => {
        const town = FAKE_TOWNS.find((candidate) => candidate.id === id)!;
        return { sowntownId: id, sowntownName: town.sowntownName, districtCode: town.cityCode, covered: !uncovered.has(id) };
      }),
    }),
  );
  const save = (biz: Record<string, unknown>, rangeId: number): Envelope => {
    const ids = biz.sowntownIds as number[];
    const notCovered = FAKE_TOWNS.filter((town) => ids.includes(town.id) && uncovered.has(town.id)).map((town) => town.sowntownName);
    if (notCovered.length > 0) return refusal({ rule: 'noFreightTemplate', values: notCovered });
    const row = fakeRange(rangeId, {
      name: String(biz.name),
      townIds: ids,
      markupCents: Number(biz.markupCents),
      startTime: Number(biz.startTime),
      endTime: Number(biz.endTime),
      dailyStartMinute: Number(biz.dailyStartMinute),
      dailyEndMinute: Number(biz.dailyEndMinute),
    });
    const clash = ranges.find((other) => other.rangeId !== rangeId && other.towns.some((town) => ids.includes(town.sowntownId)) && deliveryWindowsOverlap(row, other));
    if (clash) return refusal({ rule: 'rangeOverlap', values: [`${clash.name} (${clash.towns.filter((town) => ids.includes(town.sowntownId)).map((town) => town.sowntownName).join(', ')})`] });
    const index = ranges.findIndex((other) => other.rangeId === rangeId);
    if (index >= 0) ranges[index] = row;
    else ranges.push(row);
    return ok(row);
  };
  server.on(D.addDeliveryRange.path, ({ biz }) => save(biz, nextId++));
  server.on(D.editDeliveryRange.path, ({ biz }) => save(biz, Number(biz.rangeId)));
  server.on(D.stopDeliveryRange.path, ({ biz }) => {
    const index = ranges.findIndex((row) => row.rangeId === biz.rangeId);
    if (index < 0) return { code: STORE_CODES.notFound, msg: 'delivery range not found' };
    ranges[index] = { ...ranges[index]!, endTime: NOW - 1, status: DELIVERY_RANGE_STATUS.ineffective };
    return ok(ranges[index]);
  });
}
