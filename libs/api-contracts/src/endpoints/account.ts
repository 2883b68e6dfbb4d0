// console-spec §7 user calls for registration and store maintenance (base /v1/store/eshop/store/user).
import { z } from 'zod';
import { defineEndpoint, emptyBiz, endpointsUnder, noData } from '../endpoint';
import { checkCodeField, digitsPattern, emailField, idField, mobileField, passwordField, payPasswordField, userNameField } from '../fields';
import { PERMISSIONS } from '../permissions';
import { namedPattern, rule } from '../rules';
import { STORE_CODES } from '../store-codes';
import { USER_BASE, checkCodeSent, loginResult, storeStatusField, storeTypeField } from './auth';

/** Our design: the largest number of business categories one store may hold. */
export const MAX_STORE_CATEGORIES = 20;

const text = (max: number) =>
  z.string().trim().min(1).max(max);

export const categoryIdsField = z
  .array(idField())
  .min(1)
  .max(MAX_STORE_CATEGORIES)
  .refine((ids) => new Set(ids).size === ids.length, rule('distinct'));

/** The store information a merchant submits for review (registered/storeMsg, shopMsg). */
export const storeInfoShape = {
  storeName: text(30).min(2),
  /** console-spec §4: 1 flagship, 2 specialty, 3 service. */
  storeType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** console-spec §4: 1 sole proprietor, 2 company. */
  principalType: z.union([z.literal(1), z.literal(2)]),
  cityCode: z.string().regex(digitsPattern(6)),
  address: text(100),
  contactName: text(30),
  contactMobile: mobileField,
  legalPersonName: text(30),
  legalPersonIdNumber: z.string().regex(namedPattern(/^\d{17}[\dXx]$/, { rule: 'idNumber' })),
  /** Unified social credit code: 18 digits or capital letters. */
  licenseNumber: z.string().regex(namedPattern(/^[0-9A-Z]{18}$/, { rule: 'licenseNumber' })),
  licenseImageUrl: text(500),
  /** Integer seconds, like every timestamp on the wire. */
  licenseExpireTime: z.number().int().positive().optional(),
  categoryIds: categoryIdsField,
  /** registered/brandAdd (flagship and specialty stores): the authorised brand and when its authorisation ends. */
  brandName: text(50).optional(),
  brandExpireTime: z.number().int().positive().optional(),
};

export const storeInfoBiz = z.object(storeInfoShape);
export const storeInfoDraftBiz = z.object(storeInfoShape).partial();
export type StoreInfo = z.output<typeof storeInfoBiz>;
export type StoreInfoDraft = z.output<typeof storeInfoDraftBiz>;

/**
 * A saved draft or the submitted information as stored: plain values, no rule checks (a draft is
 * unfinished by design, and approved stores also keep logo, intro and address here).
 */
export const storedStoreInfo = z.record(z.string(), z.unknown());

/** Our design: the longest store introduction (shopMssage/edit shows the count). */
export const STORE_INTRO_MAX = 500;

/** Fields a signed-in, approved store may change without a new review (shopMssage/edit). */
export const updateStoreInfoBiz = z
  .object({
    storeLogoUrl: text(500).optional(),
    storeIntro: z.string().trim().max(STORE_INTRO_MAX).optional(),
    address: text(100).optional(),
    contactName: text(30).optional(),
    contactMobile: mobileField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), rule('nothingToUpdate'));

/** Bank card check digit (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const bankCardBiz = z.object({
  bankCode: z.string().trim().min(1).max(20),
  cardNumber: z
    .string()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(namedPattern(/^\d{12,19}$/, { rule: 'cardNumber' })).refine(passesLuhn, rule('cardChecksum'))),
  accountName: text(50),
  branchName: text(100),
});

/**
 * Issue 26 §2 (settlement/edit): changing the settlement card takes the caller's pay password and a check code
 * sent to the store's bound mobile; the server checks both before anything changes (docs/merchant-centre.md).
 */
export const updateBankCardBiz = bankCardBiz.extend({ payPassword: payPasswordField, checkCode: checkCodeField });

/** Issue 26 §2: withdrawals pause this long after the settlement card changed (store-server's withdrawal rule). */
export const WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS = 24 * 60 * 60;

/** The settlement card as shown: the number masked by the server (only its last 4 digits), never sent whole. */
export const settlementCard = z.strictObject({
  bankCode: z.string(),
  bankName: z.string(),
  cardNumber: z.string(),
  accountName: z.string(),
  branchName: z.string(),
  /** When the card was bound or last changed (integer seconds). */
  updateTime: z.number().int(),
});

/** The settlement screen: the card (null when none is bound) and until when withdrawals pause (seconds, null: no pause). */
export const settlementAccount = z.strictObject({
  card: settlementCard.nullable(),
  withdrawalPausedUntil: z.number().int().nullable(),
  /** The store's bound mobile, masked (first 3 and last 4): where a change's check code goes. */
  mobile: z.string(),
});

/** A business category of the store. */
export const storeCategory = z.strictObject({ categoryId: z.number().int(), categoryName: z.string(), parentId: z.number().int() });

/** The shop information screen (console-spec §3): the mobile is masked. */
export const shopInfo = z.strictObject({
  storeId: z.number().int(),
  storeName: z.string(),
  storeType: storeTypeField,
  storeStatus: storeStatusField,
  principalType: z.number().int().nullable(),
  storeLogoUrl: z.string(),
  storeIntro: z.string(),
  address: z.string(),
  cityCode: z.string(),
  mobile: z.string(),
  categories: z.array(storeCategory),
  /** Issue 26 §1 (shopMsg/shopMssage): the contact, the legal person and the licence as approved; phones and the ID number masked (first 3, last 4). */
  contactName: z.string(),
  contactMobile: z.string(),
  legalPersonName: z.string(),
  legalPersonIdNumber: z.string(),
  licenseNumber: z.string(),
  licenseImageUrl: z.string(),
  /** Integer seconds; null when none was given. */
  licenseExpireTime: z.number().int().nullable(),
  brandName: z.string(),
  brandExpireTime: z.number().int().nullable(),
});

/** A check code went to the store's mobile, shown masked (first 3 and last 4 digits). */
const checkCodeSentTo = z.strictObject({ expiresInSeconds: z.number().int().positive(), mobile: z.string() });

/** Days until a date: 0..60 about to expire, -1 expired (console-spec §4); null when unknown. */
const daysLeft = z.number().int().min(-1).nullable();

const storeErrors = [STORE_CODES.notFound] as const;
const registerErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;

const userCall = endpointsUnder(USER_BASE);

export const accountEndpoints = {
  sendRegisterCheckCode: userCall('sendRegisterCheckCode', {
    access: 'public',
    summary: 'Send a registration check code',
    biz: z.object({ mobile: mobileField }),
    data: checkCodeSent,
    errors: [STORE_CODES.alreadyExists, STORE_CODES.checkCodeTooFrequent],
  }),
  /** Creates the account and an empty store (status 0) and signs the new user in. */
  registerUser: userCall('registerUser', {
    access: 'public',
    summary: 'Register a merchant account',
    biz: z.object({ userName: userNameField, password: passwordField, mobile: mobileField, checkCode: checkCodeField }),
    data: loginResult,
    errors: [STORE_CODES.alreadyExists, STORE_CODES.wrongCheckCode],
  }),
  temporaryStorageStoreInfo: userCall('temporaryStorageStoreInfo', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Save the store information draft',
    biz: storeInfoDraftBiz,
    data: z.strictObject({ saved: z.literal(true) }),
    errors: registerErrors,
  }),
  getStorageStoreInfoByToken: userCall('getStorageStoreInfoByToken', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The saved store information draft',
    biz: emptyBiz,
    data: storedStoreInfo,
    errors: storeErrors,
  }),
  /** After a rejection: copies the submitted information back into the draft. */
  recoveryStoreInfoByToken: userCall('recoveryStoreInfoByToken', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Recover a rejected application for editing',
    biz: emptyBiz,
    data: storedStoreInfo,
    errors: registerErrors,
  }),
  storeAcceptAgreement: userCall('storeAcceptAgreement', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Accept the merchant agreement',
    biz: z.object({ agreementVersion: z.string().trim().min(1).max(20).optional() }),
    data: z.strictObject({ agreementVersion: z.string(), acceptTime: z.number().int() }),
    // 10100005: an agreement on record is not signed again once the store was submitted.
    errors: registerErrors,
  }),
  /** Submits the store for review: status 0 or 3 → 1. */
  registerStore: userCall('registerStore', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Submit the store for review',
    biz: storeInfoBiz,
    data: z.strictObject({ storeStatus: storeStatusField }),
    errors: registerErrors,
  }),
  getStoreInfoByToken: userCall('getStoreInfoByToken', {
    access: 'user',
    permission: PERMISSIONS.accountView,
    summary: 'The store and its review state',
    biz: emptyBiz,
    data: z.strictObject({
      storeId: z.number().int(),
      storeName: z.string(),
      storeStatus: storeStatusField,
      storeType: storeTypeField,
      principalType: z.number().int().nullable(),
      email: z.string(),
      mobile: z.string(),
      cityCode: z.string(),
      rejectReason: z.string(),
      forbiddenReason: z.string(),
      agreementAccepted: z.boolean(),
      storeInfo: storedStoreInfo,
    }),
    errors: storeErrors,
  }),
  getStoreInfo: userCall('getStoreInfo', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The shop information',
    biz: emptyBiz,
    data: shopInfo,
    errors: storeErrors,
  }),
  updateStoreInfo: userCall('updateStoreInfo', {
    access: 'user',
    permission: PERMISSIONS.shopEdit,
    summary: 'Change logo, intro, address or contact of an approved store',
    biz: updateStoreInfoBiz,
    data: shopInfo,
    errors: registerErrors,
  }),
  /** Our design: an email change is confirmed with a check code sent to the store's current mobile. */
  sendUpdateEmailCheckCode: userCall('sendUpdateEmailCheckCode', {
    access: 'user',
    permission: PERMISSIONS.accountEdit,
    summary: 'Send the check code for an email change',
    biz: emptyBiz,
    data: checkCodeSentTo,
    errors: [STORE_CODES.notFound, STORE_CODES.checkCodeTooFrequent],
  }),
  updateStoreEmail: userCall('updateStoreEmail', {
    access: 'user',
    permission: PERMISSIONS.accountEdit,
    summary: 'Change the store email',
    biz: z.object({ email: emailField, checkCode: checkCodeField }),
    data: z.strictObject({ email: z.string() }),
    errors: [STORE_CODES.notFound, STORE_CODES.wrongCheckCode],
  }),
  sendUpdateMobileCheckCode: userCall('sendUpdateMobileCheckCode', {
    access: 'user',
    permission: PERMISSIONS.accountEdit,
    summary: 'Send the check code to a new store mobile',
    biz: z.object({ mobile: mobileField }),
    data: checkCodeSent,
    errors: [STORE_CODES.notFound, STORE_CODES.alreadyExists, STORE_CODES.checkCodeTooFrequent],
  }),
  updateStoreMobile: userCall('updateStoreMobile', {
    access: 'user',
    permission: PERMISSIONS.accountEdit,
    summary: 'Change the store mobile',
    biz: z.object({ mobile: mobileField, checkCode: checkCodeField }),
    data: z.strictObject({ mobile: z.string() }),
    errors: [STORE_CODES.notFound, STORE_CODES.alreadyExists, STORE_CODES.wrongCheckCode],
  }),
  /** A wrong current password answers 10103001; the same password again is no change (sameAsCurrent). */
  updatePasswordByToken: userCall('updatePasswordByToken', {
    access: 'user',
    summary: 'Change the sign-in password',
    biz: z
      .object({ oldPassword: z.string().min(1), newPassword: passwordField })
      .refine((v) => v.newPassword !== v.oldPassword, rule('sameAsCurrent', { path: ['newPassword'] })),
    data: noData,
    errors: [STORE_CODES.wrongCredentials],
  }),
  /** Forgotten password: the code goes to the store's mobile; the answer shows it masked. */
  sendUpdateCheckCode: userCall('sendUpdateCheckCode', {
    access: 'public',
    summary: 'Send the check code for a forgotten password',
    biz: z.object({ userName: userNameField }),
    data: checkCodeSentTo,
    errors: [STORE_CODES.notFound, STORE_CODES.checkCodeTooFrequent],
  }),
  /** Resets the password with a check code and signs out every session of the user. */
  updatePassword: userCall('updatePassword', {
    access: 'public',
    summary: 'Reset a forgotten password',
    biz: z.object({ userName: userNameField, checkCode: checkCodeField, newPassword: passwordField }),
    data: noData,
    errors: [STORE_CODES.notFound, STORE_CODES.wrongCheckCode],
  }),
  /** Binds or changes the settlement card (issue 26 §2): pay password and check code checked first; a change pauses withdrawals. */
  updateStoreBankCard: userCall('updateStoreBankCard', {
    access: 'user',
    permission: PERMISSIONS.accountEdit,
    idempotent: true,
    summary: 'Bind or change the settlement bank card (answered masked, with the withdrawal pause)',
    biz: updateBankCardBiz,
    data: settlementAccount,
    errors: [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState, STORE_CODES.wrongPayPassword, STORE_CODES.tooManyAttempts, STORE_CODES.wrongCheckCode],
  }),
  /** The check code of a settlement card change, sent to the store's bound mobile (answered masked). */
  sendUpdateBankCardCheckCode: userCall('sendUpdateBankCardCheckCode', {
    access: 'user',
    permission: PERMISSIONS.accountEdit,
    summary: 'Send the check code for a settlement card change to the store mobile',
    biz: emptyBiz,
    data: checkCodeSentTo,
    errors: [STORE_CODES.notFound, STORE_CODES.checkCodeTooFrequent],
  }),
  /** The settlement screen (issue 26 §2): the card masked, the bank's name, and the withdrawal pause. */
  queryStoreBankCard: defineEndpoint({
    path: '/v1/store/eshop/bank/ftEspStoreBankCardAdmin/queryStoreBankCard',
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: "The store's settlement card (masked) and until when withdrawals pause",
    biz: emptyBiz,
    data: settlementAccount,
    errors: storeErrors,
  }),
  storeBankCardIsExists: defineEndpoint({
    path: '/v1/store/eshop/bank/ftEspStoreBankCardAdmin/storeBankCardIsExists',
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'Whether the store has a bank card',
    biz: emptyBiz,
    data: z.strictObject({ exists: z.boolean() }),
  }),
  /** The dashboard's status block (console-spec §3 "Dashboard status"). */
  storePcHome: userCall('storePcHome', {
    access: 'user',
    permission: PERMISSIONS.dashboardView,
    summary: 'The dashboard status block',
    biz: emptyBiz,
    data: z.strictObject({
      storeName: z.string(),
      storeStatus: storeStatusField,
      storeType: storeTypeField,
      isBlacklist: z.boolean(),
      blacklistRemark: z.string(),
      existsPromise: z.boolean(),
      existsProtocol: z.boolean(),
      storeLicenseDays: daysLeft,
      brandExpiryDays: daysLeft,
    }),
    errors: storeErrors,
  }),
  /** null while the store has no city yet. */
  getStoreBaseCity: userCall('getStoreBaseCity', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'The city and province of the store',
    biz: emptyBiz,
    data: z.strictObject({ cityCode: z.string(), cityName: z.string(), provinceCode: z.string(), provinceName: z.string() }).nullable(),
    errors: storeErrors,
  }),
  /**
   * Retired (issue 26 §1): an approved store's categories change only after the platform's review, through
   * applyStoreCategoriesChange. The same checks answer first (10100010 for a removed category with goods on shelf),
   * then 10100005 naming the reviewed call; nothing changes. The data shape stays for old clients.
   */
  updateStoreCategories: userCall('updateStoreCategories', {
    access: 'user',
    permission: PERMISSIONS.shopCategories,
    summary: 'Retired: refused (10100005); business categories change through applyStoreCategoriesChange (reviewed)',
    biz: z.object({ categoryIds: categoryIdsField }),
    data: z.strictObject({ categories: z.array(storeCategory) }),
    errors: [...registerErrors, STORE_CODES.categoryHasOnShelfGoods],
  }),
} as const;
