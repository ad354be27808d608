import { fromCents, toCents } from './money.js';

/** A shipping method, as contract/checkout.ts's schema checks it. */
export interface ShippingMethod {
  id: string;
  label: string;
  /** What it costs, before tax. */
  price: number;
  /** Free when the goods (the subtotal) come to this much or more; null: never free. */
  freeFrom: number | null;
}

/** What shipping costs for goods of `subtotalCents`, in cents. */
export const shippingCents = (method: ShippingMethod, subtotalCents: number): number =>
  method.freeFrom !== null && subtotalCents >= toCents(method.freeFrom) ? 0 : toCents(method.price);

/** A line as the totals need it: the unit price in currency units (as the API gives it) and a quantity. */
export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** A tax rate in percent (20, 8.875) as hundredths of a percent, the unit the sum is made in. */
export const taxRateBasisPoints = (percent: number): number => Math.round(percent * 100);

/**
 * The one sum of an order, in cents, made the same in the browser and on the server: the lines'
 * totals; shipping by the method (free from its threshold on the goods); tax at `taxRatePercent` on
 * goods and shipping (prices exclude it), rounded half up to the cent in integers, so no float ever
 * decides a cent.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  method: ShippingMethod | undefined,
  taxRatePercent: number,
): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
  const shipping = method ? shippingCents(method, subtotalCents) : 0;
  const taxCents = Math.floor(((subtotalCents + shipping) * taxRateBasisPoints(taxRatePercent) + 5_000) / 10_000);
  return { subtotalCents, shippingCents: shipping, taxCents, totalCents: subtotalCents + shipping + taxCents };
}

/** The totals in currency units, as answers and pages show them. */
export const totalsInUnits = (totals: OrderTotals) => ({
  subtotal: fromCents(totals.subtotalCents),
  shippingCost: fromCents(totals.shippingCents),
  tax: fromCents(totals.taxCents),
  total: fromCents(totals.totalCents),
});
