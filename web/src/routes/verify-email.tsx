import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { emailVerificationTexts as texts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';
import { useAuth } from '../features/auth/auth-context';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { verifyEmail } from '../features/auth/email-verification';

/** Where a `Verify your e-mail` message's link lands: `/verify-email?token=...`, signed in or not. */
export function Component() {
  const token = useSearchParams()[0].get('token') ?? '';
  const auth = useAuth();
  const queryClient = useQueryClient();
  // A query, not an effect: the token is sent once however often the page draws.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const verified = verification.isSuccess;
  useEffect(() => {
    if (verified) void queryClient.invalidateQueries({ queryKey: ['me', 'address-verified'] });
  }, [verified, queryClient]);

  const onward =
    auth.status === 'signedIn' ? (
      <Link to={pagePaths.dashboard}>{texts.toProfile}</Link>
    ) : (
      <Link to={pagePaths.login}>{texts.toLogin}</Link>
    );
  return (
    <AuthLayout title={texts.pageTitle}>
      <PageTitle title={texts.pageTitle} />
      {token !== '' && verification.isPending ? (
        <p role="status">{texts.checking}</p>
      ) : verified ? (
        <p role="status" className="fw-bold text-success">
          {texts.verified}
        </p>
      ) : (
        <p role="alert" className="fw-bold text-danger">
          {texts.linkInvalid}
        </p>
      )}
      <p className="mb-0">{onward}</p>
    </AuthLayout>
  );
}
