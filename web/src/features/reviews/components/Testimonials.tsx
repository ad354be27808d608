import { pageTexts } from '@contract/page-texts';
import { FetchError } from '../../../components/FetchError';
import { CARD_GRID_CLASS, CardGridPlaceholder } from '../../../components/CardGridPlaceholder';
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
        <CardGridPlaceholder count={HOME_REVIEW_COUNT} picture={false} />
      ) : reviews.isError ? (
        <FetchError what="the testimonials" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : (
        <div className={CARD_GRID_CLASS}>
          {reviews.data.map((review) => (
            <div className="col" key={review._id}>
              <ReviewCard review={review} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
