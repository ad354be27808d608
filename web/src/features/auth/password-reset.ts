import { apiErrors, identityErrorCodes } from '@contract/errors';
import { authErrorMessages, passwordResetTexts } from '@contract/messages';
import { ApiError } from '../../lib/api-client';
import { identityCall } from './api';

/** A refusal in the reset forms' words, its code and fields kept. */
async function resetCall(path: string, body: unknown): Promise<void> {
  try {
    await identityCall(path, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const words =
      error.code === apiErrors.tooManyAttempts.code
        ? passwordResetTexts.tooManyTries
        : error.code === identityErrorCodes.invalidToken
          ? passwordResetTexts.linkInvalid
          : authErrorMessages.generic;
    throw new ApiError(error.status, error.code, words, error.fieldErrors);
  }
}

/** Asks for a reset link; the answer is the same whether the e-mail has an account or not. */
export const requestResetLink = (email: string) => resetCall('/request-password-reset', { email });

/** Sets the new password with the link's token; every session of the account ends. */
export const resetPassword = (token: string, newPassword: string) =>
  resetCall('/reset-password', { token, newPassword });

/** Whether a refusal means the link itself is no good (used, too old, unknown): asking again is the way on. */
export const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && error.code === identityErrorCodes.invalidToken;
