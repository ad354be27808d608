/** An error from the server, in plain words, red and bold under the form. */
export function ServerError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="text-danger fw-bold mt-3 mb-0" role="alert">
      {message}
    </p>
  );
}
