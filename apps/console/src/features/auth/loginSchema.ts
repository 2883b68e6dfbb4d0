// Sign-in form rules (console-spec §5). Messages are i18n keys, translated where shown.
import { z } from 'zod';

export const USER_NAME_LENGTH = { min: 6, max: 20 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 32 } as const;

export const loginSchema = z.object({
  userName: z
    .string()
    .trim()
    .min(1, 'auth.validation.userNameRequired')
    .min(USER_NAME_LENGTH.min, 'auth.validation.userNameLength')
    .max(USER_NAME_LENGTH.max, 'auth.validation.userNameLength')
    .regex(/^[A-Za-z0-9_-]+$/, 'auth.validation.userNameChars'),
  password: z
    .string()
    .min(1, 'auth.validation.passwordRequired')
    .min(PASSWORD_LENGTH.min, 'auth.validation.passwordLength')
    .max(PASSWORD_LENGTH.max, 'auth.validation.passwordLength')
    .regex(/[A-Za-z]/, 'auth.validation.passwordLetterDigit')
    .regex(/[0-9]/, 'auth.validation.passwordLetterDigit'),
  remember: z.boolean(),
});

export type LoginFormInput = z.input<typeof loginSchema>;
export type LoginFormValues = z.output<typeof loginSchema>;
