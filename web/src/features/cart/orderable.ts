/**
 * `canBeOrdered` of contract/products.ts (at least the minimum order is in stock), written out: that
 * module's schemas would bring zod into the catalogue's first download with the Add to cart button.
 * orderable.test.ts checks that the two agree.
 */
export const canBeOrdered = (part: { availableQantity: number; minimumOderQantity: number }) =>
  part.availableQantity >= part.minimumOderQantity;
