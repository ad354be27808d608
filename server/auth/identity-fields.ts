import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import {
  emailField,
  identityErrorCodes,
  MAX_NAME_LENGTH,
  nameField,
  photoUrlField,
  toOneLine,
} from '../../contract/index.js';

interface IdentityFields {
  name?: string | undefined;
  email?: string | undefined;
  image?: string | null | undefined;
}

/** Codes the web app can tell apart, in better-auth's style (contract/errors.ts). */
const CODES = {
  name: identityErrorCodes.invalidName,
  email: identityErrorCodes.invalidEmail,
  image: identityErrorCodes.invalidPhotoUrl,
} as const;

function strict<T>(field: keyof typeof CODES, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      message: parsed.error.issues[0]?.message ?? 'Invalid value',
      code: CODES[field],
    });
  }
  return parsed.data;
}

/** A provider (Google) vouches for the person; its name and picture are taken as far as they are usable. */
const isProviderCallback = (path: string | undefined) => path?.includes('/callback/') === true;

/**
 * The name, e-mail and photo of a user about to be written, checked by the contract's rules. What a
 * person typed is refused with 400 when it breaks them; what Google sends is made usable instead (a
 * long name shortened, line breaks and bidi characters made spaces, an unusable picture dropped), so that signing in with Google never fails on
 * the profile Google keeps. Answers only the fields present in the write.
 */
export function checkIdentityFields(fields: IdentityFields, path: string | undefined): IdentityFields {
  const checked: IdentityFields = {};
  const lenient = isProviderCallback(path);
  if (fields.email !== undefined) checked.email = strict('email', emailField, fields.email);
  if (fields.name !== undefined) {
    checked.name = lenient
      ? toOneLine(fields.name).trim().slice(0, MAX_NAME_LENGTH) || (checked.email ?? '').split('@')[0] || 'Rider'
      : strict('name', nameField, fields.name);
  }
  if (fields.image !== undefined && fields.image !== null) {
    checked.image = lenient
      ? (photoUrlField.safeParse(fields.image).data ?? null)
      : strict('image', photoUrlField, fields.image);
  }
  return checked;
}
