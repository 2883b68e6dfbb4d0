import {
  BRAND_APPLICATION_STATUS,
  BRAND_EXPIRY_WARNING_DAYS,
  BRAND_MACHINE,
  GOODS_MEDIA_UNAVAILABLE_URL,
  daysBetween,
  describeRuleProblem,
  isBrandExpiringSoon,
  type BrandApplicationRow,
  type BrandApplicationStatus,
  type BrandApplyInput,
  type BrandEvent,
  type RuleProblem,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { toEpochSeconds, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { BrandApplicationRecord, BrandApplicationsRepository } from './brands.repository';

/**
 * Fresh signed URLs of the caller's store files by id (the media module's face, bound to the store and the
 * request by the routes). Files of another store are never in the answer.
 */
export type SignFileUrls = (fileIds: readonly number[]) => Promise<Map<number, string>>;

/** What the goods release asks of the store's brands (goods.service). */
export interface StoreBrandCheck {
  approvedBrandName(storeId: number, brandName: string): Promise<string | undefined>;
}

/** What the dashboard asks (account.service pcHome): days to the soonest end of an approved brand, or null without one. */
export interface BrandsFacade extends StoreBrandCheck {
  soonestBrandExpiryDays(storeId: number): Promise<number | null>;
}

/** The calendar day of an instant, UTC (the day the expiry date is compared with). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface BrandReviewView {
  applicationId: number;
  storeId: number;
  brandName: string;
  status: number;
  rejectReason: string | null;
}

/** The operator's actions: take under review, approve, reject (a submitted application is taken under review first). */
export type BrandReviewAction = 'review' | 'approve' | 'reject';
const EVENT_OF: Record<BrandReviewAction, BrandEvent> = { review: 'startReview', approve: 'approve', reject: 'reject' };
const EXPIRE = BRAND_MACHINE.transitions.find((rule) => rule.event === 'expire') as { from: readonly number[]; to: number };

/** 10100001 on one field (errInfo.problems, like the contract's own refusals), in the caller's language. */
function fieldError(field: string, problem: RuleProblem) {
  return new StoreError(STORE_CODES.invalidParameter, text(describeRuleProblem(problem, field, 'zh-CN'), describeRuleProblem(problem, field, 'en-US')), { problems: [{ field, problem }] });
}

/**
 * Brands (docs/merchant-centre.md "Brands"): a store applies for a brand with its owner, authorisation chain, end
 * date and certificate images from its own media library (submitted); the platform takes it under review and
 * approves or rejects it (operator brand-review / brand-approve / brand-reject); approved brands are the store's
 * brands until their end day, after which the system moves them to expired. Every move is BRAND_MACHINE's.
 */
export class BrandApplicationsService implements BrandsFacade {
  constructor(
    private readonly applications: BrandApplicationsRepository,
    private readonly clock: Clock,
  ) {}

  private today() {
    return dayOf(this.clock.now());
  }

  /** The system's `expire` move for the store's approved brands past their end day (a conditional UPDATE, before each read). */
  private expireDue(storeId: number) {
    return this.applications.expireDue(storeId, EXPIRE.from[0] as number, EXPIRE.to, this.today(), this.clock.now());
  }

  async apply(caller: Caller, input: BrandApplyInput, sign: SignFileUrls): Promise<{ applicationId: number; status: BrandApplicationStatus }> {
    if (input.brandExpireDate <= this.today()) {
      throw fieldError('brandExpireDate', { rule: 'notAfterToday' });
    }
    // Only the store's own library files: a fileId of another store is refused like a missing one.
    const owned = await sign(input.certificateFileIds);
    const foreign = input.certificateFileIds.filter((id) => !owned.has(id));
    if (foreign.length > 0) {
      throw new StoreError(
        STORE_CODES.invalidParameter,
        text(`资质图片不在本店素材库中：${foreign.join('、')}`, `certificate files are not in your media library: ${foreign.join(', ')}`),
      );
    }
    const brandName = input.brandName.trim();
    const duplicate = () =>
      new StoreError(STORE_CODES.alreadyExists, text(`品牌「${brandName}」已在申请中或已通过`, `brand "${brandName}" is already applied for or approved`));
    await this.expireDue(caller.storeId);
    const id = await this.applications.insert(caller.storeId, {
      brandName,
      brandOwner: input.brandOwner.trim(),
      authorisationChain: input.authorisationChain.map((link) => link.trim()),
      brandExpireDate: input.brandExpireDate,
      certificateFileIds: input.certificateFileIds,
    });
    // One live application per store and brand name: the unique index decides, even under concurrency.
    if (id === undefined) throw duplicate();
    return { applicationId: id, status: BRAND_APPLICATION_STATUS.submitted };
  }

  async list(caller: Caller, query: { pageNum: number; pageSize: number; status?: number }, sign: SignFileUrls) {
    await this.expireDue(caller.storeId);
    const page = await this.applications.page(caller.storeId, query);
    return this.pageOf(query, page, sign);
  }

  async detail(caller: Caller, applicationId: number, sign: SignFileUrls): Promise<BrandApplicationRow> {
    await this.expireDue(caller.storeId);
    const found = await this.applications.findOwn(caller.storeId, applicationId);
    if (!found) throw new StoreError(STORE_CODES.notFound, text(`品牌申请 ${applicationId} 不存在`, `brand application ${applicationId} not found`));
    return rowOf(found, await sign(found.certificateFileIds), this.today());
  }

  /** brandManagement: approved brands the store may sell, soonest end first; `expiringSoon` keeps those 0 to 60 days from it. */
  async management(caller: Caller, query: { pageNum: number; pageSize: number; expiringSoon?: boolean }, sign: SignFileUrls) {
    await this.expireDue(caller.storeId);
    const soonUntil = query.expiringSoon ? addDays(this.today(), BRAND_EXPIRY_WARNING_DAYS) : undefined;
    const page = await this.applications.approvedPage(caller.storeId, { pageNum: query.pageNum, pageSize: query.pageSize, soonUntil });
    return this.pageOf(query, page, sign);
  }

  private async pageOf(query: { pageNum: number; pageSize: number }, page: { total: number; list: BrandApplicationRecord[] }, sign: SignFileUrls) {
    const urls = await sign(page.list.flatMap((row) => row.certificateFileIds));
    const today = this.today();
    return { pageNum: query.pageNum, pageSize: query.pageSize, total: page.total, list: page.list.map((row) => rowOf(row, urls, today)) };
  }

  async storeBrands(caller: Caller) {
    return { list: await this.applications.approvedBrands(caller.storeId, this.today()) };
  }

  /** The stored name of an approved brand of the store valid today, or undefined (the goods release check). */
  approvedBrandName(storeId: number, brandName: string): Promise<string | undefined> {
    return this.applications.approvedBrandName(storeId, brandName, this.today());
  }

  async soonestBrandExpiryDays(storeId: number): Promise<number | null> {
    const today = this.today();
    const day = await this.applications.soonestEnd(storeId, today);
    return day === undefined ? null : daysBetween(today, day);
  }

  /**
   * The platform's moves (operator): `review` takes a submitted application under review; `approve` / `reject` decide
   * one under review, taking a submitted one under review first. Anything BRAND_MACHINE does not allow answers
   * 10100005 and changes nothing; each move is a conditional UPDATE from the state it was read in.
   */
  async review(applicationId: number, action: BrandReviewAction, reason?: string): Promise<BrandReviewView> {
    const found = await this.applications.findAny(applicationId);
    if (!found) throw new StoreError(STORE_CODES.notFound, `brand application ${applicationId} not found`);
    const refused = (status: number) =>
      new StoreError(STORE_CODES.notAllowedInCurrentState, `cannot ${action} brand application ${applicationId}: it is ${BRAND_STATE_NAMES[status] ?? status}`);
    let status = found.status;
    const now = this.clock.now();
    if (action !== 'review' && status === BRAND_APPLICATION_STATUS.submitted) {
      const underReview = BRAND_MACHINE.next(status, 'startReview', 'platform') as number;
      if (!(await this.applications.move(applicationId, status, underReview, {}))) throw refused(status);
      status = underReview;
    }
    const to = BRAND_MACHINE.next(status, EVENT_OF[action], 'platform');
    if (to === undefined) throw refused(status);
    const decided = action === 'review' ? {} : { rejectReason: action === 'reject' ? (reason ?? null) : null, reviewedAt: now };
    if (!(await this.applications.move(applicationId, status, to, decided))) throw refused(status);
    const after = (await this.applications.findAny(applicationId)) as BrandApplicationRecord;
    return { applicationId, storeId: after.storeId, brandName: after.brandName, status: after.status, rejectReason: after.rejectReason };
  }
}

const BRAND_STATE_NAMES: Record<number, string> = { 0: 'submitted', 1: 'under review', 2: 'approved', 3: 'rejected', 4: 'expired' };

function rowOf(row: BrandApplicationRecord, urls: Map<number, string>, today: string): BrandApplicationRow {
  const daysLeft = daysBetween(today, row.brandExpireDate);
  return {
    applicationId: row.id,
    brandName: row.brandName,
    brandOwner: row.brandOwner,
    authorisationChain: row.authorisationChain,
    brandExpireDate: row.brandExpireDate,
    status: row.status as BrandApplicationStatus,
    rejectReason: row.rejectReason ?? '',
    certificates: row.certificateFileIds.map((fileId) => ({ fileId, objectUrl: urls.get(fileId) ?? GOODS_MEDIA_UNAVAILABLE_URL })),
    createTime: toEpochSeconds(row.createdAt) ?? 0,
    reviewTime: toEpochSeconds(row.reviewedAt) ?? 0,
    daysLeft,
    expiringSoon: row.status === BRAND_APPLICATION_STATUS.approved && isBrandExpiringSoon(daysLeft),
  };
}
