import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { pagePaths } from '@contract/paths';
import { storeConfig } from '../lib/store-config';

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
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={pagePaths.login} eventKey="login">
                Login
              </Nav.Link>
            </Nav.Item>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
