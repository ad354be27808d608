import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useVehicle } from './vehicles-api';
import { chooseBike, useChosenBike } from './chosen-bike';
import { withChange } from './url-state';

/** A history entry's own note that the shopper asked for every bike's parts, bike chosen or not. */
interface AddressState {
  allBikes?: boolean;
}

/**
 * /parts's address and the chosen bike, kept in step:
 * - an address without `vehicle` gets the chosen bike's (replacing the entry: /parts lists what fits
 *   the bike), unless the shopper asked for every bike's parts: that is noted in the history entry,
 *   not the address, whose parameters are the API's own;
 * - an address with another bike's `vehicle` (a shared search, the back button) makes that bike the
 *   chosen one, so the picker, the navbar and the badges say the same as the list.
 */
export function useCatalogueAddress() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const allBikes = (location.state as AddressState | null)?.allBikes === true;
  const bike = useChosenBike();
  const vehicle = params.get('vehicle')?.trim().toLowerCase() || undefined;
  const bikeMissing = vehicle === undefined && bike !== null && !allBikes;

  // Once an address is arrived at: a bike chosen on this page comes with its own address.
  const arrivedAt = useRef<string>(undefined);
  useEffect(() => {
    if (arrivedAt.current === location.key) return;
    arrivedAt.current = location.key;
    if (!bikeMissing || !bike) return;
    setParams(withChange(params, { vehicle: bike._id, page: params.get('page') ?? undefined }), { replace: true });
  }, [location.key, bikeMissing, bike, params, setParams]);

  const otherBike = vehicle !== undefined && vehicle !== bike?._id ? vehicle : undefined;
  const other = useVehicle(otherBike);
  useEffect(() => {
    if (other.data && other.data._id === otherBike) chooseBike({ _id: other.data._id, label: other.data.label });
  }, [other.data, otherBike]);

  /** A new history entry for the address; `allBikes` says whether it lists every bike's parts. */
  const go = (next: URLSearchParams, options: AddressState = {}) =>
    setParams(next, { state: (options.allBikes ?? allBikes) ? ({ allBikes: true } satisfies AddressState) : null });

  return {
    params,
    go,
    bike,
    vehicle,
    /** The bike of the list, named, once it is the chosen one. */
    vehicleLabel: vehicle !== undefined && vehicle === bike?._id ? bike.label : undefined,
    /** False while the address is about to get the chosen bike: nothing to ask the API yet. */
    settled: !bikeMissing,
  };
}
