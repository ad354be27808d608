import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { CreateReview, Review } from '@contract/reviews';
import { apiGet, apiRequest } from '../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (limit?: number) => ['reviews', 'list', limit ?? 'all'] as const,
};

export const getReviews = (limit?: number, signal?: AbortSignal) =>
  apiGet<Review[]>(limit === undefined ? apiPaths.reviews : `${apiPaths.reviews}?limit=${limit}`, signal);

/** Newest first, as the server orders them. */
export const useReviews = (limit?: number) =>
  useQuery({ queryKey: reviewKeys.list(limit), queryFn: ({ signal }) => getReviews(limit, signal) });

export const createReview = (review: CreateReview) =>
  apiRequest<Review>(apiPaths.reviews, { method: 'POST', body: review });

/** A new review is the newest testimonial: the home page's list is refetched. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
