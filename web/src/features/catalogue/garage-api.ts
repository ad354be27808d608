import { useQuery } from '@tanstack/react-query';
import type { GarageBike } from '@contract/catalogue';
import { apiPaths } from '@contract/paths';
import { apiGet, apiRequest } from '../../lib/api-client';

/**
 * My Garage's calls, apart from the catalogue's: the app shell adds a chosen bike at sign-in
 * (garage-join.ts) and takes only these with it; My Garage's writes are in garage-mutations.ts.
 * Under `me`, which signing out forgets.
 */
export const garageKey = ['me', 'garage'] as const;

export const useGarage = (enabled: boolean) =>
  useQuery({
    queryKey: garageKey,
    queryFn: ({ signal }) => apiGet<GarageBike[]>(apiPaths.garage, signal),
    enabled,
  });

/** Adding a bike already there answers it again. */
export const addGarageBike = (vehicleId: string) =>
  apiRequest<GarageBike>(apiPaths.garage, { method: 'POST', body: { vehicleId } });

export const removeGarageBike = (id: string) => apiRequest(apiPaths.garageBike(id), { method: 'DELETE' });
