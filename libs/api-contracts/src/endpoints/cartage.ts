// Issue 27 §2, cartage (porterage) templates (console-spec §2 /shop cartageTem/cartageTemTen, +add, edit;
// docs/merchant-centre.md "Cartage templates"). A template prices carrying bulky decoration goods from the vehicle
// into the home: per piece and floor with a lift and without one (above the free floors), per piece by the
// distance band of the carry, and a minimum charge per job. Money is integer cents; the calculation is
// ../cartage-calculation.ts, shared by the server's quote and the console's preview.
import { z } from 'zod';
import { overlappingBands, type CartageBand } from '../cartage-calculation';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule, ruleIssue } from '../rules';
import { STORE_CODES } from '../store-codes';

export * from '../cartage-calculation';

export const CARTAGE_BASE = '/v1/store/eshop/store/cartage';

export const CARTAGE_LIMITS = {
  nameMax: 30,
  centsMax: 99_999_999,
  /** The highest floor a template or a job names (the tallest residential towers stay below it). */
  floorMax: 200,
  metersMax: 10_000,
  bandsMax: 20,
  piecesMax: 999,
} as const;

const id = () => z.number().int().positive();
const cents = () => z.number().refine(Number.isInteger, rule('wholeCents')).min(0).max(CARTAGE_LIMITS.centsMax);
const meters = () => z.number().int().min(0).max(CARTAGE_LIMITS.metersMax);

/** Each band ends beyond its start, and no two bands overlap (reported on the later band's start). */
function checkBands(bands: readonly CartageBand[], ctx: z.RefinementCtx): void {
  bands.forEach((band, index) => {
    if (band.toMeters <= band.fromMeters) ctx.addIssue(ruleIssue('bandEnd', ['distanceBands', index, 'toMeters']));
  });
  const valid = bands.map((band, index) => ({ band, index })).filter(({ band }) => band.toMeters > band.fromMeters);
  const reported = new Set<number>();
  for (const [earlier, later] of overlappingBands(valid.map(({ band }) => band))) {
    const laterIndex = valid[later]!.index;
    if (reported.has(laterIndex)) continue;
    reported.add(laterIndex);
    ctx.addIssue(ruleIssue('overlapsBand', ['distanceBands', laterIndex, 'fromMeters'], { limit: valid[earlier]!.index + 1 }));
  }
}

/** The rules of a template as the merchant writes them (add and edit). */
const templateShape = {
  name: z.string().trim().min(1).max(CARTAGE_LIMITS.nameMax),
  freeFloors: z.number().int().min(0).max(CARTAGE_LIMITS.floorMax),
  perFloorWithLiftCents: cents(),
  perFloorWithoutLiftCents: cents(),
  distanceBands: z.array(z.object({ fromMeters: meters(), toMeters: meters(), cents: cents() })).max(CARTAGE_LIMITS.bandsMax).default([]),
  minimumCents: cents(),
};

const bandOut = z.strictObject({ fromMeters: z.number().int(), toMeters: z.number().int(), cents: z.number().int() });

export const cartageTemplate = z.strictObject({
  templateId: z.number().int().positive(),
  name: z.string(),
  freeFloors: z.number().int(),
  perFloorWithLiftCents: z.number().int(),
  perFloorWithoutLiftCents: z.number().int(),
  /** In the order of their start. */
  distanceBands: z.array(bandOut),
  minimumCents: z.number().int(),
  /** Goods of the store that use the template (a used template cannot be deleted). */
  goodsCount: z.number().int(),
  updateTime: z.number().int(),
});

/** What the quote answers: the cartage (null when not carried that far) and its parts. */
export const cartageQuoteResult = z.strictObject({
  outcome: z.enum(['charged', 'minimum', 'tooFar']),
  cartageCents: z.number().int().nullable(),
  chargedFloors: z.number().int(),
  floorCents: z.number().int(),
  distanceCents: z.number().int(),
  bandIndex: z.number().int().nullable(),
});

/** 10100005 on delete: goods use the template; errInfo.goodsCount says how many. */
export const CARTAGE_IN_USE_INFO = z.strictObject({ goodsCount: z.number().int(), templateId: z.number().int() });

const cartageErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const cartageCall = endpointsUnder(CARTAGE_BASE);
const templateIdBiz = z.object({ templateId: id() });
const templateBiz = z.object(templateShape).superRefine((template, ctx) => checkBands(template.distanceBands, ctx));

export const cartageEndpoints = {
  cartageTemplateList: cartageCall('template/list', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: "The store's cartage templates, newest first, by name",
    biz: z.object({ ...pageQueryShape, name: z.string().trim().max(CARTAGE_LIMITS.nameMax).optional() }),
    data: pageResult(cartageTemplate),
  }),
  cartageTemplateDetails: cartageCall('template/details', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'One cartage template with the number of goods using it',
    biz: templateIdBiz,
    data: cartageTemplate,
    errors: cartageErrors,
  }),
  addCartageTemplate: cartageCall('template/add', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Create a cartage template (bands end beyond their start and never overlap)',
    biz: templateBiz,
    data: cartageTemplate,
    errors: cartageErrors,
  }),
  editCartageTemplate: cartageCall('template/edit', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: "Change a template's rules; goods using it are priced by the new rules",
    biz: z.object({ templateId: id(), ...templateShape }).superRefine((template, ctx) => checkBands(template.distanceBands, ctx)),
    data: cartageTemplate,
    errors: cartageErrors,
  }),
  deleteCartageTemplate: cartageCall('template/delete', {
    access: 'user',
    permission: PERMISSIONS.templatesManage,
    summary: 'Delete a template no goods use (10100005 with errInfo.goodsCount otherwise)',
    biz: templateIdBiz,
    data: z.strictObject({ templateId: z.number().int().positive() }),
    errors: cartageErrors,
  }),
  cartageQuote: cartageCall('template/quote', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The cartage of a job (pieces, floor, lift, carry distance) under a template, with its parts',
    biz: z.object({
      templateId: id(),
      pieces: z.number().int().min(1).max(CARTAGE_LIMITS.piecesMax),
      floor: z.number().int().min(1).max(CARTAGE_LIMITS.floorMax),
      hasLift: z.boolean(),
      distanceMeters: meters(),
    }),
    data: cartageQuoteResult,
    errors: cartageErrors,
  }),
};
