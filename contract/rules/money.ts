/**
 * Money is counted in cents (integers) wherever it is added or multiplied, and shown in currency
 * units: these are the only places that convert between the two.
 */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** Whether an amount has at most two decimals (10.5 and 10.25, not 10.255), allowing float noise. */
export const isWholeCents = (amount: number): boolean => Math.abs(amount * 100 - toCents(amount)) < 1e-6;

/** An order line's total, in cents: the unit price (in currency units, as the API gives it) times the quantity. */
export const lineTotalCents = (unitPrice: number, quantity: number): number => toCents(unitPrice) * quantity;

/**
 * The most one order can total, in cents: Stripe's largest charge for USD-like currencies
 * (999,999.99). A larger order could never be paid by card, so it is refused when placed.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;
// Pure (a bundler cannot tell a method call is): importing this module runs nothing, so the pages
// that import a rule leave it out when they use nothing of it.
export const orderTotalTooLarge = `An order can total at most ${
  /* @__PURE__ */ (MAX_ORDER_TOTAL_CENTS / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
}. Please order fewer or contact us.`;
