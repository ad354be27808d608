/**
 * The cart's own words, which no spec names: what a toast says when a part goes into the cart, and
 * what changed when a visitor's cart joined their cart on the server at sign-in.
 */
export const cartWords = {
  added: (name: string, quantity: number) => `Added to your cart: ${quantity} × ${name}`,
  notAdded: (name: string, reason: string) => `${name} was not added to your cart: ${reason}`,
  joinedAtStock: (name: string, stock: number) => `${name}: only ${stock} left, so your cart holds ${stock}`,
  joinedAtMinimum: (name: string, minimum: number) =>
    `${name}: the minimum order is ${minimum}, so your cart holds ${minimum}`,
  joinedKeptLarger: (name: string, quantity: number) =>
    `${name} was in your cart already: it keeps the larger quantity, ${quantity}`,
  joinedAtMostTotal: (name: string, quantity: number) =>
    `${name}: an order cannot total more, so your cart holds ${quantity}`,
  droppedSoldOut: (name: string) => `${name} is sold out: it was taken out of your cart`,
  droppedBelowMinimum: (name: string, stock: number, minimum: number) =>
    `${name}: only ${stock} left, fewer than its minimum order of ${minimum}: it was taken out of your cart`,
  droppedGone: (name: string) => `${name} is no longer in our catalogue: it was taken out of your cart`,
  notJoined: (name: string, reason: string) => `${name} did not join your cart: ${reason}`,
} as const;
