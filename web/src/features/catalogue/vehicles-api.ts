import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@contract/catalogue';
import { apiPaths } from '@contract/paths';
import { apiGet } from '../../lib/api-client';

/** The bike picker's calls (make, then model, then year) and one bike by its id. */
export const vehicleKeys = {
  makes: ['vehicles', 'makes'] as const,
  models: (make: string) => ['vehicles', 'models', make] as const,
  years: (make: string, model: string) => ['vehicles', 'years', make, model] as const,
  vehicle: (id: string) => ['vehicles', 'one', id] as const,
};

/** The bikes the store knows change rarely: kept for the visit. */
const BIKES_STALE_MS = 30 * 60_000;

export const useMakes = () =>
  useQuery({
    queryKey: vehicleKeys.makes,
    queryFn: ({ signal }) => apiGet<string[]>(apiPaths.vehicleMakes, signal),
    staleTime: BIKES_STALE_MS,
  });

export const useModels = (make: string) =>
  useQuery({
    queryKey: vehicleKeys.models(make),
    queryFn: ({ signal }) => apiGet<string[]>(`${apiPaths.vehicleModels}?${new URLSearchParams({ make })}`, signal),
    enabled: make !== '',
    staleTime: BIKES_STALE_MS,
  });

/** The model years of a model, newest first. */
export const useModelYears = (make: string, model: string) =>
  useQuery({
    queryKey: vehicleKeys.years(make, model),
    queryFn: ({ signal }) => apiGet<Vehicle[]>(`${apiPaths.vehicles}?${new URLSearchParams({ make, model })}`, signal),
    enabled: make !== '' && model !== '',
    staleTime: BIKES_STALE_MS,
  });

export const useVehicle = (id: string | undefined) =>
  useQuery({
    queryKey: vehicleKeys.vehicle(id ?? ''),
    queryFn: ({ signal }) => apiGet<Vehicle>(apiPaths.vehicle(id ?? ''), signal),
    enabled: id !== undefined,
    staleTime: BIKES_STALE_MS,
  });
