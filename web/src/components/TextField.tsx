import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps {
  id: string;
  /** The visible label, which is also the accessible name and the placeholder (docs/product-rules.md, section 4). */
  label: string;
  type?: string;
  autoComplete?: string;
  readOnly?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** The id of a <datalist> of suggestions. */
  list?: string;
  step?: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

/** A labelled input with its validation message underneath. */
export function TextField({
  id,
  label,
  type = 'text',
  autoComplete,
  readOnly,
  rows,
  list,
  step,
  error,
  registration,
}: TextFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows ? { as: 'textarea' as const, rows } : { type })}
        list={list}
        step={step}
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
