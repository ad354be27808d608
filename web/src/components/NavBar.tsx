import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useNavigate } from 'react-router';
import { pagePaths } from '@contract/paths';
import { useAuth } from '../features/auth/auth-context';
import { UserPhoto } from './UserPhoto';
import { storeConfig } from '../lib/store-config';

function AccountLinks() {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === 'loading') return null;
  if (auth.status === 'signedOut') {
    return (
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={pagePaths.login} eventKey="login">
          Login
        </Nav.Link>
      </Nav.Item>
    );
  }
  const signOut = async () => {
    await auth.signOut();
    navigate(pagePaths.root);
  };
  return (
    <>
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={pagePaths.dashboard} eventKey="dashboard">
          Dashboard
        </Nav.Link>
      </Nav.Item>
      <Nav.Item as="li">
        <Nav.Link as="button" type="button" eventKey="logout" onClick={() => void signOut()}>
          Logout
        </Nav.Link>
      </Nav.Item>
      <Nav.Item as="li" className="d-flex align-items-center gap-2 text-light ms-lg-2">
        <UserPhoto src={auth.user.photoURL} size={32} />
        <span>{auth.user.displayName}</span>
      </Nav.Item>
    </>
  );
}

export function NavBar() {
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="lg" sticky="top" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to={pagePaths.root} className="fw-bold">
          {storeConfig.name}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" aria-label="Toggle navigation" />
        <Navbar.Collapse id="main-navigation">
          <Nav className="ms-auto" as="ul">
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={pagePaths.home} eventKey="home">
                Home
              </Nav.Link>
            </Nav.Item>
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={pagePaths.blog} eventKey="blog">
                Blogs
              </Nav.Link>
            </Nav.Item>
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={pagePaths.portfolio} eventKey="portfolio">
                Portfolio
              </Nav.Link>
            </Nav.Item>
            <AccountLinks />
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
