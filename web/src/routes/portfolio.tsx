import Card from 'react-bootstrap/Card';
import Carousel from 'react-bootstrap/Carousel';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { PageTitle } from '../components/PageTitle';
import { developer, projects, skills } from '../features/portfolio/profile';

export function Component() {
  return (
    <Container className="py-5">
      <PageTitle title="Portfolio" />
      <h1 className="section-title mt-0">{developer.name}</h1>
      <p className="text-center text-body-secondary">{developer.role}</p>
      <Row className="g-4 mt-2">
        <Col lg={6}>
          <section aria-labelledby="about">
            <h2 id="about" className="h4">
              About me
            </h2>
            {developer.biography.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
          <section aria-labelledby="contact" className="mt-4">
            <h2 id="contact" className="h4">
              Contact
            </h2>
            <p className="mb-1">
              E-mail: <a href={`mailto:${developer.email}`}>{developer.email}</a>
            </p>
            <p>Location: {developer.location}</p>
          </section>
        </Col>
        <Col lg={6}>
          <section aria-labelledby="skills">
            <h2 id="skills" className="h4">
              Skills
            </h2>
            {skills.map((skill) => (
              <div key={skill.name} className="mb-3">
                <div className="d-flex justify-content-between small">
                  <span id={`skill-${skill.name}`}>{skill.name}</span>
                  <span>{skill.level}%</span>
                </div>
                <div
                  className="progress"
                  role="progressbar"
                  aria-labelledby={`skill-${skill.name}`}
                  aria-valuenow={skill.level}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="progress-bar bg-danger" style={{ width: `${skill.level}%` }} />
                </div>
              </div>
            ))}
          </section>
        </Col>
      </Row>
      <section aria-labelledby="projects" className="mt-5">
        <h2 id="projects" className="h4 text-center">
          Projects
        </h2>
        <Card className="shadow-sm">
          <Carousel className="portfolio-projects" interval={5000} variant="dark">
            {projects.map((project) => (
              <Carousel.Item key={project.name} className="text-center">
                <h3 className="h5">{project.name}</h3>
                <p>{project.description}</p>
                <a className="btn btn-outline-dark" href={project.href}>
                  Visit {project.name}
                </a>
              </Carousel.Item>
            ))}
          </Carousel>
        </Card>
      </section>
    </Container>
  );
}
