import type { Cart } from '@contract/checkout';
import { apiPaths } from '@contract/paths';
import { apiRequest } from '../../lib/api-client';

/** Sets a line's quantity (adding the line when the cart has none of the part); answers the cart. */
export const putCartLine = (productId: string, quantity: number) =>
  apiRequest<Cart>(apiPaths.cartLine(productId), { method: 'PUT', body: { quantity } });

/** Takes the line out (a line that is not there is no error); answers the cart. */
export const deleteCartLine = (productId: string) =>
  apiRequest<Cart>(apiPaths.cartLine(productId), { method: 'DELETE' });
