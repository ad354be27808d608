import { Link, useNavigate } from 'react-router';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { GoogleButton } from '../features/auth/components/GoogleButton';
import { OrSeparator } from '../features/auth/components/OrSeparator';
import { RegisterForm } from '../features/auth/components/RegisterForm';

export function Component() {
  const navigate = useNavigate();
  const goHome = () => navigate(pagePaths.root, { replace: true });
  return (
    <AuthLayout title="Register">
      <PageTitle title="Register" />
      <RegisterForm onRegistered={goHome} />
      <OrSeparator />
      <GoogleButton onSignedIn={goHome} />
      <p className="text-center mt-4 mb-0">
        Already have an account? <Link to={pagePaths.login}>Please Login</Link>
      </p>
    </AuthLayout>
  );
}
