// Sign-in form rules (console-spec §5). Messages are i18n keys, translated where shown.
// zod/mini: the same validators as zod, tree-shakable, so the sign-in page stays light.
import * as z from 'zod/mini';

export const USER_NAME_LENGTH = { min: 6, max: 20 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 32 } as const;

/** §5 search-bar rule for a mainland mobile: 1[3-9] plus 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** store-server sends 6-digit SMS check codes. */
export const CHECK_CODE_PATTERN = /^\d{6}$/;

/** §5: 6 to 20 letters, digits, underscore or hyphen; trimmed at login. */
const userNameField = z.string().check(
  z.trim(),
  z.minLength(1, 'auth.validation.userNameRequired'),
  z.minLength(USER_NAME_LENGTH.min, 'auth.validation.userNameLength'),
  z.maxLength(USER_NAME_LENGTH.max, 'auth.validation.userNameLength'),
  z.regex(/^[A-Za-z0-9_-]+$/, 'auth.validation.userNameChars'),
);

/** §5: 8 to 32 characters, at least one letter and one digit. */
const passwordField = z.string().check(
  z.minLength(1, 'auth.validation.passwordRequired'),
  z.minLength(PASSWORD_LENGTH.min, 'auth.validation.passwordLength'),
  z.maxLength(PASSWORD_LENGTH.max, 'auth.validation.passwordLength'),
  z.regex(/[A-Za-z]/, 'auth.validation.passwordLetterDigit'),
  z.regex(/[0-9]/, 'auth.validation.passwordLetterDigit'),
);

const mobileField = z.string().check(z.trim(), z.minLength(1, 'auth.validation.mobileRequired'), z.regex(MOBILE_PATTERN, 'auth.validation.mobileFormat'));
const checkCodeField = z
  .string()
  .check(z.trim(), z.minLength(1, 'auth.validation.checkCodeRequired'), z.regex(CHECK_CODE_PATTERN, 'auth.validation.checkCodeFormat'));

export const loginSchema = z.object({ userName: userNameField, password: passwordField, remember: z.boolean() });

export const checkCodeLoginSchema = z.object({ mobile: mobileField, checkCode: checkCodeField, remember: z.boolean() });

export const resetPasswordSchema = z
  .object({ userName: userNameField, checkCode: checkCodeField, newPassword: passwordField, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'auth.validation.passwordsDiffer' }),
  );

export type LoginFormInput = z.input<typeof loginSchema>;
export type LoginFormValues = z.output<typeof loginSchema>;
export type CheckCodeLoginInput = z.input<typeof checkCodeLoginSchema>;
export type CheckCodeLoginValues = z.output<typeof checkCodeLoginSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
