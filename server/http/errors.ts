import { apiErrors, type ApiErrorName, type FieldError } from '../../contract/index.js';

/**
 * The one application error: a refusal named in the contract (`apiErrors`), which gives its code,
 * its HTTP status and its message for people; a rule may word the message itself, name the fields
 * it is about, and add details its route's response schema declares (a checkout's new figures).
 * Services throw it; the error handler turns it into the API's error shape.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly refusal: ApiErrorName,
    options: { message?: string; errors?: FieldError[]; details?: Readonly<Record<string, unknown>> } = {},
  ) {
    super(options.message ?? apiErrors[refusal].message);
    this.name = 'AppError';
    this.statusCode = apiErrors[refusal].status;
    this.code = apiErrors[refusal].code;
    this.errors = options.errors;
    this.details = options.details;
  }
}

/** A refusal about one field of the request's body, which a form shows on that field. */
export const fieldRefusal = (refusal: ApiErrorName, field: string, message: string) =>
  new AppError(refusal, { message, errors: [{ field: `body.${field}`, message }] });
