interface FetchErrorProps {
  /** What could not be loaded, e.g. "the parts". */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/** A failed fetch, said briefly, with a way to try again. */
export function FetchError({ what, error, onRetry }: FetchErrorProps) {
  const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
  return (
    <div role="alert" className="alert alert-warning d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>
        We could not load {what}.{detail}
      </span>
      <button type="button" className="btn btn-outline-dark btn-sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
