export function OrSeparator() {
  return (
    <div className="d-flex align-items-center my-3" role="separator" aria-label="or">
      <hr className="flex-grow-1" />
      <span className="px-3 text-body-secondary" aria-hidden="true">
        OR
      </span>
      <hr className="flex-grow-1" />
    </div>
  );
}
