// Group buys, their teams and orders as the console's specs serve them (contract groupBuyEndpoints): an in-memory
// store answering the list, details, teams and orders calls from what the test gave, paged and filtered as
// store-server does, and the store's SKUs for the form's picker. A test adds handlers of its own for the changes
// it checks.
import { GROUP_BUY_STATE, GROUP_BUY_TEAM_STATE, STORE_CODES, goodsEndpoints, groupBuyEndpoints as G } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import { storeSku } from '../activity/activityFake';
import type { GroupBuyOrderRow, GroupBuyRow, GroupBuyTeamsAnswer } from './api';

type TeamAnswerRow = GroupBuyTeamsAnswer['list'][number];

export const groupBuy = (groupBuyId: number, patch: Partial<GroupBuyRow> = {}): GroupBuyRow => ({
  groupBuyId,
  name: `Group buy ${groupBuyId}`,
  skus: [{ skuId: 901, goodsId: 501, title: 'Porcelain floor tile', specText: 'Size: 600x600', listPriceCents: 8_900, groupPriceCents: 6_900 }],
  teamSize: 3,
  formMinutes: 360,
  perBuyerLimit: 2,
  totalLimit: 500,
  taken: 4,
  startTime: 1_780_000_000,
  endTime: 1_781_000_000,
  state: GROUP_BUY_STATE.active,
  formingTeams: 1,
  formedTeams: 1,
  failedTeams: 0,
  createTime: 1_780_000_000,
  ...patch,
});

export const groupBuyTeam = (teamId: number, patch: Partial<TeamAnswerRow> = {}): TeamAnswerRow => ({
  teamId,
  leaderAccid: `leader_${teamId}`,
  leaderName: `Leader ${teamId}`,
  teamSize: 3,
  members: 1,
  state: GROUP_BUY_TEAM_STATE.forming,
  startTime: 1_780_000_000,
  expiresAt: 1_780_021_600,
  endedAt: null,
  memberList: [{ orderId: 7000 + teamId, orderNo: `SO2026${teamId}`, buyerAccid: `leader_${teamId}`, buyerName: `Leader ${teamId}`, leader: true, joinTime: 1_780_000_000 }],
  ...patch,
});

export const groupBuyOrder = (orderId: number, patch: Partial<GroupBuyOrderRow> = {}): GroupBuyOrderRow => ({
  orderId,
  orderNo: `SO${orderId}`,
  orderStatus: 1,
  amountCents: 6_900,
  buyerAccid: `buyer_${orderId}`,
  buyerName: `Buyer ${orderId}`,
  teamId: 1,
  teamState: GROUP_BUY_TEAM_STATE.forming,
  leader: false,
  joinTime: 1_780_000_000,
  ...patch,
});

export interface GroupBuyFakeData {
  groupBuys: GroupBuyRow[];
  /** Teams by activity id. */
  teams?: Record<number, TeamAnswerRow[]>;
  /** Orders by activity id. */
  orders?: Record<number, GroupBuyOrderRow[]>;
  /** The teams answer's server time (seconds). */
  serverTime?: number;
}

const page = <Row>(rows: readonly Row[], biz: Record<string, unknown>) => {
  const pageSize = Number(biz.pageSize ?? 20);
  const pageNum = Number(biz.pageNum ?? 1);
  const from = (pageNum - 1) * pageSize;
  return { pageNum, pageSize, total: rows.length, list: rows.slice(from, from + pageSize) };
};

export const FAKE_SKUS = [storeSku(901, 501, 'Porcelain floor tile', 8_900, { Size: '600x600' }), storeSku(902, 502, 'Fabric sofa', 259_900, { Seats: '3' })];

export function fakeGroupBuys(server: FakeStoreServer, data: GroupBuyFakeData) {
  const notFound = () => ({ code: STORE_CODES.notFound, msg: 'group buy not found' });
  const known = (id: unknown) => data.groupBuys.some((row) => row.groupBuyId === id);
  server.on(G.groupBuyList.path, ({ biz }) => {
    const rows = data.groupBuys.filter((row) => (biz.state === undefined || row.state === biz.state) && (!biz.name || row.name.includes(String(biz.name))));
    return ok(page(rows, biz));
  });
  server.on(G.groupBuyDetails.path, ({ biz }) => {
    const row = data.groupBuys.find((g) => g.groupBuyId === biz.groupBuyId);
    return row ? ok(row) : notFound();
  });
  server.on(G.groupBuyTeams.path, ({ biz }) => {
    if (!known(biz.groupBuyId)) return notFound();
    const rows = (data.teams?.[Number(biz.groupBuyId)] ?? []).filter((row) => biz.state === undefined || row.state === biz.state);
    return ok({ ...page(rows, biz), serverTime: data.serverTime ?? Math.floor(Date.now() / 1000) });
  });
  server.on(G.groupBuyOrders.path, ({ biz }) => {
    if (!known(biz.groupBuyId)) return notFound();
    const rows = (data.orders?.[Number(biz.groupBuyId)] ?? []).filter((row) => biz.teamState === undefined || row.teamState === biz.teamState);
    return ok(page(rows, biz));
  });
  server.on(goodsEndpoints.skuStockList.path, ({ biz }) => ok(page(FAKE_SKUS.filter((row) => !biz.title || row.title.includes(String(biz.title))), biz)));
}
