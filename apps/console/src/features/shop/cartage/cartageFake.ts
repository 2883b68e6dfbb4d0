// Cartage templates as the console's specs serve them (contract cartageEndpoints): an in-memory store answering the
// list and details calls, and the common porterage list the form shows as reference prices. A test adds handlers of
// its own for the changes it checks.
import { STORE_CODES, cartageEndpoints as C, commonEndpoints } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { CartageTemplateRow } from './api';

export const FAKE_PORTERAGE = [
  { id: 1, porterageName: 'Stairs, per floor', unitName: 'floor', price: 500 },
  { id: 2, porterageName: 'Long carry, per 10 m', unitName: '10 m', price: 300 },
  { id: 3, porterageName: 'Lift', unitName: 'order', price: 1_000 },
];

export const cartageTemplate = (templateId: number, patch: Partial<CartageTemplateRow> = {}): CartageTemplateRow => ({
  templateId,
  name: `Cartage ${templateId}`,
  freeFloors: 1,
  perFloorWithLiftCents: 100,
  perFloorWithoutLiftCents: 500,
  distanceBands: [
    { fromMeters: 0, toMeters: 30, cents: 0 },
    { fromMeters: 30, toMeters: 100, cents: 2_000 },
  ],
  minimumCents: 3_000,
  goodsCount: 0,
  updateTime: 1_780_000_000,
  ...patch,
});

export function fakeCartage(server: FakeStoreServer, templates: CartageTemplateRow[]) {
  server.on(commonEndpoints.porterage.path, () => ok({ list: FAKE_PORTERAGE }));
  server.on(C.cartageTemplateList.path, ({ biz }) => {
    const rows = templates.filter((row) => !biz.name || row.name.includes(String(biz.name)));
    const pageSize = Number(biz.pageSize ?? 5);
    const pageNum = Number(biz.pageNum ?? 1);
    return ok({ pageNum, pageSize, total: rows.length, list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize) });
  });
  server.on(C.cartageTemplateDetails.path, ({ biz }) => {
    const template = templates.find((row) => row.templateId === biz.templateId);
    return template ? ok(template) : { code: STORE_CODES.notFound, msg: 'cartage template not found' };
  });
}
