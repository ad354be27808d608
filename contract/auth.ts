import { z } from 'zod';
import { validationMessages as m } from './messages.js';
import { oneLine } from './one-line.js';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Plainly not an address ("abc", "a@b", "a b@c.de") is rejected; every ordinary one
 * (first.last+tag@shop.example.co.uk) passes. docs/product-rules.md, section 2.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An e-mail as the store keeps and compares it: trimmed, lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** An e-mail address, normalised (trimmed, lower case) on both sides: the form sends it so, the server keeps it so. */
export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: m.emailRequired })
  .max(254, { error: m.emailInvalid })
  .regex(EMAIL_PATTERN, { error: m.emailInvalid });

const passwordField = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: m.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: `A password can be at most ${MAX_PASSWORD_LENGTH} characters` });

export const MAX_NAME_LENGTH = 80;
export const MAX_PHOTO_URL_LENGTH = 2048;

/** A display name: what the navbar, reviews and the admin's user list show. */
export const nameField = oneLine(
  z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(MAX_NAME_LENGTH, { error: `A name can be at most ${MAX_NAME_LENGTH} characters` }),
  'A name',
);

/** A picture of this store (`/images/...`), as the sample photos are. */
const STORE_IMAGE_PATH = /^\/images\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.(?:svg|png|jpe?g|webp|avif)$/;

/**
 * A user's photo is an `https://` address or a picture of this store: never `javascript:`, `data:`
 * or plain `http:` (a photo is shown on public pages, next to reviews).
 */
export function isPhotoAddress(value: string): boolean {
  if (STORE_IMAGE_PATH.test(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.username === '' && url.password === '';
}

export const photoUrlField = z
  .string({ error: m.photoUrlRequired })
  .trim()
  .min(1, { error: m.photoUrlRequired })
  .max(MAX_PHOTO_URL_LENGTH, { error: `A photo URL can be at most ${MAX_PHOTO_URL_LENGTH} characters` })
  .refine(isPhotoAddress, { error: 'Photo URL must be an https:// address' });

export const loginFormSchema = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginFormSchema>;

/** How long a password-reset link works (once): the identity library's setting and the e-mail's words. */
export const RESET_LINK_SECONDS = 60 * 60;

/** How long the link of a `Verify your e-mail` message works (any number of times, until it is used). */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/** Forgot password?: the address a reset link goes to, if it has an account. */
export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/**
 * The reset page: the new password with sign-up's rules (the identity library checks the same
 * lengths), typed twice.
 */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordField,
    confirmPassword: z.string({ error: m.confirmPasswordRequired }).min(1, { error: m.confirmPasswordRequired }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: m.passwordsDiffer,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const registerFormSchema = z.object({
  name: nameField,
  photoURL: photoUrlField,
  email: emailField,
  password: passwordField,
});
export type RegisterForm = z.infer<typeof registerFormSchema>;
