import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { synonymGroupFormSchema, type SynonymGroup, type SynonymGroupForm } from '@contract/search-synonyms';
import { ServerError } from '../../../components/ServerError';
import { TextField } from '../../../components/TextField';
import { useServerErrors } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useAddSynonymGroup } from '../api';

/** Add a group: its words in one field, checked by the schema the server checks them with. */
export function AddSynonymGroupForm({ onAdded }: { onAdded: (group: SynonymGroup) => void }) {
  const add = useAddSynonymGroup();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SynonymGroupForm, unknown, { words: string[] }>({
    resolver: zodResolver(synonymGroupFormSchema),
    defaultValues: { words: '' },
  });
  const refusal = useServerErrors(setError, ['words']);

  const submit = handleSubmit(({ words }) => {
    refusal.clear();
    add.mutate(
      { words },
      {
        onSuccess: (group) => {
          reset();
          onAdded(group);
        },
        onError: refusal.show,
      },
    );
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="add-synonyms">
      <h3 id="add-synonyms" className="h5">
        Add synonyms
      </h3>
      <p>Two words or more that mean the same part, separated by commas or spaces: disc, disk, rotor.</p>
      <TextField id="synonym-words" label="Words" error={errors.words} registration={register('words')} />
      <Button type="submit" variant="dark" disabled={add.isPending}>
        Add group
      </Button>
      <ServerError message={refusal.message} />
    </Form>
  );
}
