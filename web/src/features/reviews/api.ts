import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Review } from '@contract/reviews';
import { apiGet } from '../../lib/api-client';

/** Reads of the testimonials (the home page needs no more); writes are in mutations.ts. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (limit?: number) => ['reviews', 'list', limit ?? 'all'] as const,
};

export const getReviews = (limit?: number, signal?: AbortSignal) =>
  apiGet<Review[]>(limit === undefined ? apiPaths.reviews : `${apiPaths.reviews}?limit=${limit}`, signal);

/** Newest first, as the server orders them. */
export const useReviews = (limit?: number) =>
  useQuery({ queryKey: reviewKeys.list(limit), queryFn: ({ signal }) => getReviews(limit, signal) });
