import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { pageTexts } from '@contract/page-texts';
import { pagePaths } from '@contract/pages';
import { PageTitle } from '../components/PageTitle';

export function Component() {
  return (
    <Container className="text-center py-5">
      <PageTitle title="Page not found" />
      <h1 className="not-found-code">{pageTexts.notFoundCode}</h1>
      <p className="lead my-4">{pageTexts.notFoundText}</p>
      <Link to={pagePaths.home} className="btn btn-dark">
        {pageTexts.goBack}
      </Link>
    </Container>
  );
}
