import { MAX_RATING } from '@contract/reviews';

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {'★'.repeat(rating)}
      <span className="text-body-tertiary">{'★'.repeat(MAX_RATING - rating)}</span>
    </span>
  );
}
