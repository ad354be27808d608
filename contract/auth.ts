import { z } from 'zod';
import { validationMessages as m } from './messages.js';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Plainly not an address ("abc", "a@b", "a b@c.de") is rejected; every ordinary one
 * (first.last+tag@shop.example.co.uk) passes. decisions.md, section 2.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired })
  .max(254, { error: m.emailInvalid })
  .regex(EMAIL_PATTERN, { error: m.emailInvalid });

const passwordField = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: m.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: `A password can be at most ${MAX_PASSWORD_LENGTH} characters` });

export const loginFormSchema = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, { error: m.nameRequired }).max(80),
  photoURL: z.string({ error: m.photoUrlRequired }).trim().min(1, { error: m.photoUrlRequired }).max(2048),
  email: emailField,
  password: passwordField,
});
export type RegisterForm = z.infer<typeof registerFormSchema>;
