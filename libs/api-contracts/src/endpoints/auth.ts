// console-spec §7 user calls for signing in and out (base /v1/store/eshop/store/user).
import { z } from 'zod';
import { defineEndpoint, emptyBiz, noData } from '../endpoint';
import { accessTokenField, checkCodeField, mobileField, passwordField, userNameField } from '../fields';
import { namedPattern } from '../rules';
import { ALL_PERMISSION_CODES, type PermissionCode } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { STORE_STATUS, STORE_TYPE } from '../status-tables';

export const USER_BASE = '/v1/store/eshop/store/user';

/** console-spec §4 store status (codes and labels: ../status-tables). */
export const storeStatusField = z.number().int().min(STORE_STATUS.notSubmitted).max(STORE_STATUS.disabled);
/** console-spec §4 store type: 1 flagship, 2 specialty, 3 service. */
export const storeTypeField = z.number().int().min(STORE_TYPE.flagship).max(STORE_TYPE.service);

/** A signed-in session: the opaque access token and where the store stands (console-spec §4 routing). */
export const loginResult = z.strictObject({ accessToken: z.string().min(1), storeStatus: storeStatusField });

/** A check code went out: how long it stays valid. */
export const checkCodeSent = z.strictObject({ expiresInSeconds: z.number().int().positive() });

const permissionCode = z.custom<PermissionCode>((value) => typeof value === 'string' && (ALL_PERMISSION_CODES as readonly string[]).includes(value), {
  message: 'unknown permission code',
}).meta({ type: 'string', enum: [...ALL_PERMISSION_CODES] });

/** console-spec §3 "User info". */
export const userInfo = z.strictObject({
  /** console-spec §6: roles are forced to the single role admin. */
  roles: z.array(z.string()),
  /** The permission codes the user holds (docs/permissions.md); the console's PermissionButton reads them. */
  permissions: z.array(permissionCode),
  /**
   * Whether the user is the store's owner (store_user.is_owner), not a sub-account: the owner holds every
   * code and alone may grant the owner-only ones (endpoints/staff.ts), so the console needs no other call to know.
   */
  owner: z.boolean(),
  nickname: z.string(),
  avatarUrl: z.string(),
  uid: z.string(),
  storeStatus: storeStatusField,
  storeType: storeTypeField,
  accessToken: z.string(),
  storeName: z.string(),
  forbiddenReason: z.string(),
});

/** console-spec §2: the graphic-verification code holds letters, digits, dot and slash. */
export const CAPTCHA_CODE_PATTERN = namedPattern(/^[A-Za-z0-9./]*$/, { rule: 'captchaChars' });

export const loginBiz = z.object({
  userName: userNameField,
  password: passwordField,
  /** Present after a 10103003 answer: the key of the shown image and the merchant's answer. */
  captchaKey: z.string().max(64).optional(),
  captchaCode: z
    .string()
    .trim()
    .max(8)
    .regex(CAPTCHA_CODE_PATTERN)
    .optional(),
});

export const captchaCheckBiz = z.object({
  key: z.string().min(1).max(64),
  /** console-spec §5: must not be empty (the dialog asks to enter the verification code). */
  captchaCode: z.string().trim().min(1).max(8),
});

export const authEndpoints = {
  /**
   * Wrong user name or password: 10103001. After 3 failures a captcha is required (10103003, errInfo
   * { key, value }); after 5, 10103002 for 15 minutes (errInfo.retryAfterSeconds).
   */
  login: defineEndpoint({
    path: `${USER_BASE}/login`,
    access: 'public',
    summary: 'Sign in with user name and password',
    biz: loginBiz,
    data: loginResult,
    // notAllowedInCurrentState: a disabled staff account (issue 26 §4, docs/permissions.md), after the right password.
    errors: [STORE_CODES.wrongCredentials, STORE_CODES.tooManyAttempts, STORE_CODES.captchaRequired, STORE_CODES.notAllowedInCurrentState],
  }),
  getUserByToken: defineEndpoint({
    path: `${USER_BASE}/getUserByToken`,
    access: 'public',
    summary: 'The signed-in user, store and permission codes of an access token',
    biz: z.object({ token: accessTokenField }),
    data: userInfo,
    errors: [STORE_CODES.tokenInvalid],
  }),
  /** Revokes the token in biz, else the envelope's; an unknown or revoked token is no error. */
  logout: defineEndpoint({
    path: `${USER_BASE}/logout`,
    access: 'public',
    summary: 'Sign out (revoke the access token)',
    biz: z.object({ accessToken: accessTokenField.optional() }),
    data: noData,
  }),
  sendLoginCheckCode: defineEndpoint({
    path: `${USER_BASE}/sendLoginCheckCode`,
    access: 'public',
    summary: 'Send a sign-in check code to a store mobile',
    biz: z.object({ mobile: mobileField }),
    data: checkCodeSent,
    errors: [STORE_CODES.notFound, STORE_CODES.checkCodeTooFrequent],
  }),
  checkCodeLogin: defineEndpoint({
    path: `${USER_BASE}/checkCodeLogin`,
    access: 'public',
    summary: 'Sign in with mobile and check code',
    biz: z.object({ mobile: mobileField, checkCode: checkCodeField }),
    data: loginResult,
    errors: [STORE_CODES.notFound, STORE_CODES.wrongCheckCode],
  }),
  /** console-spec §3 "verify image": an SVG data URL and the key to answer it with. */
  getCaptcha: defineEndpoint({
    path: `${USER_BASE}/getCaptcha`,
    access: 'public',
    summary: 'A new verification image',
    biz: emptyBiz,
    data: z.strictObject({ key: z.string().min(1), value: z.string().startsWith('data:image/') }),
  }),
  /** One attempt per image: a wrong answer (10103004) spends it. */
  checkCaptchaCode: defineEndpoint({
    path: `${USER_BASE}/checkCaptchaCode`,
    access: 'public',
    summary: 'Check the answer to a verification image',
    biz: captchaCheckBiz,
    data: z.strictObject({ verified: z.literal(true) }),
    errors: [STORE_CODES.wrongCaptcha],
  }),
} as const;
