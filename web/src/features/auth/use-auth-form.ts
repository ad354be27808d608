import { zodResolver } from '../../lib/zod-resolver';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { authErrorMessages } from '@contract/messages';
import { AuthError } from './sign-in';

/**
 * A sign-in or registration form: the contract's schema checks each field, and a refusal from the
 * server becomes one plain sentence to show under the form.
 */
export function useAuthForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
  action: (values: Values, form: { reset: () => void }) => Promise<void>,
) {
  const [serverError, setServerError] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await action(values, { reset: () => form.reset() });
    } catch (error) {
      setServerError(error instanceof AuthError ? error.message : authErrorMessages.generic);
    }
  });
  return { ...form, serverError, submit };
}
