import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { loginFormSchema, type LoginForm as LoginValues } from '@contract/auth';
import { passwordResetTexts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { TextField } from '../../../components/TextField';
import { useAuth } from '../auth-context';
import { useAuthForm } from '../use-auth-form';
import { ServerError } from '../../../components/ServerError';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const auth = useAuth();
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm(loginFormSchema, { email: '', password: '' }, async (values: LoginValues) => {
    await auth.signIn(values);
    onSignedIn();
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        registration={register('email')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        registration={register('password')}
      />
      <p className="text-end mb-3">
        <Link to={pagePaths.forgotPassword}>{passwordResetTexts.forgotLink}</Link>
      </p>
      <Button type="submit" variant="dark" className="w-100" disabled={isSubmitting}>
        Login
      </Button>
      <ServerError message={serverError} />
    </Form>
  );
}
