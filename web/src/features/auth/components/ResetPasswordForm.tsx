import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetValues } from '@contract/auth';
import { passwordResetTexts as texts } from '@contract/messages';
import { ServerError } from '../../../components/ServerError';
import { TextField } from '../../../components/TextField';
import { isInvalidLink, resetPassword } from '../password-reset';
import { useAuthForm } from '../use-auth-form';

interface ResetPasswordFormProps {
  /** The token of the e-mail's link. */
  token: string;
  onReset: () => Promise<void> | void;
  /** The link was used already, is over an hour old, or is unknown. */
  onInvalidLink: () => void;
}

/** The new password, typed twice, with sign-up's rules. */
export function ResetPasswordForm({ token, onReset, onInvalidLink }: ResetPasswordFormProps) {
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm(
    resetPasswordFormSchema,
    { newPassword: '', confirmPassword: '' },
    async ({ newPassword }: ResetValues) => {
      try {
        await resetPassword(token, newPassword);
      } catch (error) {
        if (!isInvalidLink(error)) throw error;
        onInvalidLink();
        return;
      }
      await onReset();
    },
  );

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="reset-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword}
        registration={register('newPassword')}
      />
      <TextField
        id="reset-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        registration={register('confirmPassword')}
      />
      <Button type="submit" variant="dark" className="w-100" disabled={isSubmitting}>
        {texts.resetButton}
      </Button>
      <ServerError message={serverError} />
    </Form>
  );
}
