import { z } from 'zod';
import { validationMessages as m } from './messages.js';
import { oneLine } from './one-line.js';

export const MAX_PROFILE_FIELD_LENGTH = 200;

const requiredText = (required: string, label: string) =>
  oneLine(
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(MAX_PROFILE_FIELD_LENGTH, { error: `${label} can be at most ${MAX_PROFILE_FIELD_LENGTH} characters` }),
    label,
  );

/** My Profile's form and `POST /api/userinfo` (spec section 3: profile info), with the spec's messages. */
export const profileInfoSchema = z.object({
  education: requiredText(m.educationRequired, 'Education'),
  location: requiredText(m.locationRequired, 'Location'),
  phoneNumber: requiredText(m.phoneNumberRequired, 'A phone number').max(30, {
    error: 'A phone number can be at most 30 characters',
  }),
  linkedIn: requiredText(m.linkedInRequired, 'LinkedIn'),
});
export type ProfileInfo = z.infer<typeof profileInfoSchema>;

/** `GET /api/userinfo`: the saved profile info, or null before the first save. */
export const profileInfoResponseSchema = profileInfoSchema.nullable();
