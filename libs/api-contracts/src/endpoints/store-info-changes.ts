// Issue 26 §1: the shop profile's reviewed changes (docs/merchant-centre.md "Shop profile"). The store name, the
// licence, the legal person and the business categories of an approved store change only after the platform's
// review: a change is kept pending (one per kind), the shop keeps selling on the approved data, and the operator
// approves or refuses it with `npm run operator -- profile-approve|profile-reject <changeId>`.
import { z } from 'zod';
import { emptyBiz, endpointsUnder } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { statusTable, type StatusTable } from '../status-tables';
import { categoryIdsField, storeCategory, storeInfoShape, storedStoreInfo } from './account';
import { USER_BASE } from './auth';

export const STORE_INFO_CHANGE_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
export type StoreInfoChangeStatus = (typeof STORE_INFO_CHANGE_STATUS)[keyof typeof STORE_INFO_CHANGE_STATUS];
export const STORE_INFO_CHANGE_STATUS_LABELS: StatusTable<StoreInfoChangeStatus> = statusTable({
  [STORE_INFO_CHANGE_STATUS.pending]: { 'zh-CN': '审核中', 'en-US': 'under review' },
  [STORE_INFO_CHANGE_STATUS.approved]: { 'zh-CN': '已通过', 'en-US': 'approved' },
  [STORE_INFO_CHANGE_STATUS.rejected]: { 'zh-CN': '已驳回', 'en-US': 'rejected' },
});

/** What a reviewed change is about: one screen each (shopMsg/shopMssage/store, storeLicense, legalPerson, jyEdit). */
export const STORE_INFO_CHANGE_KINDS = ['store', 'license', 'legalPerson', 'categories'] as const;
export type StoreInfoChangeKind = (typeof STORE_INFO_CHANGE_KINDS)[number];

export const storeNameChangeBiz = z.object({ storeName: storeInfoShape.storeName });
export const licenseChangeBiz = z.object({
  licenseNumber: storeInfoShape.licenseNumber,
  licenseImageUrl: storeInfoShape.licenseImageUrl,
  licenseExpireTime: storeInfoShape.licenseExpireTime,
});
export const legalPersonChangeBiz = z.object({ legalPersonName: storeInfoShape.legalPersonName, legalPersonIdNumber: storeInfoShape.legalPersonIdNumber });
export const categoriesChangeBiz = z.object({ categoryIds: categoryIdsField });

/** A change as the merchant sees it: what was asked (the ID number masked), its review state and any reason. */
export const storeInfoChange = z.strictObject({
  changeId: z.number().int(),
  kind: z.enum(STORE_INFO_CHANGE_KINDS),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  changes: storedStoreInfo,
  /** For a categories change: the asked categories with their names. */
  categories: z.array(storeCategory),
  rejectReason: z.string(),
  createTime: z.number().int(),
  decideTime: z.number().int().nullable(),
});

const submitErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState, STORE_CODES.invalidParameter] as const;
const userCall = endpointsUnder(USER_BASE);

export const storeInfoChangeEndpoints = {
  /** The latest change of each kind (pending, or the last decision), newest first. */
  queryStoreInfoChanges: userCall('queryStoreInfoChanges', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The reviewed shop-profile changes: pending ones and the last decision of each kind',
    biz: emptyBiz,
    data: z.strictObject({ list: z.array(storeInfoChange) }),
    errors: [STORE_CODES.notFound],
  }),
  applyStoreNameChange: userCall('applyStoreNameChange', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Ask to change the store name (reviewed)',
    biz: storeNameChangeBiz,
    data: storeInfoChange,
    errors: submitErrors,
  }),
  applyStoreLicenseChange: userCall('applyStoreLicenseChange', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Ask to change the business licence (reviewed)',
    biz: licenseChangeBiz,
    data: storeInfoChange,
    errors: submitErrors,
  }),
  applyLegalPersonChange: userCall('applyLegalPersonChange', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Ask to change the legal person (reviewed)',
    biz: legalPersonChangeBiz,
    data: storeInfoChange,
    errors: submitErrors,
  }),
  /** Removing a category that still has goods on shelf is refused at once (10100010 names how many). */
  applyStoreCategoriesChange: userCall('applyStoreCategoriesChange', {
    access: 'user',
    permission: PERMISSIONS.shopCategories,
    summary: 'Ask to change the business categories (reviewed)',
    biz: categoriesChangeBiz,
    data: storeInfoChange,
    errors: [...submitErrors, STORE_CODES.categoryHasOnShelfGoods],
  }),
} as const;
