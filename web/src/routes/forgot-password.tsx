import { Link } from 'react-router';
import { passwordResetTexts as texts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';

export function Component() {
  return (
    <AuthLayout title={texts.forgotTitle}>
      <PageTitle title={texts.forgotTitle} />
      <ForgotPasswordForm />
      <p className="text-center mt-4 mb-0">
        <Link to={pagePaths.login}>{texts.backToLogin}</Link>
      </p>
    </AuthLayout>
  );
}
