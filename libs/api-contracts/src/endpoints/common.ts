// console-spec §7 "Common" calls, reference lists, error reports and the operation log (paths the spec
// leaves open: apps/store-server/docs/api.md).
import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { defineEndpoint, emptyBiz } from '../endpoint';
import { digitsPattern, idField } from '../fields';
import { namedPattern } from '../rules';
import { STORE_CODES } from '../store-codes';

export const COMMON_BASE = '/v1/store/common';
/** The secure-transport client's paths (@merchant/secure-transport constants; a store-server test keeps them equal). */
export const ERROR_REPORT_CONFIG_PATH = '/v1/store/appconfig/errorReport/getErrorReportConfig';
export const ERROR_REPORT_INSERT_PATH = '/v1/store/alarm/errorReport/insertErrorReport';
export const OPERATION_LOG_PATH = '/v1/store/common/operationLog/insert';

/** console-spec §7: operation types of the operation log. */
export const OPERATION_TYPES = ['OPEN_APP', 'CLOSE_APP', 'USER_LOGIN', 'USER_LOGOUT'] as const;
/** Our limit on one error report (records of the client's cache). */
export const MAX_ERROR_REPORT_RECORDS = 200;
export const DICTIONARY_TYPES = ['stockStatus', 'freightTemplateStatus', 'deliveryRangeStatus', 'withdrawBlacklistStatus'] as const;

const code = () => z.string().regex(digitsPattern(6));

export const operationLogBiz = z.object({
  operationType: z.enum(OPERATION_TYPES),
  operationStartTime: z.number().int().positive(),
});
export const errorReportBiz = z.object({
  errorCode: z.string().min(1).max(20),
  path: z.string().min(1).max(300),
  reportedAt: z.number().int().positive().optional(),
  records: z.array(z.unknown()).max(MAX_ERROR_REPORT_RECORDS),
});

const listOf = <T extends z.ZodType>(item: T) => z.strictObject({ list: z.array(item) });
const int = () => z.number().int();

export const referenceCategory = z.strictObject({ id: int(), parentId: int(), categoryName: z.string(), level: int() });
export const referenceCity = z.strictObject({ cityCode: z.string(), parentCode: z.string(), cityName: z.string(), level: int() });
const created = z.strictObject({ id: int() });

export const commonEndpoints = {
  units: defineEndpoint({
    path: `${COMMON_BASE}/unit/searchAllEnableUnitList`,
    access: 'public',
    summary: 'Enabled goods units',
    biz: emptyBiz,
    data: listOf(z.strictObject({ id: int(), unitName: z.string() })),
  }),
  technologies: defineEndpoint({
    path: `${COMMON_BASE}/technology/list`,
    access: 'public',
    summary: 'Technology list',
    biz: emptyBiz,
    data: listOf(z.strictObject({ id: int(), technologyName: z.string() })),
  }),
  categorySpecs: defineEndpoint({
    path: `${COMMON_BASE}/category/specList`,
    access: 'public',
    summary: 'The specifications of a category',
    biz: z.object({ categoryId: idField() }),
    // specName and specValues are keys (stored in goods and SKUs, never translated); the labels are what the
    // merchant reads, in the caller's language (docs/goods.md "Reference data in two languages").
    data: listOf(
      z.strictObject({
        id: int(),
        specName: z.string(),
        specValues: z.array(z.string()),
        specLabel: z.string().optional(),
        specValueLabels: z.record(z.string(), z.string()).optional(),
      }),
    ),
    errors: [STORE_CODES.notFound],
  }),
  /** Money in integer cents. */
  entryFee: defineEndpoint({
    path: `${COMMON_BASE}/entryFee/getEntryFee`,
    access: 'public',
    summary: 'Entry fee and deposit by city and category (integer cents)',
    biz: z.object({ cityCode: code(), categoryId: idField() }),
    data: z.strictObject({ cityCode: z.string(), categoryId: int(), entryFee: int(), deposit: int() }),
    errors: [STORE_CODES.notFound],
  }),
  skillPackages: defineEndpoint({
    path: `${COMMON_BASE}/skillPackage/list`,
    access: 'public',
    summary: 'Skill packages (price in integer cents)',
    biz: emptyBiz,
    data: listOf(z.strictObject({ id: int(), packageName: z.string(), price: int(), description: z.string() })),
  }),
  porterage: defineEndpoint({
    path: `${COMMON_BASE}/porterage/list`,
    access: 'public',
    summary: 'Porterage list (price in integer cents)',
    biz: emptyBiz,
    data: listOf(z.strictObject({ id: int(), porterageName: z.string(), unitName: z.string(), price: int() })),
  }),
  singlePage: defineEndpoint({
    path: `${COMMON_BASE}/singlePage/getByCode`,
    access: 'public',
    summary: 'A single page by code',
    biz: z.object({ code: z.string().trim().min(1).max(50) }),
    data: z.strictObject({ code: z.string(), title: z.string(), content: z.string() }),
    errors: [STORE_CODES.notFound],
  }),
  cities: defineEndpoint({
    path: `${COMMON_BASE}/city/list`,
    access: 'public',
    summary: 'Cities under a parent code (all without one)',
    biz: z.object({ parentCode: z.string().regex(namedPattern(/^(0|\d{6})$/, { rule: 'format' })).optional() }),
    data: listOf(referenceCity),
  }),
  operateCities: defineEndpoint({
    path: `${COMMON_BASE}/city/operateCityList`,
    access: 'public',
    summary: 'Cities the platform operates in',
    biz: emptyBiz,
    data: listOf(referenceCity),
  }),
  /** null when the platform is not open there. */
  openCityByDistrict: defineEndpoint({
    path: `${COMMON_BASE}/city/getOpenCityByDistrictCode`,
    access: 'public',
    summary: 'The open city of a district',
    biz: z.object({ districtCode: code() }),
    data: referenceCity.nullable(),
    errors: [STORE_CODES.notFound],
  }),
  apps: defineEndpoint({
    path: `${COMMON_BASE}/app/list`,
    access: 'public',
    summary: 'App list',
    biz: emptyBiz,
    data: listOf(z.strictObject({ appId: int(), appName: z.string() })),
  }),
  adverts: defineEndpoint({
    path: `${COMMON_BASE}/advert/list`,
    access: 'public',
    summary: 'Adverts of a position',
    biz: z.object({ position: z.string().trim().min(1).max(30).default('pc_home') }),
    data: listOf(z.strictObject({ id: int(), title: z.string(), imageUrl: z.string(), linkUrl: z.string(), sort: int() })),
  }),
  dictionary: defineEndpoint({
    path: `${COMMON_BASE}/dictionary/list`,
    access: 'public',
    summary: 'Status dictionaries (stock, freight template, delivery range, withdraw blacklist)',
    biz: z.object({ dictType: z.enum(DICTIONARY_TYPES) }),
    data: listOf(z.strictObject({ value: int(), label: z.string() })),
  }),
  /** console-spec §3/§4: status 2 success, 3 failure, anything else still running; null: no such task of this store. */
  asyncTask: defineEndpoint({
    path: `${COMMON_BASE}/asyncTask/queryById`,
    access: 'user',
    summary: 'An async task of the store',
    biz: z.object({ id: idField() }),
    data: z
      .strictObject({ id: int(), status: int(), failReason: z.string(), result: z.unknown(), createTime: int() })
      .nullable(),
  }),
  categories: defineEndpoint({
    path: '/v1/store/eshop/expand/category/list',
    access: 'public',
    summary: 'Enabled categories under a parent (0: top level)',
    biz: z.object({ parentId: z.coerce.number().int().min(0).default(0) }),
    data: listOf(referenceCategory),
  }),
  categoryTree: defineEndpoint({
    path: '/v1/store/eshop/expand/category/tree',
    access: 'public',
    summary: 'The enabled category tree (two levels)',
    biz: emptyBiz,
    data: listOf(referenceCategory.extend({ children: z.array(referenceCategory) })),
  }),
  storeCategories: defineEndpoint({
    path: '/v1/store/eshop/expand/category/getStoreCategoryList',
    access: 'user',
    permission: PERMISSIONS.goodsEdit,
    summary: 'The business categories of the store',
    biz: emptyBiz,
    data: listOf(z.strictObject({ id: int(), parentId: int(), categoryName: z.string() })),
  }),
  sowntowns: defineEndpoint({
    path: '/v1/store/base/sowntown/ftBasSowntownStore/querySowntownList',
    access: 'public',
    summary: 'Sowntowns of a city (all without one)',
    biz: z.object({ cityCode: code().optional() }),
    data: listOf(z.strictObject({ id: int(), cityCode: z.string(), sowntownName: z.string() })),
  }),
  storeSowntownExists: defineEndpoint({
    path: '/v1/store/eshop/sowntown/existsStoreSowntown',
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'Whether the store has a sowntown',
    biz: emptyBiz,
    data: z.strictObject({ exists: z.boolean() }),
  }),
  errorReportConfig: defineEndpoint({
    path: ERROR_REPORT_CONFIG_PATH,
    access: 'public',
    summary: 'Which error codes the client reports and how many records it keeps',
    biz: emptyBiz,
    data: z.strictObject({ cacheNumber: int().min(0), errorCodeList: z.array(z.string()) }),
  }),
  /** Attributed to the signed-in store when the request carries a valid token. */
  errorReportInsert: defineEndpoint({
    path: ERROR_REPORT_INSERT_PATH,
    access: 'public',
    summary: 'Report a client error with its cached records',
    biz: errorReportBiz,
    data: created,
  }),
  /** Attributed to the signed-in store and user when the request carries a valid token. */
  operationLog: defineEndpoint({
    path: OPERATION_LOG_PATH,
    access: 'public',
    summary: 'Record an operation (open/close app, sign in/out)',
    biz: operationLogBiz,
    data: created,
  }),
} as const;
