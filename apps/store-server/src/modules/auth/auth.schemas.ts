import { z } from 'zod';
import { accessTokenField, checkCodeField, mobileField, passwordField, userNameField } from '../../shared/fields';

export const loginBiz = z.object({
  userName: userNameField,
  password: passwordField,
  /** Present after a 10103003 answer: the key of the shown image and the merchant's answer. */
  captchaKey: z.string().max(64).optional(),
  captchaCode: z.string().trim().max(8).regex(/^[A-Za-z0-9./]*$/, 'verification code may hold letters, digits, dot and slash').optional(),
});

export const tokenBiz = z.object({ token: accessTokenField });
export const logoutBiz = z.object({ accessToken: accessTokenField.optional() });
export const mobileBiz = z.object({ mobile: mobileField });
export const checkCodeLoginBiz = z.object({ mobile: mobileField, checkCode: checkCodeField });
export const captchaCheckBiz = z.object({
  key: z.string({ error: 'key is required' }).min(1, 'key is required').max(64),
  captchaCode: z
    .string({ error: 'please enter the verification code' })
    .trim()
    .min(1, 'please enter the verification code')
    .max(8, 'the verification code is too long'),
});

export type LoginInput = z.output<typeof loginBiz>;
