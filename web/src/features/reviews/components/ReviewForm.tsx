import { zodResolver } from '../../../lib/zod-resolver';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { showToast } from '../../../lib/toast';
import { toastMessages } from '@contract/messages';
import { MAX_RATING, MIN_RATING, reviewFormSchema, type ReviewForm as ReviewValues } from '@contract/reviews';
import { ReadOnlyField } from '../../../components/ReadOnlyField';
import { ServerError } from '../../../components/ServerError';
import { useServerErrors } from '../../../lib/server-errors';
import { TextField } from '../../../components/TextField';
import type { SessionUser } from '../../auth';
import { DEFAULT_PHOTO } from '../../../components/UserPhoto';
import { useCreateReview } from '../mutations';

/** Add Review: who writes it is shown, not editable (the server takes it from the account anyway). */
export function ReviewForm({ user }: { user: SessionUser }) {
  const createReview = useCreateReview();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReviewValues>({ resolver: zodResolver(reviewFormSchema) });
  const refusal = useServerErrors(setError, ['fidback', 'ratting']);

  const submit = handleSubmit((values) => {
    refusal.clear();
    createReview.mutate(
      { ...values, name: user.displayName, email: user.email, photoUrl: user.photoURL ?? DEFAULT_PHOTO },
      {
        onSuccess: () => {
          showToast('success', toastMessages.reviewThanks);
          reset();
        },
        onError: refusal.show,
      },
    );
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Add Review">
      <ReadOnlyField id="review-name" label="Name" value={user.displayName} />
      <ReadOnlyField id="review-photo" label="Photo URL" value={user.photoURL ?? DEFAULT_PHOTO} />
      <ReadOnlyField id="review-email" label="Email" value={user.email} />
      <TextField
        id="review-feedback"
        label="Feedback"
        rows={4}
        error={errors.fidback}
        registration={register('fidback')}
      />
      <TextField
        id="review-rating"
        label="Rating"
        type="number"
        step="1"
        error={errors.ratting}
        registration={register('ratting', { valueAsNumber: true, min: MIN_RATING, max: MAX_RATING })}
      />
      <Button type="submit" variant="dark" disabled={createReview.isPending}>
        Add Review
      </Button>
      <ServerError message={refusal.message} />
    </Form>
  );
}
