import { z } from 'zod';

/** console-spec §5: user name 6–20 letters, digits, underscore or hyphen; trimmed at login. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{6,20}$/;
/** console-spec §5: password 8–32 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** console-spec §5: mainland mobile 1[3-9] plus 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Our design: pay passwords are 6 digits, the usual wallet PIN. */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;

export const userNameField = z
  .string({ error: 'userName is required' })
  .trim()
  .regex(USERNAME_PATTERN, 'user name must be 6 to 20 letters, digits, underscores or hyphens');

export const passwordField = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN, `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .max(PASSWORD_MAX, `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .regex(/[A-Za-z]/, 'password must contain at least one letter')
  .regex(/\d/, 'password must contain at least one digit');

export const mobileField = z
  .string({ error: 'mobile is required' })
  .trim()
  .regex(MOBILE_PATTERN, 'phone number format error');

export const checkCodeField = z.string({ error: 'checkCode is required' }).trim().regex(/^\d{6}$/, 'check code must be 6 digits');

export const payPasswordField = z.string({ error: 'payPassword is required' }).regex(PAY_PASSWORD_PATTERN, 'pay password must be 6 digits');

export const emailField = z.string({ error: 'email is required' }).trim().max(100, 'email is too long').email('email format error');

export const idField = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be an integer`).positive(`${name} must be positive`);

export const accessTokenField = z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is invalid');

export const pagingFields = {
  pageNum: z.coerce.number().int().min(1, 'pageNum must be at least 1').default(1),
  /** console-spec §2: page sizes 5, 10, 20, 50, 100, 200. */
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [5, 10, 20, 50, 100, 200].includes(n), 'pageSize must be one of 5, 10, 20, 50, 100, 200')
    .default(5),
};

/** Turns zod's first issue into the one clear message a merchant sees. */
export function describeValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid parameters';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field || 'biz'} is required`;
  return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}
