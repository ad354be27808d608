import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { forgotPasswordFormSchema, type ForgotPasswordForm as ForgotValues } from '@contract/auth';
import { passwordResetTexts as texts } from '@contract/messages';
import { ServerError } from '../../../components/ServerError';
import { TextField } from '../../../components/TextField';
import { requestResetLink } from '../password-reset';
import { useAuthForm } from '../use-auth-form';

/**
 * Asks for a reset link. Whatever the e-mail, the answer is the same sentence: the page must not
 * tell anyone which e-mails have accounts.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm(forgotPasswordFormSchema, { email: '' }, async (values: ForgotValues) => {
    await requestResetLink(values.email);
    setSent(true);
  });

  if (sent) {
    return (
      <p role="status" className="mb-0">
        {texts.linkSent}
      </p>
    );
  }
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <p>{texts.forgotIntro}</p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        registration={register('email')}
      />
      <Button type="submit" variant="dark" className="w-100" disabled={isSubmitting}>
        {texts.sendLink}
      </Button>
      <ServerError message={serverError} />
    </Form>
  );
}
