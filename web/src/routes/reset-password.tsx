import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { passwordResetTexts as texts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';
import { useAuth } from '../features/auth/auth-context';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { InvalidResetLink } from '../features/auth/components/InvalidResetLink';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';
import type { LoginPageState } from '../features/auth/login-state';

/** Where the e-mail's link lands: `/reset-password?token=...`. */
export function Component() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [invalid, setInvalid] = useState(false);
  const auth = useAuth();
  const navigate = useNavigate();

  async function toLogin() {
    // The reset ended every session of the account: a browser still signed in to it is not.
    if (auth.status === 'signedIn') await auth.signOut();
    const state: LoginPageState = { passwordChanged: true };
    await navigate(pagePaths.login, { replace: true, state });
  }

  return (
    <AuthLayout title={texts.resetTitle}>
      <PageTitle title={texts.resetTitle} />
      {token === '' || invalid ? (
        <InvalidResetLink />
      ) : (
        <ResetPasswordForm token={token} onReset={toLogin} onInvalidLink={() => setInvalid(true)} />
      )}
    </AuthLayout>
  );
}
