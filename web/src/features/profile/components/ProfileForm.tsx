import { zodResolver } from '../../../lib/zod-resolver';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { showToast } from '../../../lib/toast';
import { toastMessages } from '@contract/messages';
import { profileInfoSchema, type ProfileInfo } from '@contract/profile';
import { TextField } from '../../../components/TextField';
import { ServerError } from '../../../components/ServerError';
import { useServerErrors } from '../../../lib/server-errors';
import { useSaveProfileInfo } from '../api';

const EMPTY: ProfileInfo = { education: '', location: '', phoneNumber: '', linkedIn: '' };

/** The profile info form (spec section 3), filled with what was saved last. */
export function ProfileForm({ saved }: { saved: ProfileInfo | null }) {
  const save = useSaveProfileInfo();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileInfo>({ resolver: zodResolver(profileInfoSchema), defaultValues: saved ?? EMPTY });
  const refusal = useServerErrors(setError, ['education', 'location', 'phoneNumber', 'linkedIn']);

  const submit = handleSubmit((values) => {
    refusal.clear();
    save.mutate(values, { onSuccess: () => showToast('success', toastMessages.profileUpdated), onError: refusal.show });
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="profile-info">
      <h3 id="profile-info" className="h5 mb-3">
        Profile info
      </h3>
      <TextField
        id="profile-education"
        label="Education"
        error={errors.education}
        registration={register('education')}
      />
      <TextField
        id="profile-location"
        label="Location"
        autoComplete="address-level2"
        error={errors.location}
        registration={register('location')}
      />
      <TextField
        id="profile-phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber}
        registration={register('phoneNumber')}
      />
      <TextField id="profile-linkedin" label="LinkedIn" error={errors.linkedIn} registration={register('linkedIn')} />
      <Button type="submit" variant="dark" disabled={save.isPending}>
        Update Profile
      </Button>
      <ServerError message={refusal.message} />
    </Form>
  );
}
