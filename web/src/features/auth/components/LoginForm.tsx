import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { authErrorMessages, loginFormSchema, type LoginForm as LoginValues } from '@contract/auth';
import { TextField } from '../../../components/TextField';
import { AuthError } from '../api';
import { useAuth } from '../auth-context';
import { ServerError } from './ServerError';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const auth = useAuth();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await auth.signIn(values);
      onSignedIn();
    } catch (error) {
      setServerError(error instanceof AuthError ? error.message : authErrorMessages.generic);
    }
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
      <Button type="submit" variant="dark" className="w-100" disabled={isSubmitting}>
        Login
      </Button>
      <ServerError message={serverError} />
    </Form>
  );
}
