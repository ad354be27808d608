import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { pageTexts } from '@contract/messages';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useReviews } from '../api';
import { ReviewCard } from './ReviewCard';

export const HOME_REVIEW_COUNT = 6;

export function Testimonials() {
  const reviews = useReviews(HOME_REVIEW_COUNT);
  return (
    <section aria-labelledby="testimonials">
      <h2 id="testimonials" className="section-title">
        {pageTexts.testimonials}
      </h2>
      {reviews.isPending ? (
        <LoadingSpinner />
      ) : reviews.isError ? (
        <FetchError what="the testimonials" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : (
        <Row xs={1} md={2} lg={3} className="g-4">
          {reviews.data.map((review) => (
            <Col key={review._id}>
              <ReviewCard review={review} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
