// Platform activities as the console's specs serve them (contract activityEndpoints): an in-memory store answering
// the campaigns, campaign, list and details calls from what the test gave, paged and filtered by phase and state
// as store-server does, and the store's SKUs for the apply form's picker. A test adds handlers for the changes it checks.
import { ACTIVITY_APPLICATION_STATE, ACTIVITY_PHASE, STORE_CODES, activityEndpoints as A, commonEndpoints, goodsEndpoints } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { ActivityApplicationDetails, ActivityApplicationRow, ActivityCampaignRow } from './api';

export const activityCampaign = (campaignId: number, patch: Partial<ActivityCampaignRow> = {}): ActivityCampaignRow => ({
  campaignId,
  titleZh: `活动 ${campaignId}`,
  titleEn: `Campaign ${campaignId}`,
  description: '',
  signUpFrom: 1_780_000_000,
  signUpUntil: 1_780_600_000,
  runFrom: 1_780_900_000,
  runUntil: 1_781_500_000,
  minDiscountBp: 1_000,
  categoryIds: [],
  maxGoods: 3,
  quota: 10,
  placesTaken: 2,
  placesLeft: 8,
  phase: ACTIVITY_PHASE.open,
  signUpOpen: true,
  myApplication: null,
  ...patch,
});

export const activityApplication = (applicationId: number, campaign: ActivityCampaignRow, patch: Partial<ActivityApplicationRow> = {}): ActivityApplicationRow => ({
  applicationId,
  campaignId: campaign.campaignId,
  campaignTitleZh: campaign.titleZh,
  campaignTitleEn: campaign.titleEn,
  runFrom: campaign.runFrom,
  runUntil: campaign.runUntil,
  campaignPhase: campaign.phase,
  state: ACTIVITY_APPLICATION_STATE.pending,
  reason: null,
  goodsCount: 1,
  skuCount: 2,
  createTime: 1_780_100_000,
  reviewTime: null,
  ...patch,
});

/** A SKU of the store as the goods SKU list answers it. */
export const storeSku = (skuId: number, goodsId: number, title: string, priceCents: number, specValues: Record<string, string> = {}) => ({
  skuId,
  goodsId,
  title,
  specValues,
  skuCode: `SKU-${skuId}`,
  price: priceCents,
  stock: 10,
  warningStock: null,
  stockStatus: 1 as const,
  goodsStatus: 4 as const,
  mainImageUrl: '',
});

export interface ActivityFakeData {
  campaigns: ActivityCampaignRow[];
  applications: ActivityApplicationRow[];
  /** Lines of the details answer by application id. */
  items?: Record<number, ActivityApplicationDetails['items']>;
  skus?: Array<ReturnType<typeof storeSku>>;
}

const page = <Row>(rows: readonly Row[], biz: Record<string, unknown>) => {
  const pageSize = Number(biz.pageSize ?? 20);
  const pageNum = Number(biz.pageNum ?? 1);
  const from = (pageNum - 1) * pageSize;
  return { pageNum, pageSize, total: rows.length, list: rows.slice(from, from + pageSize) };
};

export function fakeActivities(server: FakeStoreServer, data: ActivityFakeData) {
  const notFound = (what: string) => ({ code: STORE_CODES.notFound, msg: `${what} not found` });
  server.on(A.activityCampaigns.path, ({ biz }) => ok(page(data.campaigns.filter((row) => biz.phase === undefined || row.phase === biz.phase), biz)));
  server.on(A.activityCampaign.path, ({ biz }) => {
    const campaign = data.campaigns.find((row) => row.campaignId === biz.campaignId);
    return campaign ? ok(campaign) : notFound('activity');
  });
  server.on(A.activityList.path, ({ biz }) => ok(page(data.applications.filter((row) => biz.state === undefined || row.state === biz.state), biz)));
  server.on(A.activityDetails.path, ({ biz }) => {
    const application = data.applications.find((row) => row.applicationId === biz.applicationId);
    const campaign = application && data.campaigns.find((row) => row.campaignId === application.campaignId);
    if (!application || !campaign) return notFound('activity application');
    return ok({ application, campaign, items: data.items?.[application.applicationId] ?? [] });
  });
  server.on(goodsEndpoints.skuStockList.path, ({ biz }) => {
    const rows = (data.skus ?? []).filter((row) => !biz.title || row.title.includes(String(biz.title)));
    return ok(page(rows, biz));
  });
  server.on(commonEndpoints.categoryTree.path, () =>
    ok({ list: [{ id: 1, parentId: 0, categoryName: 'Building materials', level: 1, children: [{ id: 11, parentId: 1, categoryName: 'Tiles', level: 2 }] }] }),
  );
}
