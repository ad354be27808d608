import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

const FALLBACK = 'Something went wrong. Please try again.';

/**
 * A form's view of a refusal: each field error the server named (`body.quantity`) is shown on that
 * field of the form, as the browser's own checks are, and the rest as one message under the form.
 * `aliases` maps a request field to the form's field where their names differ (`image` -> `photoURL`).
 */
export function useServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  aliases: Readonly<Record<string, Path<Values>>> = {},
) {
  const [message, setMessage] = useState<string>();

  const show = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setMessage(FALLBACK);
      return;
    }
    let onAField = false;
    for (const { field, message: fieldMessage } of error.fieldErrors) {
      const name = field.replace(/^body\./, '');
      const target = aliases[name] ?? fields.find((candidate) => candidate === name);
      if (!target) continue;
      setError(target, { type: 'server', message: fieldMessage }, { shouldFocus: !onAField });
      onAField = true;
    }
    setMessage(onAField ? undefined : error.message);
  };

  return { message, show, clear: () => setMessage(undefined) };
}
