import Button from 'react-bootstrap/Button';
import { emailVerificationTexts as texts } from '@contract/messages';
import { ServerError } from '../../../components/ServerError';
import { useAddressVerified, useResendVerification } from '../../auth';

/**
 * Whether the signed-in user's address is verified, and Resend while it is not: until it is, the
 * store sends it nothing but the link (docs/decisions/0035-verified-addresses.md).
 */
export function AddressVerification({ email }: { email: string }) {
  const verified = useAddressVerified();
  const resend = useResendVerification();
  // Nothing to say until the session has answered (or when it could not).
  if (verified.data === undefined) return null;
  if (verified.data) return <p className="mb-0 small text-body-secondary">{texts.statusVerified}</p>;
  return (
    <div className="mt-2">
      <p className="mb-2 small">{texts.statusUnverified}</p>
      {resend.isSuccess ? (
        <p role="status" className="mb-0 small fw-bold">
          {texts.resent}
        </p>
      ) : (
        <Button variant="outline-dark" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {texts.resend}
        </Button>
      )}
      <ServerError message={resend.error?.message} />
    </div>
  );
}
