import { useChosenBike } from '../chosen-bike';
import { useFitment } from '../api';
import { fitOf, fitText, type Fit } from '../fit';

const LOOK: Record<Fit, string> = {
  fits: 'text-bg-success',
  universal: 'text-bg-success',
  no: 'text-bg-danger',
};

/** Whether a part fits the shopper's bike, in words (`Fits your 2019 Honda CBR600RR`). */
export function FitBadge({ fit, bikeLabel = '' }: { fit: Fit; bikeLabel?: string }) {
  return <span className={`badge fit-badge text-wrap text-start ${LOOK[fit]}`}>{fitText(fit, bikeLabel)}</span>;
}

/**
 * The fit badge of a part whose fit on the chosen bike is not known yet: asked of its fitment once a
 * bike is chosen. A universal part says so without asking, bike or not.
 */
export function FitmentBadge({ productId, universal }: { productId: string; universal: boolean }) {
  const bike = useChosenBike();
  const fitment = useFitment(productId, bike !== null && !universal);
  if (universal) return <FitBadge fit="universal" />;
  if (!bike) return null;
  if (!fitment.data) {
    // Holds the badge's place, so that nothing moves when it arrives.
    return <span className="badge fit-badge text-bg-light">{fitment.isError ? 'Fit unknown' : 'Checking fit…'}</span>;
  }
  return <FitBadge fit={fitOf(fitment.data, bike._id)} bikeLabel={bike.label} />;
}
