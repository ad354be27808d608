import { zodResolver } from '../../lib/zod-resolver';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useServerErrors } from '../../lib/server-errors';

/**
 * A sign-in or registration form: the contract's schema checks each field, and a refusal from the
 * server shows on its field (a name, e-mail or photo the store refused) or as one plain sentence
 * under the form.
 */
export function useAuthForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
  action: (values: Values, form: { reset: () => void }) => Promise<void>,
) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const fields = Object.keys(defaultValues) as Path<Values>[];
  // The identity library calls the photo `image`; the form calls it `photoURL`.
  const aliases = fields.includes('photoURL' as Path<Values>) ? { image: 'photoURL' as Path<Values> } : undefined;
  const refusal = useServerErrors(form.setError, fields, aliases);
  const submit = form.handleSubmit(async (values) => {
    refusal.clear();
    try {
      await action(values, { reset: () => form.reset() });
    } catch (error) {
      refusal.show(error);
    }
  });
  return { ...form, serverError: refusal.message, submit };
}
