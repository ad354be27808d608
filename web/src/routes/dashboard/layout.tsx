import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { pagePaths } from '@contract/pages';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useAuth } from '../../features/auth/auth-context';
import { useAdminStatus } from '../../features/auth/components/guards';

const customerLinks = [
  { to: pagePaths.myOrder, label: 'My Order' },
  { to: pagePaths.review, label: 'Add Review' },
  { to: pagePaths.garage, label: 'My Garage' },
];
const adminLinks = [
  { to: pagePaths.makeAdmin, label: 'Make Admin' },
  { to: pagePaths.addProduct, label: 'Add Product' },
  { to: pagePaths.manageProduct, label: 'Manage Products' },
  { to: pagePaths.manageOrders, label: 'Manage Orders' },
  { to: pagePaths.importCatalogue, label: 'Import Catalogue' },
  { to: pagePaths.searchSynonyms, label: 'Search Synonyms' },
];

function Sidebar() {
  const auth = useAuth();
  const admin = useAdminStatus(auth.status === 'signedIn' ? auth.user.email : undefined);
  const links = admin.isPending ? [] : admin.data?.admin ? adminLinks : customerLinks;
  return (
    <nav aria-label="Dashboard">
      <Nav variant="pills" className="flex-column" as="ul">
        <Nav.Item as="li">
          <Nav.Link as={NavLink} to={pagePaths.dashboard} end>
            My Profile
          </Nav.Link>
        </Nav.Item>
        {links.map((link) => (
          <Nav.Item as="li" key={link.to}>
            <Nav.Link as={NavLink} to={link.to}>
              {link.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
    </nav>
  );
}

export function Component() {
  return (
    <>
      <Container className="py-4">
        <h1 className="h3 mb-4">Dashboard</h1>
        <Row className="g-4">
          <Col md={3}>
            <Sidebar />
          </Col>
          <Col md={9}>
            <Suspense fallback={<LoadingSpinner />}>
              <Outlet />
            </Suspense>
          </Col>
        </Row>
      </Container>
    </>
  );
}
