import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { CreateReview, Review } from '@contract/reviews';
import { apiRequest } from '../../lib/api-client';
import { reviewKeys } from './api';

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
