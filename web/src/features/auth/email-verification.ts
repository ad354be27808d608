import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrors } from '@contract/errors';
import { authErrorMessages, emailVerificationTexts as texts } from '@contract/messages';
import { ApiError } from '../../lib/api-client';
import { identityCall } from './api';

/** Verified addresses (docs/decisions/0035-verified-addresses.md): the link's page and My Profile's Resend. */

/** Opens a verification link's token: the address is verified, in whichever browser it is opened. */
export const verifyEmail = (token: string) => identityCall(`/verify-email?token=${encodeURIComponent(token)}`);

/** Whether the signed-in user's address is verified, as the session says. */
export async function getAddressVerified(): Promise<boolean> {
  const answer = await identityCall<{ user?: { emailVerified?: boolean } } | null>('/get-session');
  return answer?.user?.emailVerified === true;
}

/** Sends a new link to the signed-in user's own address; a refusal in plain words. */
export async function resendVerificationEmail(email: string): Promise<void> {
  try {
    await identityCall('/send-verification-email', { email });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const words = error.code === apiErrors.tooManyAttempts.code ? texts.tooManyTries : authErrorMessages.generic;
    throw new ApiError(error.status, error.code, words, error.fieldErrors);
  }
}

const verifiedKey = ['me', 'address-verified'] as const;

export const useAddressVerified = () => useQuery({ queryKey: verifiedKey, queryFn: getAddressVerified });

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerificationEmail,
    // Verified meanwhile (in another tab)? The line then says so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: verifiedKey }),
  });
}
