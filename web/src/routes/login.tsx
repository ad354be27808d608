import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { GoogleButton } from '../features/auth/components/GoogleButton';
import { LoginForm } from '../features/auth/components/LoginForm';
import { OrSeparator } from '../features/auth/components/OrSeparator';

/** Back to the page the user was sent from, otherwise to /. */
function useReturnToOrigin() {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  const target = from ? `${from.pathname}${from.search}${from.hash}` : pagePaths.root;
  return () => navigate(target === pagePaths.login ? pagePaths.root : target, { replace: true });
}

export function Component() {
  const returnToOrigin = useReturnToOrigin();
  return (
    <AuthLayout title="LogIn">
      <PageTitle title="Log in" />
      <LoginForm onSignedIn={returnToOrigin} />
      <OrSeparator />
      <GoogleButton onSignedIn={returnToOrigin} />
      <p className="text-center mt-4 mb-0">
        New to the store? <Link to={pagePaths.register}>Please Register</Link>
      </p>
    </AuthLayout>
  );
}
