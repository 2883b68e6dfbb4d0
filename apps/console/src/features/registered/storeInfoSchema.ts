// Onboarding form rules. Registration's rules (console-spec §5) are the registerUser contract's, as sign-in's
// are the login contract's, so the two cannot drift. The store fields' rules are the store info contract's
// (storeInfoShape in @merchant/api-contracts, what store-server enforces): the form only adds its
// i18n messages and its own date representation, so the two cannot drift either.
import dayjs from 'dayjs';
import { z } from 'zod';
import { MAX_STORE_CATEGORIES, accountEndpoints, ruleIssue, storeInfoShape } from '@merchant/api-contracts';

/** store-server's limit on business categories per store (the contract's). */
export { MAX_STORE_CATEGORIES };
/** console-spec §4 store types (1 flagship, 2 specialty, 3 service) and principal types, as the contract lists them. */
export const STORE_TYPES = storeInfoShape.storeType.options.map((option) => option.value);
export const PRINCIPAL_TYPES = storeInfoShape.principalType.options.map((option) => option.value);
/** storeType 3 (service store) skips the brand step (console-spec §6 excludes brands for it). */
export const SERVICE_STORE_TYPE = 3;

const V = 'registered.validation';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * A form field whose rule is the contract's, with the form's messages (full i18n keys): `required` when
 * nothing is entered, `invalid` for any other failure. Typed text is trimmed first, as the merchant
 * means it; the value is what the contract's rule answers.
 */
function contractRule<Value>(rule: z.ZodType, keys: { required?: string; invalid: string }) {
  return z.custom<Value>().transform((value, ctx) => {
    const checked = rule.safeParse(typeof value === 'string' ? value.trim() : value);
    if (checked.success) return checked.data as Value;
    ctx.addIssue({ code: 'custom', message: isBlank(value) && keys.required ? keys.required : keys.invalid });
    return z.NEVER;
  });
}
const textRule = (rule: z.ZodType, required: string, invalid = 'tooLong') => contractRule<string>(rule, { required: `${V}.${required}`, invalid: `${V}.${invalid}` });

// Registration is the contract's registerUser biz; the password typed twice is the console's own check
// (the confirmation is never sent).
export const registerSchema = accountEndpoints.registerUser.biz.extend({ confirmPassword: z.string() }).superRefine((values, ctx) => {
  if (values.password !== values.confirmPassword) ctx.addIssue(ruleIssue('confirmDiffers', ['confirmPassword']));
});
export type RegisterValues = z.input<typeof registerSchema>;

/**
 * The licence image address: an http(s) URL with a host, or a path on this site ('/static/…', as the
 * demo data and store-server's own files use). Anything else ('not a url', 'ftp://…', 'javascript:…')
 * is refused before it reaches the reviewer.
 */
export function isImageAddress(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

const licenseImageRule = z.custom<string>().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : value;
  const message = isBlank(text)
    ? `${V}.licenseImageRequired`
    : typeof text !== 'string' || !isImageAddress(text)
      ? `${V}.licenseImageUrl`
      : storeInfoShape.licenseImageUrl.safeParse(text).success
        ? null
        : `${V}.tooLong`;
  if (message === null) return text as string;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${V}.date`).refine((s) => dayjs(s).isValid(), `${V}.date`);

/** Each field on its own, so a draft can keep whichever fields are already valid. */
export const storeInfoFields = {
  storeName: textRule(storeInfoShape.storeName, 'storeNameRequired', 'storeNameLength'),
  storeType: contractRule<number>(storeInfoShape.storeType, { invalid: `${V}.storeTypeRequired` }),
  principalType: contractRule<number>(storeInfoShape.principalType, { invalid: `${V}.principalTypeRequired` }),
  cityCode: textRule(storeInfoShape.cityCode, 'cityRequired', 'cityRequired'),
  address: textRule(storeInfoShape.address, 'addressRequired'),
  contactName: textRule(storeInfoShape.contactName, 'contactNameRequired'),
  contactMobile: contractRule<string>(storeInfoShape.contactMobile, { required: 'auth.validation.mobileRequired', invalid: 'auth.validation.mobileFormat' }),
  legalPersonName: textRule(storeInfoShape.legalPersonName, 'legalPersonNameRequired'),
  legalPersonIdNumber: textRule(storeInfoShape.legalPersonIdNumber, 'idNumberRequired', 'idNumberFormat'),
  licenseNumber: textRule(storeInfoShape.licenseNumber, 'licenseNumberRequired', 'licenseNumberFormat'),
  licenseImageUrl: licenseImageRule,
  /** YYYY-MM-DD in the form; seconds on the wire (the contract's licenseExpireTime). Empty: a licence without an end date. */
  licenseExpireDate: z.union([z.literal(''), isoDate]),
  categoryIds: contractRule<number[]>(storeInfoShape.categoryIds, { required: `${V}.categoriesRequired`, invalid: `${V}.categoriesTooMany` }),
};

export const storeInfoFormSchema = z.object(storeInfoFields);
export type StoreInfoFormInput = z.input<typeof storeInfoFormSchema>;
export type StoreInfoFormValues = z.output<typeof storeInfoFormSchema>;

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
  licenseImageUrl: '',
  licenseExpireDate: '',
  categoryIds: [],
};

export function draftToForm(draft: StoreInfoDraft | undefined): StoreInfoFormInput {
  const { licenseExpireTime, brandName: _brandName, brandExpireTime: _brandExpireTime, ...rest } = draft ?? {};
  const known = Object.fromEntries(Object.entries(rest).filter(([key, value]) => key in EMPTY_STORE_INFO && value !== undefined && value !== null));
  return { ...EMPTY_STORE_INFO, ...known, licenseExpireDate: secondsToDate(licenseExpireTime) };
}

function formToWire(values: Partial<StoreInfoFormValues>): StoreInfoDraft {
  const { licenseExpireDate, ...rest } = values;
  return { ...rest, ...(licenseExpireDate ? { licenseExpireTime: dateToSeconds(licenseExpireDate) } : {}) };
}

/**
 * The draft to keep: every field that is valid on its own (store-server refuses a draft with an
 * invalid field), merged over what was stored before so the brand step's fields survive.
 */
export function formToDraft(values: StoreInfoFormInput, previous: StoreInfoDraft = {}): StoreInfoDraft {
  const valid: Partial<StoreInfoFormValues> = {};
  for (const [name, schema] of Object.entries(storeInfoFields) as Array<[keyof StoreInfoFormValues, z.ZodType]>) {
    const result = schema.safeParse(values[name]);
    const empty = result.success && (result.data === '' || (Array.isArray(result.data) && result.data.length === 0));
    if (result.success && !empty) (valid as Record<string, unknown>)[name] = result.data;
  }
  const merged = { ...previous, ...formToWire(valid) };
  if (!valid.licenseExpireDate) delete merged.licenseExpireTime;
  return merged;
}

export function formToSubmission(values: StoreInfoFormValues, previous: StoreInfoDraft = {}): StoreInfoSubmission {
  const brand = values.storeType === SERVICE_STORE_TYPE ? {} : { brandName: previous.brandName, brandExpireTime: previous.brandExpireTime };
  return { ...(formToWire(values) as StoreInfoSubmission), ...brand };
}

/** The step after shop info: the brand step for flagship and specialty stores, else the agreement. */
export const nextStepAfterShopInfo = (storeType: number | undefined): string =>
  storeType === SERVICE_STORE_TYPE ? '/registered/agrtSig' : '/registered/brandAdd';

/** A complete draft is what registerStore takes; null while anything is missing or invalid. */
export function draftToSubmission(draft: StoreInfoDraft): StoreInfoSubmission | null {
  const parsed = storeInfoFormSchema.safeParse(draftToForm(draft));
  return parsed.success ? formToSubmission(parsed.data, draft) : null;
}
