import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showToast } from '../../lib/toast';
import { addGarageBike, garageKey } from './garage-api';
import { chooseBike, useChosenBike } from './chosen-bike';

/**
 * A bike chosen with the picker joins the garage once someone is signed in: at once for a
 * customer, at the next sign-in for a visitor. It is tried once;
 * a refusal (a full garage) is said in a toast and the bike stays chosen.
 */
export function useBikeJoinsGarage(signedIn: boolean) {
  const bike = useChosenBike();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || !bike?.joinGarage) return;
    chooseBike({ _id: bike._id, label: bike.label });
    addGarageBike(bike._id).then(
      () => queryClient.invalidateQueries({ queryKey: garageKey }),
      (error: Error) => showToast('error', `${bike.label} did not join your garage: ${error.message}`),
    );
  }, [signedIn, bike, queryClient]);
}
