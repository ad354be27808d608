import { fitTexts, type FitKind } from '@contract/catalogue-names';
import type { Fitment } from '@contract/catalogue';

/** Whether a part fits the chosen bike: as the catalogue says (`fits`, `universal`), or it does not. */
export type Fit = FitKind | 'no';

/** The words on the fit badge. */
export function fitText(fit: Fit, bikeLabel: string): string {
  if (fit === 'universal') return fitTexts.universal;
  return fit === 'fits' ? fitTexts.fits(bikeLabel) : fitTexts.doesNotFit(bikeLabel);
}

/** A part's fit on a bike, from the part's fitment (`GET /api/products/{id}/fitment`). */
export const fitOf = (fitment: Fitment, vehicleId: string): Fit =>
  fitment.universal ? 'universal' : fitment.vehicles.some((vehicle) => vehicle._id === vehicleId) ? 'fits' : 'no';
