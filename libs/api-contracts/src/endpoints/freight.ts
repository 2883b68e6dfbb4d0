// Issue 27 §1, freight templates (console-spec §2 /shop freightTem/freightTemTen, +add, edit; docs/merchant-centre.md
// "Freight templates"). A template prices a cart by count, weight or volume: a first block and additional blocks
// per group of regions of the common city list, free shipping over an amount or a count, and regions it does not
// sell to. One template per store may be the default. Money is integer cents; the calculation is
// ../freight-calculation.ts, shared by the server's tester and the console's preview.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { FREIGHT_FREE_KIND, FREIGHT_PRICING } from '../freight-calculation';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';

export * from '../freight-calculation';

export const FREIGHT_BASE = '/v1/store/eshop/store/freight';

export const FREIGHT_PRICING_LABELS: StatusTable<1 | 2 | 3> = statusTable({
  1: { 'zh-CN': '按件数', 'en-US': 'by count' },
  2: { 'zh-CN': '按重量', 'en-US': 'by weight' },
  3: { 'zh-CN': '按体积', 'en-US': 'by volume' },
});

export const FREIGHT_LIMITS = {
  nameMax: 30,
  centsMax: 99_999_999,
  /** Pieces, grams or cm³ in one block. */
  unitsMax: 100_000_000,
  regionGroupsMax: 50,
  regionCodesMax: 500,
  freeRulesMax: 10,
  cartLinesMax: 50,
  quantityMax: 9_999,
} as const;

const id = () => z.number().int().positive();
const cents = () => z.number().refine(Number.isInteger, rule('wholeCents')).min(0).max(FREIGHT_LIMITS.centsMax);
const blockUnits = () => z.number().int().min(1).max(FREIGHT_LIMITS.unitsMax);
/** A code of the common city list (province, city or district); the server checks it exists. */
const regionCode = () => z.string().regex(/^\d{6}$/, rule('format'));
const regionCodes = () => z.array(regionCode()).max(FREIGHT_LIMITS.regionCodesMax);
const pricing = z.union([z.literal(FREIGHT_PRICING.count), z.literal(FREIGHT_PRICING.weight), z.literal(FREIGHT_PRICING.volume)]);
const freeKind = z.union([z.literal(FREIGHT_FREE_KIND.amount), z.literal(FREIGHT_FREE_KIND.count)]);

const blockShape = { firstUnits: blockUnits(), firstCents: cents(), additionalUnits: blockUnits(), additionalCents: cents() };

/** The rules of a template as the merchant writes them (add and edit). */
const templateShape = {
  name: z.string().trim().min(1).max(FREIGHT_LIMITS.nameMax),
  pricing,
  defaultBlock: z.object(blockShape),
  regionGroups: z.array(z.object({ regionCodes: regionCodes().min(1), ...blockShape })).max(FREIGHT_LIMITS.regionGroupsMax).default([]),
  freeRules: z
    .array(z.object({ regionCodes: regionCodes().default([]), kind: freeKind, threshold: z.number().int().min(1).max(FREIGHT_LIMITS.centsMax) }))
    .max(FREIGHT_LIMITS.freeRulesMax)
    .default([]),
  excludedRegions: regionCodes().default([]),
  isDefault: z.boolean().default(false),
};

const blockOut = { firstUnits: z.number().int(), firstCents: z.number().int(), additionalUnits: z.number().int(), additionalCents: z.number().int() };

export const freightTemplate = z.strictObject({
  templateId: z.number().int().positive(),
  name: z.string(),
  pricing,
  defaultBlock: z.strictObject(blockOut),
  regionGroups: z.array(z.strictObject({ regionCodes: z.array(z.string()), ...blockOut })),
  freeRules: z.array(z.strictObject({ regionCodes: z.array(z.string()), kind: freeKind, threshold: z.number().int() })),
  excludedRegions: z.array(z.string()),
  isDefault: z.boolean(),
  /** Goods of the store that use the template (a used template cannot be deleted). */
  goodsCount: z.number().int(),
  updateTime: z.number().int(),
});

/** A saved template, and the codes it lists more than once (saved all the same; the form warns of them). */
export const freightTemplateSaved = z.strictObject({ template: freightTemplate, duplicateRegions: z.array(z.string()) });

const ruleRef = z.strictObject({ kind: z.enum(['default', 'region', 'free', 'excluded']), index: z.number().int().nullable(), regionCode: z.string().nullable() });

/** What the tester answers: the freight (null when not sold there), the rule that produced it, the cart's units. */
export const freightQuoteResult = z.strictObject({
  outcome: z.enum(['charged', 'free', 'notSold']),
  freightCents: z.number().int().nullable(),
  units: z.number().int(),
  rule: ruleRef,
  /** The address's region path, most specific first (district, city, province). */
  regionPath: z.array(z.strictObject({ cityCode: z.string(), cityName: z.string() })),
});

/** 10100005 on delete: goods use the template; errInfo.goodsCount says how many. */
export const FREIGHT_IN_USE_INFO = z.strictObject({ goodsCount: z.number().int(), templateId: z.number().int() });

const freightErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const freightCall = endpointsUnder(FREIGHT_BASE);
const templateIdBiz = z.object({ templateId: id() });

export const freightEndpoints = {
  freightTemplateList: freightCall('template/list', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: "The store's freight templates, the default first, then newest first, by name",
    biz: z.object({ ...pageQueryShape, name: z.string().trim().max(FREIGHT_LIMITS.nameMax).optional() }),
    data: pageResult(freightTemplate),
  }),
  freightTemplateDetails: freightCall('template/details', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'One freight template with the number of goods using it',
    biz: templateIdBiz,
    data: freightTemplate,
    errors: freightErrors,
  }),
  addFreightTemplate: freightCall('template/add', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Create a freight template (isDefault makes it the one default, unsetting the previous one)',
    biz: z.object(templateShape),
    data: freightTemplateSaved,
    errors: freightErrors,
  }),
  editFreightTemplate: freightCall('template/edit', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: "Change a template's rules; goods using it are priced by the new rules",
    biz: z.object({ templateId: id(), ...templateShape }),
    data: freightTemplateSaved,
    errors: freightErrors,
  }),
  deleteFreightTemplate: freightCall('template/delete', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Delete a template no goods use (10100005 with errInfo.goodsCount otherwise)',
    biz: templateIdBiz,
    data: z.strictObject({ templateId: z.number().int().positive() }),
    errors: freightErrors,
  }),
  freightQuote: freightCall('template/quote', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The tester: the freight of a cart to an address (a region code) under a template, and the rule that produced it',
    biz: z.object({
      templateId: id(),
      regionCode: regionCode(),
      items: z
        .array(
          z.object({
            quantity: z.number().int().min(1).max(FREIGHT_LIMITS.quantityMax),
            unitPriceCents: cents(),
            unitWeightGrams: z.number().int().min(0).max(FREIGHT_LIMITS.unitsMax).default(0),
            unitVolumeCm3: z.number().int().min(0).max(FREIGHT_LIMITS.unitsMax).default(0),
          }),
        )
        .min(1)
        .max(FREIGHT_LIMITS.cartLinesMax),
    }),
    data: freightQuoteResult,
    errors: freightErrors,
  }),
};
