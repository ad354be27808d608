import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { addGarageBike, garageKey } from './garage-api';
import { chooseBike, readChosenBike, useChosenBike } from './chosen-bike';

/** Bikes whose join is on its way (one request a bike, however often the effect runs). */
const joining = new Set<string>();

/**
 * A bike chosen with the picker joins the garage once someone is signed in: at once for a
 * customer, at the next sign-in for a visitor. It is tried once the server answers: until then the
 * bike stays marked to join, so that a page left before the request arrived (a customer who opens
 * another page at once after registering) sends it again on the next load (adding a bike already
 * there answers it again). A request that met no answer (the network down, the connection cut)
 * leaves the mark for the next load too, as the cart's join does. A refusal (a full garage) is said
 * in a toast and the bike stays chosen.
 */
export function useBikeJoinsGarage(signedIn: boolean) {
  const bike = useChosenBike();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || !bike?.joinGarage || joining.has(bike._id)) return;
    joining.add(bike._id);
    /** The mark goes once answered, unless another bike was chosen meanwhile. */
    const answered = () => {
      joining.delete(bike._id);
      const now = readChosenBike();
      if (now?._id === bike._id && now.joinGarage) chooseBike({ _id: bike._id, label: bike.label });
    };
    addGarageBike(bike._id).then(
      () => {
        answered();
        return queryClient.invalidateQueries({ queryKey: garageKey });
      },
      (error: Error) => {
        if (!(error instanceof ApiError)) {
          joining.delete(bike._id);
          return;
        }
        answered();
        showToast('error', `${bike.label} did not join your garage: ${error.message}`);
      },
    );
  }, [signedIn, bike, queryClient]);
}
