import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

/** A UUID numbered n, valid for the contract's id schema. */
export const testUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init });

/** Where the router is, as text a test can read: `/parts?q=pads`. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/**
 * Renders with what the app provides around every screen: a query client (no retries) and a router,
 * at `url` (default `/`). With `showLocation`, the router's address is shown in a `location` test id.
 */
export function renderWithProviders(ui: ReactNode, { url = '/', showLocation = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={queryClient}>
      {/* As the app's router: navigation is not a transition (main.tsx). */}
      <MemoryRouter initialEntries={[url]} useTransitions={false}>
        {ui}
        {showLocation && <LocationProbe />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
