import { z } from 'zod';
import { checkCodeField, emailField, idField, mobileField, passwordField, userNameField } from '../../shared/fields';

/** Our design: the largest number of business categories one store may hold. */
export const MAX_STORE_CATEGORIES = 20;

const text = (name: string, max: number) =>
  z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(max, `${name} must be at most ${max} characters`);

export const categoryIdsField = z
  .array(idField('categoryId'), { error: 'categoryIds must be a list' })
  .min(1, 'choose at least one business category')
  .max(MAX_STORE_CATEGORIES, `choose at most ${MAX_STORE_CATEGORIES} business categories`)
  .refine((ids) => new Set(ids).size === ids.length, 'categoryIds must not repeat');

/** The store information a merchant submits for review (registered/storeMsg, shopMsg). */
export const storeInfoShape = {
  storeName: text('storeName', 30).refine((s) => s.length >= 2, 'storeName must be 2 to 30 characters'),
  /** console-spec §4: 1 flagship, 2 specialty, 3 service. */
  storeType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'storeType must be 1, 2 or 3' }),
  /** console-spec §4: 1 sole proprietor, 2 company. */
  principalType: z.union([z.literal(1), z.literal(2)], { error: 'principalType must be 1 or 2' }),
  cityCode: z.string({ error: 'cityCode is required' }).regex(/^\d{6}$/, 'cityCode must be 6 digits'),
  address: text('address', 100),
  contactName: text('contactName', 30),
  contactMobile: mobileField,
  legalPersonName: text('legalPersonName', 30),
  legalPersonIdNumber: z.string({ error: 'legalPersonIdNumber is required' }).regex(/^\d{17}[\dXx]$/, 'legalPersonIdNumber must be 18 characters'),
  /** Unified social credit code: 18 digits or capital letters. */
  licenseNumber: z.string({ error: 'licenseNumber is required' }).regex(/^[0-9A-Z]{18}$/, 'licenseNumber must be 18 digits or capital letters'),
  licenseImageUrl: text('licenseImageUrl', 500),
  /** Integer seconds, like every timestamp on the wire. */
  licenseExpireTime: z.number({ error: 'licenseExpireTime must be seconds' }).int().positive().optional(),
  categoryIds: categoryIdsField,
  /** registered/brandAdd (flagship and specialty stores): the authorised brand and when its authorisation ends. */
  brandName: text('brandName', 50).optional(),
  brandExpireTime: z.number({ error: 'brandExpireTime must be seconds' }).int().positive().optional(),
};

export const storeInfoBiz = z.object(storeInfoShape);
export const storeInfoDraftBiz = z.object(storeInfoShape).partial();
export type StoreInfo = z.output<typeof storeInfoBiz>;
export type StoreInfoDraft = z.output<typeof storeInfoDraftBiz>;

export const sendRegisterCheckCodeBiz = z.object({ mobile: mobileField });
export const registerUserBiz = z.object({ userName: userNameField, password: passwordField, mobile: mobileField, checkCode: checkCodeField });
export const agreementBiz = z.object({ agreementVersion: z.string().trim().min(1).max(20).optional() });

/** Fields a signed-in, approved store may change without a new review (shopMssage/edit). */
export const updateStoreInfoBiz = z
  .object({
    storeLogoUrl: text('storeLogoUrl', 500).optional(),
    storeIntro: z.string().trim().max(500, 'storeIntro must be at most 500 characters').optional(),
    address: text('address', 100).optional(),
    contactName: text('contactName', 30).optional(),
    contactMobile: mobileField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to update');

/** Our design: an email change is confirmed with a check code sent to the store's current mobile. */
export const updateEmailBiz = z.object({ email: emailField, checkCode: checkCodeField });
export const updateMobileBiz = z.object({ mobile: mobileField, checkCode: checkCodeField });
export const updatePasswordByTokenBiz = z.object({ oldPassword: z.string({ error: 'oldPassword is required' }).min(1, 'oldPassword is required'), newPassword: passwordField });
export const sendUpdateCheckCodeBiz = z.object({ userName: userNameField });
export const updatePasswordBiz = z.object({ userName: userNameField, checkCode: checkCodeField, newPassword: passwordField });

export const bankCardBiz = z.object({
  bankCode: z.string({ error: 'bankCode is required' }).trim().min(1, 'bankCode is required').max(20),
  cardNumber: z
    .string({ error: 'cardNumber is required' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'cardNumber must be 12 to 19 digits').refine(passesLuhn, 'cardNumber is not a valid card number')),
  accountName: text('accountName', 50),
  branchName: text('branchName', 100),
});

export const updateCategoriesBiz = z.object({ categoryIds: categoryIdsField });

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
