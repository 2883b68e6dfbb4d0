// Saved views (issue 9 §3 "beyond the anchors"): a named filter and column set of one list, kept per
// user on the server, so a merchant finds the same views on another browser (docs/goods.md).
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { STORE_CODES } from '../store-codes';
import { namedPattern, rule } from '../rules';

export const SAVED_VIEW_LIMITS = { nameMax: 30, viewsPerResource: 20, columnsMax: 50, filtersJsonMax: 4000 } as const;
/** A list's key, e.g. `goods.list`, `inventory.item` (the console's resource definition names it). */
export const SAVED_VIEW_RESOURCE_PATTERN = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*){0,3}$/;

const resource = z.string().trim().regex(namedPattern(SAVED_VIEW_RESOURCE_PATTERN, { rule: 'savedViewKey' })).max(60);
const filterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(200), z.number()])).max(50)]);

export const savedViewSchema = z.object({
  viewId: z.number(),
  resource: z.string(),
  name: z.string(),
  /** The list's search values as its search bar holds them (field → value). */
  filters: z.record(z.string(), filterValue),
  /** Visible column keys in their order. */
  columns: z.array(z.string()),
  updateTime: z.number(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListBiz = z.object({ resource });
/** Creates a view, or replaces the one with `viewId` (or with the same name). */
export const savedViewSaveBiz = z.object({
  viewId: z.number().int().positive().optional(),
  resource,
  name: z.string().trim().min(1).max(SAVED_VIEW_LIMITS.nameMax),
  filters: z
    .record(z.string().max(60), filterValue)
    .refine((f) => JSON.stringify(f).length <= SAVED_VIEW_LIMITS.filtersJsonMax, rule('tooLarge')),
  columns: z.array(z.string().min(1).max(60)).max(SAVED_VIEW_LIMITS.columnsMax),
});
export const savedViewIdBiz = z.object({ viewId: z.number().int().positive() });

export const SAVED_VIEW_BASE = '/v1/store/eshop/savedView';

/** No permission code: a user's own views; another user's or store's ids answer not found. */
export const savedViewEndpoints = {
  list: defineEndpoint({ path: `${SAVED_VIEW_BASE}/list`, biz: savedViewListBiz, data: z.object({ list: z.array(savedViewSchema) }), access: 'user', summary: "the caller's views of one list" }),
  save: defineEndpoint({ path: `${SAVED_VIEW_BASE}/save`, biz: savedViewSaveBiz, data: savedViewSchema, errors: [STORE_CODES.notFound, STORE_CODES.alreadyExists, STORE_CODES.notAllowedInCurrentState], access: 'user', summary: 'create or replace a view' }),
  delete: defineEndpoint({ path: `${SAVED_VIEW_BASE}/delete`, biz: savedViewIdBiz, data: z.object({ count: z.number() }), errors: [STORE_CODES.notFound], access: 'user', summary: 'delete a view' }),
} as const;
