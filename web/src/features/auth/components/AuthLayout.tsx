import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

/** The image beside the Login and Register forms. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-5">
      <Row className="g-4 align-items-center justify-content-center">
        <Col lg={6} className="d-none d-lg-block">
          <img
            className="rounded shadow-sm"
            src="/images/products/radial-caliper.svg"
            alt="A red radial brake caliper"
            width={600}
            height={450}
          />
        </Col>
        <Col md={8} lg={5}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h2 text-center mb-4">{title}</h1>
              {children}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
