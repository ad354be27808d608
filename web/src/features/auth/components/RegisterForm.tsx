import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { registerFormSchema, type RegisterForm as RegisterValues } from '@contract/auth';
import { TextField } from '../../../components/TextField';
import { useAuth } from '../auth-context';
import { useAuthForm } from '../use-auth-form';
import { ServerError } from '../../../components/ServerError';

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const auth = useAuth();
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm(
    registerFormSchema,
    { name: '', photoURL: '', email: '', password: '' },
    async (values: RegisterValues, { reset }) => {
      await auth.register(values);
      reset();
      onRegistered();
    },
  );

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="register-name"
        label="Name"
        type="text"
        autoComplete="name"
        error={errors.name}
        registration={register('name')}
      />
      <TextField
        id="register-photo"
        label="Photo URL"
        type="url"
        autoComplete="photo"
        error={errors.photoURL}
        registration={register('photoURL')}
      />
      <TextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        registration={register('email')}
      />
      <TextField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        registration={register('password')}
      />
      <Button type="submit" variant="dark" className="w-100" disabled={isSubmitting}>
        Register
      </Button>
      <ServerError message={serverError} />
    </Form>
  );
}
