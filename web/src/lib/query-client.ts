import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a network hiccup might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
    },
  });
}

/**
 * The app's one client (main.tsx provides it). A route module may ask it for its page's first data
 * while the page's code is still starting (routes/parts.tsx); the page's query then finds the answer,
 * or the request in flight, under the same key.
 */
export const queryClient = createQueryClient();
