import Form from 'react-bootstrap/Form';

/** A labelled fact a form shows but never sends (the signed-in user's name, the product's price). */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={value} readOnly />
    </Form.Group>
  );
}
