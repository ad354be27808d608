import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ApiError } from '../../../lib/api-client';
import { confirmSandboxPayment } from '../api';

interface SandboxCardFormProps {
  clientSecret: string | undefined;
  billingName: string;
  onPaid: (transactionId: string) => Promise<void>;
}

/** The built-in gateway's card form (decisions.md, sections 3 and 4). */
export function SandboxCardForm({ clientSecret, billingName, onPaid }: SandboxCardFormProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (form: HTMLFormElement) => {
    if (!clientSecret) return;
    const data = new FormData(form);
    setError(undefined);
    setBusy(true);
    try {
      const { transactionId } = await confirmSandboxPayment({
        clientSecret,
        cardNumber: String(data.get('cardNumber') ?? ''),
        expiry: String(data.get('expiry') ?? ''),
        cvc: String(data.get('cvc') ?? ''),
        billingName,
      });
      await onPaid(transactionId);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The payment did not go through. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <Form.Group className="mb-3" controlId="card-number">
        <Form.Label>Card number</Form.Label>
        <Form.Control
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
      </Form.Group>
      <Row>
        <Col>
          <Form.Group className="mb-3" controlId="card-expiry">
            <Form.Label>Expiry</Form.Label>
            <Form.Control name="expiry" autoComplete="cc-exp" placeholder="MM / YY" />
          </Form.Group>
        </Col>
        <Col>
          <Form.Group className="mb-3" controlId="card-cvc">
            <Form.Label>CVC</Form.Label>
            <Form.Control name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
          </Form.Group>
        </Col>
      </Row>
      <Button type="submit" variant="dark" disabled={!clientSecret || busy}>
        Pay
      </Button>
      {error && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {error}
        </p>
      )}
    </Form>
  );
}
