import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { pageTexts } from '@contract/messages';
import { storeConfig } from '../lib/store-config';

export function Footer() {
  return (
    <footer className="bg-dark text-light mt-5 py-4" data-bs-theme="dark">
      <Container>
        <Row className="gy-3">
          <Col md={8}>
            <h2 className="h4 fw-bold">{storeConfig.name}</h2>
            <p className="mb-0 text-body-secondary">{pageTexts.shopDescription}</p>
          </Col>
          <Col md={4}>
            <h2 className="h5">{pageTexts.contactUs}</h2>
            <a className="link-light" href={`mailto:${storeConfig.contactEmail}`}>
              {storeConfig.contactEmail}
            </a>
          </Col>
        </Row>
        <p className="small text-body-secondary mt-4 mb-0">
          © {new Date().getFullYear()} {storeConfig.name}
        </p>
      </Container>
    </footer>
  );
}
