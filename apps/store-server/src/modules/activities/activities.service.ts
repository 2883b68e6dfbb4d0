import {
  ACTIVITY_APPLICATION_STATE,
  ACTIVITY_PHASE,
  describeRuleProblem,
  type ActivityApplicationState,
  type ActivityPhase,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type RuleProblem,
  type SupportedLanguage,
  type activityEndpoints,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { skuFloors } from '../goods';
import { checkPromotionPrices, marginFieldProblems } from '../marketing';
import { ActivitiesRepository, type CampaignRow, type NewApplicationItem, type NewCampaign } from './activities.repository';

type Api = typeof activityEndpoints;
export type CampaignView = EndpointAnswer<Api['activityCampaign']>;
export type ApplicationView = EndpointAnswer<Api['withdrawActivity']>;
export type ApplicationDetails = EndpointAnswer<Api['activityDetails']>;

const BP = 10_000;
/** 23505: a second active application of one store to one campaign (the partial unique index). */
const UNIQUE_VIOLATION = '23505';
const isCode = (error: unknown, code: string) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

const campaignNotFound = () => new StoreError(STORE_CODES.notFound, text('活动不存在', 'activity not found'));
const applicationNotFound = () => new StoreError(STORE_CODES.notFound, text('报名记录不存在', 'activity application not found'));
const notPending = () => new StoreError(STORE_CODES.notAllowedInCurrentState, text('报名不是待审核状态', 'the application is not pending review'));
const noPlaceLeft = () => new StoreError(STORE_CODES.notAllowedInCurrentState, text('活动名额已满', 'the activity has no places left'));

/** The highest activity price the campaign allows for a list price: list × (1 − bp / 10,000), rounded down to the cent. */
export function maxActivityPriceCents(listPriceCents: number, minDiscountBp: number): number {
  return Math.floor((listPriceCents * (BP - minDiscountBp)) / BP);
}

/** The campaign's phase at `now` (ACTIVITY_PHASE): ended, running, open, upcoming, else sign-up closed before the run. */
export function phaseOf(campaign: Pick<CampaignRow, 'sign_up_from' | 'sign_up_until' | 'run_from' | 'run_until'>, now: Date): ActivityPhase {
  if (campaign.run_until <= now) return ACTIVITY_PHASE.ended;
  if (campaign.run_from <= now) return ACTIVITY_PHASE.running;
  if (campaign.sign_up_from > now) return ACTIVITY_PHASE.upcoming;
  if (campaign.sign_up_until > now) return ACTIVITY_PHASE.open;
  return ACTIVITY_PHASE.closed;
}

const signUpOpen = (campaign: Pick<CampaignRow, 'sign_up_from' | 'sign_up_until'>, now: Date) => campaign.sign_up_from <= now && campaign.sign_up_until > now;

/** 10100001 with each problem on its field path (e.g. items.2.activityPriceCents). */
function fieldErrors(problems: Array<{ field: string; problem: RuleProblem }>): StoreError {
  const say = (language: 'zh-CN' | 'en-US') => problems.map(({ field, problem }) => describeRuleProblem(problem, field, language)).join(language === 'zh-CN' ? '；' : '; ');
  return new StoreError(STORE_CODES.invalidParameter, text(say('zh-CN'), say('en-US')), { problems });
}

/**
 * Issue 28 §1, platform activities (docs/marketing.md "Platform activities"). The platform's campaigns (created
 * and reviewed by the operator), the stores' applications within each campaign's rules, and the places of its
 * quota: a place is taken at approval by a conditional UPDATE (places_taken + 1 <= quota), in the transaction that
 * moves the application from pending to approved, so concurrent approvals never pass the quota; one active
 * application per (campaign, store) is a partial unique index.
 */
export class ActivitiesService {
  constructor(
    private readonly repository: ActivitiesRepository,
    private readonly clock: Clock,
  ) {}

  // --- the store's calls -------------------------------------------------------------------------

  async campaigns(caller: Caller, biz: EndpointParsedBiz<Api['activityCampaigns']>): Promise<EndpointAnswer<Api['activityCampaigns']>> {
    const now = this.clock.now();
    const { total, rows } = await this.repository.listCampaigns({ phase: biz.phase, now, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    const mine = await this.repository.activeApplications(
      caller.storeId,
      rows.map((row) => row.id),
    );
    return {
      pageNum: biz.pageNum,
      pageSize: biz.pageSize,
      total,
      list: rows.map((row) => this.campaignView(row, now, mine.find((application) => application.activity_id === row.id))),
    };
  }

  async campaign(caller: Caller, campaignId: number): Promise<CampaignView> {
    const row = await this.repository.findCampaign(campaignId);
    if (!row) throw campaignNotFound();
    const [mine] = await this.repository.activeApplications(caller.storeId, [campaignId]);
    return this.campaignView(row, this.clock.now(), mine);
  }

  async list(caller: Caller, biz: EndpointParsedBiz<Api['activityList']>): Promise<EndpointAnswer<Api['activityList']>> {
    const now = this.clock.now();
    const { total, rows } = await this.repository.listApplications(caller.storeId, { state: biz.state, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return { pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: rows.map((row) => applicationView(row, now)) };
  }

  async details(caller: Caller, applicationId: number, language: SupportedLanguage = 'en-US'): Promise<ApplicationDetails> {
    return this.detailsOf(this.repository, caller.storeId, applicationId, language);
  }

  /**
   * A pending application with the store's goods and SKUs at activity prices, refused without writing anything:
   * 10100004 for an unknown campaign or goods or SKUs not the caller's; 10100005 outside the sign-up window, with
   * no place left (a hint: the place itself is taken at approval) or with an active application already (the
   * unique index decides); 10100001 on each line's field that breaks the rules.
   */
  async apply(caller: Caller, biz: EndpointParsedBiz<Api['applyActivity']>, language: SupportedLanguage = 'en-US'): Promise<ApplicationDetails> {
    const now = this.clock.now();
    const storeId = caller.storeId;
    try {
      return await this.repository.transaction(async (repository, unit) => {
        const campaign = await repository.findCampaign(biz.campaignId);
        if (!campaign) throw campaignNotFound();
        if (!signUpOpen(campaign, now)) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('不在活动报名时间内', 'the activity is not open for sign-up'));
        if (campaign.places_taken >= campaign.quota) throw noPlaceLeft();
        const items = await this.checkedItems(repository, unit, storeId, campaign, biz.items);
        const { id } = await repository.insertApplication(storeId, campaign.id, now);
        await repository.insertItems(storeId, id, items);
        return this.detailsOf(repository, storeId, id, language);
      });
    } catch (error) {
      if (isCode(error, UNIQUE_VIOLATION)) {
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已报名该活动（待审核或已通过）', 'the store already has a pending or approved application to this activity'));
      }
      throw error;
    }
  }

  async withdraw(caller: Caller, applicationId: number): Promise<ApplicationView> {
    const moved = await this.repository.decide(applicationId, { storeId: caller.storeId, state: ACTIVITY_APPLICATION_STATE.withdrawn, at: this.clock.now() });
    if (!moved) {
      if (!(await this.repository.findStoreApplication(caller.storeId, applicationId))) throw applicationNotFound();
      throw notPending();
    }
    return this.applicationOf(this.repository, caller.storeId, applicationId);
  }

  // --- the platform's (operator) calls -----------------------------------------------------------

  async createCampaign(campaign: NewCampaign): Promise<{ campaignId: number; titleZh: string; quota: number }> {
    const row = await this.repository.insertCampaign(campaign, this.clock.now());
    return { campaignId: row.id, titleZh: row.title_zh, quota: row.quota };
  }

  /**
   * Approves a pending application and takes its place in one transaction: the application's compare-and-swap
   * from pending, then the campaign's conditional take; no place left rolls both back (10100005).
   */
  async approve(applicationId: number): Promise<ReviewView> {
    const now = this.clock.now();
    return this.repository.transaction(async (repository) => {
      const moved = await repository.decide(applicationId, { state: ACTIVITY_APPLICATION_STATE.approved, at: now });
      if (!moved) throw await this.whyNotPending(repository, applicationId);
      if (!(await repository.takePlace(moved.activity_id, now))) throw noPlaceLeft();
      return reviewView(moved);
    });
  }

  async reject(applicationId: number, reason: string): Promise<ReviewView> {
    const moved = await this.repository.decide(applicationId, { state: ACTIVITY_APPLICATION_STATE.rejected, reason, at: this.clock.now() });
    if (!moved) throw await this.whyNotPending(this.repository, applicationId);
    return reviewView(moved);
  }

  // --- the pieces --------------------------------------------------------------------------------

  private async whyNotPending(repository: ActivitiesRepository, applicationId: number): Promise<StoreError> {
    return (await repository.findApplication(applicationId)) ? notPending() : applicationNotFound();
  }

  /** The lines checked against the store's goods (10100004) and the campaign's rules (10100001 per field). */
  private async checkedItems(
    repository: ActivitiesRepository,
    unit: UnitOfWork,
    storeId: number,
    campaign: CampaignRow,
    items: EndpointParsedBiz<Api['applyActivity']>['items'],
  ): Promise<NewApplicationItem[]> {
    const goodsIds = [...new Set(items.map((item) => item.goodsId))];
    const goods = new Map((await repository.storeGoods(storeId, goodsIds)).map((row) => [row.id, row]));
    const skus = new Map((await repository.storeSkus(storeId, items.map((item) => item.skuId))).map((row) => [row.id, row]));
    const missingGoods = goodsIds.filter((goodsId) => !goods.has(goodsId));
    if (missingGoods.length > 0) throw new StoreError(STORE_CODES.notFound, text(`商品不存在：${missingGoods.join('、')}`, `goods not found: ${missingGoods.join(', ')}`));
    const missingSkus = items.filter((item) => skus.get(item.skuId)?.goods_id !== item.goodsId).map((item) => item.skuId);
    if (missingSkus.length > 0) throw new StoreError(STORE_CODES.notFound, text(`商品规格不存在：${missingSkus.join('、')}`, `SKU not found: ${missingSkus.join(', ')}`));

    const problems: Array<{ field: string; problem: RuleProblem }> = [];
    if (goodsIds.length > campaign.max_goods) problems.push({ field: 'items', problem: { rule: 'max', limit: campaign.max_goods } });
    items.forEach((item, index) => {
      const categoryId = goods.get(item.goodsId)!.category_id;
      if (campaign.category_ids.length > 0 && (categoryId === null || !campaign.category_ids.includes(categoryId))) {
        problems.push({ field: `items.${index}.goodsId`, problem: { rule: 'option', values: campaign.category_ids } });
      }
      const limit = maxActivityPriceCents(skus.get(item.skuId)!.price_cents, campaign.min_discount_bp);
      if (item.activityPriceCents > limit) problems.push({ field: `items.${index}.activityPriceCents`, problem: { rule: 'max', limit } });
    });
    // The margin guard (modules/marketing): no activity price below the merchant's floor, read from the goods module on this transaction.
    const floors = await skuFloors(unit, storeId, items.map((item) => item.skuId));
    const refusal = checkPromotionPrices(new Map(items.map((item) => [item.skuId, item.activityPriceCents])), floors);
    problems.push(...marginFieldProblems(refusal, (skuId) => `items.${items.findIndex((item) => item.skuId === skuId)}.activityPriceCents`));
    if (problems.length > 0) throw fieldErrors(problems);
    return items.map((item) => ({ goodsId: item.goodsId, skuId: item.skuId, listPriceCents: skus.get(item.skuId)!.price_cents, activityPriceCents: item.activityPriceCents }));
  }

  private async applicationOf(repository: ActivitiesRepository, storeId: number, applicationId: number): Promise<ApplicationView> {
    const row = await repository.applicationRow(storeId, applicationId);
    if (!row) throw applicationNotFound();
    return applicationView(row, this.clock.now());
  }

  /** The application, its campaign and its lines, each SKU's spec labelled in `language` (issue 35 §8). */
  private async detailsOf(repository: ActivitiesRepository, storeId: number, applicationId: number, language: SupportedLanguage = 'en-US'): Promise<ApplicationDetails> {
    const application = await this.applicationOf(repository, storeId, applicationId);
    const campaign = await repository.findCampaign(application.campaignId);
    if (!campaign) throw campaignNotFound();
    const [mine] = await repository.activeApplications(storeId, [campaign.id]);
    const items = await repository.withSpecLabelsIn(
      (await repository.items(applicationId)).map((item) => ({ ...item, goodsId: item.goods_id, specValues: item.spec_values })),
      language,
    );
    return {
      application,
      campaign: this.campaignView(campaign, this.clock.now(), mine),
      items: items.map((item) => ({
        goodsId: item.goods_id,
        goodsTitle: item.title,
        skuId: item.sku_id,
        specValues: item.spec_values,
        specLabels: item.specLabels,
        listPriceCents: item.list_price_cents,
        activityPriceCents: item.activity_price_cents,
      })),
    };
  }

  private campaignView(row: CampaignRow, now: Date, mine: { id: number; state: number } | undefined): CampaignView {
    return {
      campaignId: row.id,
      titleZh: row.title_zh,
      titleEn: row.title_en,
      description: row.description,
      signUpFrom: epochSecondsOf(row.sign_up_from),
      signUpUntil: epochSecondsOf(row.sign_up_until),
      runFrom: epochSecondsOf(row.run_from),
      runUntil: epochSecondsOf(row.run_until),
      minDiscountBp: row.min_discount_bp,
      categoryIds: row.category_ids,
      maxGoods: row.max_goods,
      quota: row.quota,
      placesTaken: row.places_taken,
      placesLeft: row.quota - row.places_taken,
      phase: phaseOf(row, now),
      signUpOpen: signUpOpen(row, now),
      myApplication: mine ? { applicationId: mine.id, state: mine.state as ActivityApplicationState } : null,
    };
  }
}

/** What the operator's review answers. */
export interface ReviewView {
  applicationId: number;
  campaignId: number;
  storeId: number;
  state: number;
  reason: string | null;
}

const reviewView = (row: { id: number; activity_id: number; store_id: number; state: number; reason: string | null }): ReviewView => ({
  applicationId: row.id,
  campaignId: row.activity_id,
  storeId: row.store_id,
  state: row.state,
  reason: row.reason,
});

type ApplicationRowView = NonNullable<Awaited<ReturnType<ActivitiesRepository['applicationRow']>>>;

function applicationView(row: ApplicationRowView, now: Date): ApplicationView {
  return {
    applicationId: row.id,
    campaignId: row.activity_id,
    campaignTitleZh: row.title_zh,
    campaignTitleEn: row.title_en,
    runFrom: epochSecondsOf(row.run_from),
    runUntil: epochSecondsOf(row.run_until),
    campaignPhase: phaseOf(row, now),
    state: row.state as ActivityApplicationState,
    reason: row.reason,
    goodsCount: Number(row.goods_count ?? 0),
    skuCount: Number(row.sku_count ?? 0),
    createTime: epochSecondsOf(row.created_at),
    reviewTime: row.reviewed_at === null ? null : epochSecondsOf(row.reviewed_at),
  };
}
