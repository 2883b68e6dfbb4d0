import {
  BRAND_APPLICATION_STATUS,
  GOODS_MEDIA_UNAVAILABLE_URL,
  type BrandApplicationRow,
  type BrandApplicationStatus,
  type BrandApplyInput,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { toEpochSeconds, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { BrandApplicationRecord, BrandApplicationsRepository } from './brand-applications.repository';
import type { SignFileUrls } from './goods.media';

/** What the goods release asks of the store's brands (goods.service). */
export interface StoreBrandCheck {
  approvedBrandName(storeId: number, brandName: string): Promise<string | undefined>;
}

/** The calendar day of an instant, UTC (the day the expiry date is compared with). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export interface BrandReviewView {
  applicationId: number;
  storeId: number;
  brandName: string;
  status: number;
  rejectReason: string | null;
}

/**
 * brandApply (docs/goods.md "Brand applications"): a store applies for a brand with its authorisation
 * end date and certificate images from its own media library; the platform approves or rejects it
 * (operator brand-approve / brand-reject); approved brands not yet expired are the store's brand list.
 */
export class BrandApplicationsService implements StoreBrandCheck {
  constructor(
    private readonly applications: BrandApplicationsRepository,
    private readonly clock: Clock,
  ) {}

  async apply(caller: Caller, input: BrandApplyInput, sign: SignFileUrls): Promise<{ applicationId: number; status: BrandApplicationStatus }> {
    if (input.brandExpireDate <= dayOf(this.clock.now())) {
      throw new StoreError(STORE_CODES.invalidParameter, text('授权截止日期须晚于今天', 'brandExpireDate must be after today'));
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
      new StoreError(STORE_CODES.alreadyExists, text(`品牌「${brandName}」已在审核中或已通过`, `brand "${brandName}" is already under review or approved`));
    if (await this.applications.findLive(caller.storeId, brandName)) throw duplicate();
    const id = await this.applications.insert(caller.storeId, { brandName, brandExpireDate: input.brandExpireDate, certificateFileIds: input.certificateFileIds });
    if (id === undefined) throw duplicate();
    return { applicationId: id, status: BRAND_APPLICATION_STATUS.underReview };
  }

  async list(caller: Caller, query: { pageNum: number; pageSize: number; status?: number }, sign: SignFileUrls) {
    const page = await this.applications.page(caller.storeId, query);
    const urls = await sign(page.list.flatMap((row) => row.certificateFileIds));
    return { pageNum: query.pageNum, pageSize: query.pageSize, total: page.total, list: page.list.map((row) => rowOf(row, urls)) };
  }

  async storeBrands(caller: Caller) {
    return { list: await this.applications.approvedBrands(caller.storeId, dayOf(this.clock.now())) };
  }

  /** The stored name of an approved, unexpired brand of the store, or undefined (the goods release check). */
  approvedBrandName(storeId: number, brandName: string): Promise<string | undefined> {
    return this.applications.approvedBrandName(storeId, brandName, dayOf(this.clock.now()));
  }

  /** The platform's decision (operator): only an application under review. */
  async review(applicationId: number, action: 'approve' | 'reject', reason?: string): Promise<BrandReviewView> {
    const found = await this.applications.findAny(applicationId);
    if (!found) throw new StoreError(STORE_CODES.notFound, `brand application ${applicationId} not found`);
    const status = action === 'approve' ? BRAND_APPLICATION_STATUS.approved : BRAND_APPLICATION_STATUS.rejected;
    const decided = await this.applications.decide(applicationId, status, action === 'reject' ? (reason ?? null) : null, this.clock.now());
    if (!decided) throw new StoreError(STORE_CODES.notAllowedInCurrentState, `cannot ${action} brand application ${applicationId}: it is not under review`);
    const after = (await this.applications.findAny(applicationId)) as BrandApplicationRecord;
    return { applicationId, storeId: after.storeId, brandName: after.brandName, status: after.status, rejectReason: after.rejectReason };
  }
}

function rowOf(row: BrandApplicationRecord, urls: Map<number, string>): BrandApplicationRow {
  return {
    applicationId: row.id,
    brandName: row.brandName,
    brandExpireDate: row.brandExpireDate,
    status: row.status as BrandApplicationStatus,
    rejectReason: row.rejectReason ?? '',
    certificates: row.certificateFileIds.map((fileId) => ({ fileId, objectUrl: urls.get(fileId) ?? GOODS_MEDIA_UNAVAILABLE_URL })),
    createTime: toEpochSeconds(row.createdAt) ?? 0,
    reviewTime: toEpochSeconds(row.reviewedAt) ?? 0,
  };
}
