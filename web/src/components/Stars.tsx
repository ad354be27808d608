import { MAX_RATING } from '@contract/ratings';

export function Stars({ rating }: { rating: number }) {
  const filled = Math.min(MAX_RATING, Math.max(0, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {'★'.repeat(filled)}
      <span className="text-body-tertiary">{'★'.repeat(MAX_RATING - filled)}</span>
    </span>
  );
}
