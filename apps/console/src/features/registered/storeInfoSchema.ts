// Onboarding form rules. Registration's rules (console-spec §5) are the registerUser contract's, as sign-in's
// are the login contract's, so the two cannot drift. The store fields' rules are the store info contract's
// (storeInfoShape in @merchant/api-contracts, what store-server enforces): the form only adds its
// i18n messages and its own date representation, so the two cannot drift either.
import dayjs from 'dayjs';
import { z } from 'zod';
import { MAX_STORE_CATEGORIES, accountEndpoints, ruleIssue, storeInfoBiz, storeInfoShape } from '@merchant/api-contracts';
import type { MediaRef } from '../../resource-kit/fields/MediaValue';

/** store-server's limit on business categories per store (the contract's). */
export { MAX_STORE_CATEGORIES };
/** console-spec §4 store types (1 flagship, 2 specialty, 3 service) and principal types, as the contract lists them. */
export const STORE_TYPES = storeInfoShape.storeType.options.map((option) => option.value);
export const PRINCIPAL_TYPES = storeInfoShape.principalType.options.map((option) => option.value);
/** storeType 3 (service store) skips the brand step (console-spec §6 excludes brands for it). */
export const SERVICE_STORE_TYPE = 3;

// Registration is the contract's registerUser biz; the password typed twice is the console's own check
// (the confirmation is never sent).
export const registerSchema = accountEndpoints.registerUser.biz.extend({ confirmPassword: z.string() }).superRefine((values, ctx) => {
  if (values.password !== values.confirmPassword) ctx.addIssue(ruleIssue('confirmDiffers', ['confirmPassword']));
});
export type RegisterValues = z.input<typeof registerSchema>;

/**
 * What the shop info form checks: the contract's store info (the brand is the next step's). The licence image
 * is picked in the media library (issue 26 §1), never typed, so no address rule of the console's own.
 */
export const storeInfoFormSchema = storeInfoBiz.omit({ brandName: true, brandExpireTime: true });

/** What registerStore takes (store-server StoreInfo): numbers, seconds. */
export interface StoreInfoSubmission {
  storeName: string;
  storeType: number;
  principalType: number;
  cityCode: string;
  address: string;
  contactName: string;
  contactMobile: string;
  legalPersonName: string;
  legalPersonIdNumber: string;
  licenseNumber: string;
  licenseImageUrl: string;
  licenseExpireTime?: number;
  categoryIds: number[];
  brandName?: string;
  brandExpireTime?: number;
}

/** The form's values: the wire's, with the licence image as picked and its end as the day typed (YYYY-MM-DD, '' for none). */
export interface StoreInfoFormInput extends Omit<StoreInfoSubmission, 'licenseImageUrl' | 'licenseExpireTime' | 'brandName' | 'brandExpireTime'>, Record<string, unknown> {
  /** Picked in the media library; the wire carries its address. */
  licenseImageUrl: MediaRef | null;
  licenseExpireDate: string;
}
/** The server-side draft: any subset of the submission. */
export type StoreInfoDraft = Partial<StoreInfoSubmission>;

/** A date of the form (local calendar day) → seconds at the end of that day. */
export const dateToSeconds = (date: string): number => dayjs(date).endOf('day').unix();
export const secondsToDate = (seconds: number | undefined): string => (seconds ? dayjs.unix(seconds).format('YYYY-MM-DD') : '');

export const EMPTY_STORE_INFO: StoreInfoFormInput = {
  storeName: '',
  storeType: 1,
  principalType: 2,
  cityCode: '',
  address: '',
  contactName: '',
  contactMobile: '',
  legalPersonName: '',
  legalPersonIdNumber: '',
  licenseNumber: '',
  licenseImageUrl: null,
  licenseExpireDate: '',
  categoryIds: [],
};

export function draftToForm(draft: StoreInfoDraft | undefined): StoreInfoFormInput {
  const { licenseExpireTime, brandName: _brandName, brandExpireTime: _brandExpireTime, ...rest } = draft ?? {};
  const { licenseImageUrl, ...others } = rest;
  const known = Object.fromEntries(Object.entries(others).filter(([key, value]) => key in EMPTY_STORE_INFO && value !== undefined && value !== null));
  return { ...EMPTY_STORE_INFO, ...known, licenseImageUrl: licenseImageUrl ? { objectUrl: licenseImageUrl } : null, licenseExpireDate: secondsToDate(licenseExpireTime) };
}

/** The values as the wire takes them: the licence image's address ('' when none), its end day as seconds at its end. */
export function formToWire(values: StoreInfoFormInput): StoreInfoDraft {
  const { licenseExpireDate, licenseImageUrl, ...rest } = values;
  return { ...rest, licenseImageUrl: licenseImageUrl?.objectUrl ?? '', ...(licenseExpireDate ? { licenseExpireTime: dateToSeconds(licenseExpireDate) } : {}) } as StoreInfoDraft;
}

/**
 * The draft to keep: every field that is valid on its own by the form's rules (store-server refuses a draft
 * with an invalid field), merged over what was stored before so the brand step's fields survive.
 */
export function formToDraft(values: StoreInfoFormInput, previous: StoreInfoDraft = {}): StoreInfoDraft {
  const shape = storeInfoFormSchema.shape as Record<string, z.ZodType>;
  const valid: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(formToWire(values))) {
    const result = shape[name]?.safeParse(value);
    const empty = result?.success && (result.data === '' || (Array.isArray(result.data) && result.data.length === 0));
    if (result?.success && !empty) valid[name] = result.data;
  }
  const merged: StoreInfoDraft = { ...previous, ...valid };
  if (!('licenseExpireTime' in valid)) delete merged.licenseExpireTime;
  return merged;
}

/** The step after shop info: the brand step for flagship and specialty stores, else the agreement. */
export const nextStepAfterShopInfo = (storeType: number | undefined): string =>
  storeType === SERVICE_STORE_TYPE ? '/registered/agrtSig' : '/registered/brandAdd';

/** A complete draft is what registerStore takes; null while anything is missing or invalid. */
export function draftToSubmission(draft: StoreInfoDraft): StoreInfoSubmission | null {
  const parsed = storeInfoFormSchema.safeParse(formToWire(draftToForm(draft)));
  if (!parsed.success) return null;
  const brand = parsed.data.storeType === SERVICE_STORE_TYPE ? {} : { brandName: draft.brandName, brandExpireTime: draft.brandExpireTime };
  return { ...parsed.data, ...brand };
}
