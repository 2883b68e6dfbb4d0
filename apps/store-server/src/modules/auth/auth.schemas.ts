import { z } from 'zod';
import { accessTokenField, checkCodeField, mobileField, passwordField, ruleText, userNameField } from '../../shared/fields';

export const loginBiz = z.object({
  userName: userNameField,
  password: passwordField,
  /** Present after a 10103003 answer: the key of the shown image and the merchant's answer. */
  captchaKey: z.string().max(64).optional(),
  captchaCode: z
    .string()
    .trim()
    .max(8)
    .regex(/^[A-Za-z0-9./]*$/, ruleText('验证码只能包含字母、数字、点和斜杠', 'verification code may hold letters, digits, dot and slash'))
    .optional(),
});

export const tokenBiz = z.object({ token: accessTokenField });
export const logoutBiz = z.object({ accessToken: accessTokenField.optional() });
export const mobileBiz = z.object({ mobile: mobileField });
export const checkCodeLoginBiz = z.object({ mobile: mobileField, checkCode: checkCodeField });
/** console-spec §2: an empty value warns 'please enter the verification code'. */
const ENTER_CAPTCHA = ruleText('请输入验证码', 'please enter the verification code');

export const captchaCheckBiz = z.object({
  key: z.string({ error: 'key is required' }).min(1, 'key is required').max(64),
  captchaCode: z
    .string({ error: ENTER_CAPTCHA })
    .trim()
    .min(1, ENTER_CAPTCHA)
    .max(8, ruleText('验证码过长', 'the verification code is too long')),
});

export type LoginInput = z.output<typeof loginBiz>;
