import { newPasswordSchema, registerBodySchema } from '@marketplace/contract';
import { z } from 'zod';
import { de } from '../../i18n/de.ts';

/** The repeat field of a new password: required, and equal to the password (checked below). */
const passwordRepeatSchema = z.string().min(1, de.auth.passwordRepeatMissing);

/**
 * The registration form: the contract's `registerBodySchema` (same rules as the server) plus
 * the password repeat, which must match ('Die Passwörter stimmen nicht überein.').
 */
export const registerFormSchema = registerBodySchema
  .extend({ password_repeat: passwordRepeatSchema })
  .refine((values) => values.password === values.password_repeat, {
    message: de.auth.passwordsDiffer,
    path: ['password_repeat'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** A new password and its repeat (reset page), with the contract's password rules. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, password_repeat: passwordRepeatSchema })
  .refine((values) => values.password === values.password_repeat, {
    message: de.auth.passwordsDiffer,
    path: ['password_repeat'],
  });
export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;
