import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { confirmSandboxPayment } from '../api';
import { PayButton, usePaymentAttempt, type CardFormProps } from './PayButton';

/** The built-in gateway's card form (docs/product-rules.md, sections 3 and 4). */
export function SandboxCardForm({ clientSecret, billingName, onPaid }: CardFormProps) {
  const { error, busy, attempt } = usePaymentAttempt();

  const submit = (form: HTMLFormElement) => {
    if (!clientSecret) return;
    const data = new FormData(form);
    return attempt(async () => {
      const { transactionId } = await confirmSandboxPayment({
        clientSecret,
        cardNumber: String(data.get('cardNumber') ?? ''),
        expiry: String(data.get('expiry') ?? ''),
        cvc: String(data.get('cvc') ?? ''),
        billingName,
      });
      await onPaid(transactionId);
    });
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
      <PayButton disabled={!clientSecret || busy} error={error} />
    </Form>
  );
}
