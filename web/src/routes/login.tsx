import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useNavigate } from 'react-router';
import { passwordResetTexts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { GoogleButton } from '../features/auth/components/GoogleButton';
import { LoginForm } from '../features/auth/components/LoginForm';
import { OrSeparator } from '../features/auth/components/OrSeparator';
import type { LoginPageState } from '../features/auth/login-state';

/** Back to the page the user was sent from, otherwise to /. */
function useReturnToOrigin(from: LoginPageState['from']) {
  const navigate = useNavigate();
  const target = from ? `${from.pathname}${from.search}${from.hash}` : pagePaths.root;
  return () => navigate(target === pagePaths.login ? pagePaths.root : target, { replace: true });
}

export function Component() {
  const state = useLocation().state as LoginPageState | null;
  const returnToOrigin = useReturnToOrigin(state?.from);
  return (
    <AuthLayout title="LogIn">
      <PageTitle title="Log in" />
      {state?.passwordChanged && (
        <Alert variant="success" role="status">
          {passwordResetTexts.passwordChanged}
        </Alert>
      )}
      <LoginForm onSignedIn={returnToOrigin} />
      <OrSeparator />
      <GoogleButton onSignedIn={returnToOrigin} />
      <p className="text-center mt-4 mb-0">
        New to the store? <Link to={pagePaths.register}>Please Register</Link>
      </p>
    </AuthLayout>
  );
}
