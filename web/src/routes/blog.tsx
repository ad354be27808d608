import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { PageTitle } from '../components/PageTitle';
import { blogPosts } from '../features/blog/posts';

export function Component() {
  return (
    <Container className="py-5">
      <PageTitle title="Blog" />
      <h1 className="section-title mt-0">Blog</h1>
      <div className="d-grid gap-4">
        {blogPosts.map((post) => (
          <Card as="article" key={post.question} className="shadow-sm">
            <Card.Body>
              <Card.Title as="h2" className="h4">
                {post.question}
              </Card.Title>
              {post.answer.map((paragraph) => (
                <Card.Text key={paragraph.slice(0, 40)}>{paragraph}</Card.Text>
              ))}
            </Card.Body>
          </Card>
        ))}
      </div>
    </Container>
  );
}
