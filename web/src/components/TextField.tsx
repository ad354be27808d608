import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps {
  id: string;
  /** The visible label, which is also the accessible name and the placeholder (decisions.md, section 4). */
  label: string;
  type?: string;
  autoComplete?: string;
  readOnly?: boolean;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

/** A labelled input with its validation message underneath. */
export function TextField({ id, label, type = 'text', autoComplete, readOnly, error, registration }: TextFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        placeholder={label}
        readOnly={readOnly}
        isInvalid={!!error}
        aria-invalid={!!error}
        aria-describedby={`${id}-error`}
        {...registration}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error?.message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
