// Asynchronous server export of a filtered list (issue 9, console-spec §9; design in docs/export.md).
// `export/create` records a job for the caller's store and builds the xlsx in the background from the
// same list definition and filters the list call uses; `export/status` answers the job's state and
// progress, and a download URL once the file is ready. The console polls status with the §9 rule
// (every 1 s, up to 5 tries: secure-transport's ASYNC_TASK_POLL_INTERVAL_MS / ASYNC_TASK_MAX_TRIES).
import { z } from 'zod';
import { defineEndpoint, type AnyEndpoint } from '../endpoint';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';
import { afterSalesEndpoints } from './after-sales';
import { SORT_ORDERS, goodsEndpoints } from './goods';
import { inventoryEndpoints } from './inventory';
import { orderEndpoints } from './orders';
import { statementEndpoints } from './statements';
import { PERMISSIONS } from '../permissions';

/**
 * The lists a server export can build, by resource key, each with the list call whose `biz` schema
 * validates the export's filters and sort and whose permission the caller must hold. One registry: the
 * server maps the same keys to its list definitions (apps/store-server/src/modules/exports).
 */
export const EXPORT_RESOURCE_LISTS = {
  'goods.list': goodsEndpoints.list,
  'goods.draft': goodsEndpoints.draftList,
  'goods.skuStock': goodsEndpoints.skuStockList,
  'inventory.item': inventoryEndpoints.itemList,
  // Exporting orders takes its own permission code (order:export), not only the list's order:view.
  'orders.list': { ...orderEndpoints.orderList, permission: PERMISSIONS.orderExport },
  // After-sales lists: the list's own permission (after-sales:view), as the screens' export buttons.
  'afterSales.refunds': afterSalesEndpoints.refundList,
  'afterSales.complaints': afterSalesEndpoints.complaintList,
  // billManagement/bills: the statements as the bills list filters them (trade:view).
  'trade.statements': statementEndpoints.statementList,
} as const satisfies Record<string, AnyEndpoint>;
export type ExportResource = keyof typeof EXPORT_RESOURCE_LISTS;
export const EXPORT_RESOURCES = Object.keys(EXPORT_RESOURCE_LISTS) as [ExportResource, ...ExportResource[]];

/** Job state: 1 queued, 2 running, 3 done (downloadUrl set), 4 failed (msg set). */
export const EXPORT_JOB_STATE = { queued: 1, running: 2, done: 3, failed: 4 } as const;
export type ExportJobState = (typeof EXPORT_JOB_STATE)[keyof typeof EXPORT_JOB_STATE];
export const EXPORT_JOB_STATE_LABELS: StatusTable<ExportJobState> = statusTable({
  1: { 'zh-CN': '排队中', 'en-US': 'queued' },
  2: { 'zh-CN': '生成中', 'en-US': 'preparing' },
  3: { 'zh-CN': '已完成', 'en-US': 'ready' },
  4: { 'zh-CN': '失败', 'en-US': 'failed' },
});

export const EXPORT_LIMITS = {
  /** Rows one export may hold; a larger filtered list is refused at create (narrow the filter). */
  maxRows: 200_000,
  /** Jobs of one store queued or running at once; another create answers 10100005 until one ends. */
  activeJobsPerStore: 3,
  /** How long a job, its file and its download URL live after the job is created (24 hours). */
  retentionSeconds: 24 * 60 * 60,
  fileNameMax: 100,
} as const;

const filterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(200), z.number()])).max(50)]);

export const exportCreateBiz = z.object({
  resource: z.enum(EXPORT_RESOURCES),
  /** The list's filters as its list call takes them (field → value); checked with that call's schema. */
  filters: z.record(z.string().max(60), filterValue).default({}),
  sort: z
    .object({
      field: z.string().min(1).max(60),
      order: z.enum(SORT_ORDERS),
    })
    .optional(),
  /** The merchant's file name; illegal characters become '_' and the extension is .xlsx (§9). */
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(EXPORT_LIMITS.fileNameMax),
});
export type ExportCreateRequest = z.input<typeof exportCreateBiz>;

export const exportStatusBiz = z.object({
  jobId: z.number().int().positive(),
});

const exportJobStateValue = z.number().int().min(1).max(4) as unknown as z.ZodType<ExportJobState>;

export const exportJobSchema = z.object({
  jobId: z.number(),
  resource: z.string(),
  state: exportJobStateValue,
  /** The sanitized file name (…xlsx). */
  fileName: z.string(),
  /** Rows written so far, of `total` (the filtered count taken when the job started). */
  processed: z.number().int().min(0),
  total: z.number().int().min(0),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** A signed GET URL while state is 3 (done), valid until expireTime; else ''. */
  downloadUrl: z.string(),
  /** Why the job failed (state 4) in the caller's language; else ''. */
  msg: z.string(),
  createTime: z.number(),
  /** When the job, its file and the download URL are removed (seconds). */
  expireTime: z.number(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const EXPORT_BASE = '/v1/store/export';
/** The plain-HTTP download of a finished file (signed URL: jobId, expires, signature). */
export const EXPORT_DOWNLOAD_PATH = `${EXPORT_BASE}/file`;

/**
 * No permission code on the calls themselves: create checks the permission of the exported list's own
 * call (goods:view, inventory:view…); status and the download are the store's own jobs only (another
 * store's jobId answers 10100004, as if it did not exist).
 */
export const exportEndpoints = {
  create: defineEndpoint({
    path: `${EXPORT_BASE}/create`,
    biz: exportCreateBiz,
    data: exportJobSchema,
    errors: [STORE_CODES.permissionDenied, STORE_CODES.notAllowedInCurrentState],
    access: 'user',
    summary: 'records an export job of a filtered list and builds its xlsx in the background',
  }),
  status: defineEndpoint({
    path: `${EXPORT_BASE}/status`,
    biz: exportStatusBiz,
    data: exportJobSchema,
    errors: [STORE_CODES.notFound],
    access: 'user',
    summary: "an export job's state, progress and, once done, its download URL",
  }),
} as const;
