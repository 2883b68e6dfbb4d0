import {
  STORE_INFO_CHANGE_STATUS,
  STORE_INFO_CHANGE_STATUS_LABELS,
  STORE_STATUS,
  labelOf,
  type StoreInfoChangeKind,
} from '@merchant/api-contracts';
import { maskPhone } from '@merchant/ui-kit/format';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { hashOpaqueToken } from '../../shared/opaque-token';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { AccountService } from './account.service';
import type { StoreInfoChangeRepository } from './store-info-changes.repository';
import { keepStoredUrls, withFreshImages, type FreshStoredUrls } from './store-images';

/** The operation-log type of an asked-for reviewed change (docs/merchant-centre.md "Shop profile"). */
export const STORE_INFO_CHANGE_OPERATION = 'STORE_INFO_CHANGE_APPLY';

type ChangeRow = NonNullable<Awaited<ReturnType<StoreInfoChangeRepository['findChange']>>>;

const KIND_NAMES: Record<StoreInfoChangeKind, { zh: string; en: string }> = {
  store: { zh: '店铺名称', en: 'store name' },
  license: { zh: '营业执照', en: 'business licence' },
  legalPerson: { zh: '法人信息', en: 'legal person' },
  categories: { zh: '经营类目', en: 'business categories' },
};

/**
 * Issue 26 §1: the store name, the licence, the legal person and the business categories change only after the
 * platform's review. The change waits (one pending per kind); the store keeps selling on its approved data; the
 * operator's approval writes it into the store, a refusal keeps the reason for the merchant.
 */
export class StoreInfoChangeService {
  constructor(
    private readonly changes: StoreInfoChangeRepository,
    private readonly account: AccountService,
    private readonly clock: Clock,
  ) {}

  /** A change as the merchant sees it; `changes` is the asked fields with their images already signed afresh. */
  private async view(row: ChangeRow, changes: Record<string, unknown>) {
    changes = { ...changes };
    // The ID number is never sent back whole (console-spec §3 masking: first 3, last 4).
    if (typeof changes.legalPersonIdNumber === 'string') changes.legalPersonIdNumber = maskPhone(changes.legalPersonIdNumber);
    const ids = Array.isArray(changes.categoryIds) ? (changes.categoryIds as number[]) : [];
    return {
      changeId: row.id,
      kind: row.kind as StoreInfoChangeKind,
      status: row.status as 1 | 2 | 3,
      changes,
      categories: row.kind === 'categories' ? await this.changes.categoryNames(ids) : [],
      rejectReason: row.reject_reason ?? '',
      createTime: epochSecondsOf(row.created_at),
      decideTime: row.decided_at ? epochSecondsOf(row.decided_at) : null,
    };
  }

  async list(caller: Caller, fresh: FreshStoredUrls = keepStoredUrls) {
    const rows = await this.changes.latestPerKind(caller.storeId);
    const asked = await withFreshImages(rows.map((row) => row.changes as Record<string, unknown>), fresh);
    return { list: await Promise.all(rows.map((row, i) => this.view(row, asked[i]!))) };
  }

  /** Asks for a reviewed change: an approved store only, one pending per kind; categories are checked now too. */
  async apply(caller: Caller, kind: StoreInfoChangeKind, changes: Record<string, unknown>, fresh: FreshStoredUrls = keepStoredUrls) {
    const store = await this.changes.findStore(caller.storeId);
    if (!store) throw new StoreError(STORE_CODES.notFound, text('店铺不存在', 'store not found'));
    if (store.store_status !== STORE_STATUS.approved) {
      throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('店铺审核通过后才能修改店铺资料', 'the shop profile can be changed once the store is approved'));
    }
    if (kind === 'categories') await this.account.changeCategories(caller.storeId, changes.categoryIds as number[], false);
    const row = await this.changes.insertPending({
      storeId: caller.storeId,
      userId: caller.userId,
      sessionTokenHash: hashOpaqueToken(caller.accessToken),
      kind,
      changes,
      at: this.clock.now(),
      operationType: STORE_INFO_CHANGE_OPERATION,
    });
    if (!row) {
      const name = KIND_NAMES[kind];
      throw new StoreError(STORE_CODES.notAllowedInCurrentState, text(`${name.zh}的修改正在审核中，请等待审核结果`, `a change of the ${name.en} is already under review; wait for its result`));
    }
    const [asked] = await withFreshImages([row.changes as Record<string, unknown>], fresh);
    return this.view(row, asked!);
  }

  /** The operator's decision (`npm run operator -- profile-approve|profile-reject <changeId>`): pending changes only. */
  async decide(changeId: number, action: 'approve' | 'reject', reason: string | undefined) {
    const row = await this.changes.findChange(changeId);
    if (!row) throw new StoreError(STORE_CODES.notFound, `store info change ${changeId} not found`);
    const refuse = (status: number) =>
      new StoreError(STORE_CODES.notAllowedInCurrentState, `cannot ${action} store info change ${changeId}: it is ${labelOf(STORE_INFO_CHANGE_STATUS_LABELS, status, 'en-US')}`);
    if (row.status !== STORE_INFO_CHANGE_STATUS.pending) throw refuse(row.status);
    if (action === 'approve') await this.write(row);
    const decided = await this.changes.decide(changeId, action === 'approve' ? STORE_INFO_CHANGE_STATUS.approved : STORE_INFO_CHANGE_STATUS.rejected, reason ?? null, this.clock.now());
    if (!decided) throw refuse((await this.changes.findChange(changeId))?.status ?? row.status);
    const after = (await this.changes.findChange(changeId))!;
    return { changeId: after.id, storeId: after.store_id, kind: after.kind, status: after.status, rejectReason: after.reject_reason };
  }

  /** Approval: the asked fields become the store's (categories checked again: goods may have gone on shelf since). */
  private async write(row: ChangeRow) {
    const changes = row.changes as Record<string, unknown>;
    if (row.kind === 'categories') {
      await this.account.changeCategories(row.store_id, changes.categoryIds as number[], true);
      await this.changes.applyToStore(row.store_id, { categoryIds: changes.categoryIds }, {});
      return;
    }
    if (row.kind === 'store') return this.changes.applyToStore(row.store_id, changes, { store_name: String(changes.storeName) });
    if (row.kind === 'license') {
      const seconds = typeof changes.licenseExpireTime === 'number' ? changes.licenseExpireTime : null;
      const fields = { licenseNumber: changes.licenseNumber, licenseImageUrl: changes.licenseImageUrl, licenseExpireTime: seconds ?? undefined };
      return this.changes.applyToStore(row.store_id, fields, { license_expires_on: seconds === null ? null : new Date(seconds * 1000) });
    }
    return this.changes.applyToStore(row.store_id, changes, {});
  }
}
