import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  apiRoutes,
  cartProductParamsSchema,
  cartSchema,
  errorResponseSchema,
  quantityProblem,
  quantityProblemMessage,
  setCartQuantitySchema,
  shippingMethodListSchema,
  type ShippingMethod,
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import { AppError, fieldRefusal } from '../http/errors.js';
import type { ProductRepository } from '../products/repository.js';
import type { CartRepository } from './repository.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

interface CartRoutesOptions {
  cart: CartRepository;
  products: ProductRepository;
  guards: Guards;
  shippingMethods: readonly ShippingMethod[];
}

/**
 * The cart (always the bearer token's own) and the shipping methods; the checkout that turns a cart
 * into an order is the orders' (orders/routes.ts). A line's quantity obeys the Order Now form's
 * rule, with its messages, when it is set; the checkout asks the rule again of the locked parts.
 */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (
  app,
  { cart, products, guards, shippingMethods },
) => {
  app.get(
    apiPaths.cart,
    { onRequest: guards.requireUser, schema: { response: { 200: cartSchema, ...errors } } },
    async (request) => cart.read(signedInUser(request)._id),
  );

  app.put(
    apiRoutes.cartLine,
    {
      onRequest: guards.requireUser,
      schema: {
        params: cartProductParamsSchema,
        body: setCartQuantitySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const userId = signedInUser(request)._id;
      const { productId } = request.params;
      const { quantity } = request.body;
      const part = await products.findById(productId);
      if (!part) throw new AppError('productNotFound');
      const problem = quantityProblem(part, quantity);
      if (problem) throw fieldRefusal(problem, 'quantity', quantityProblemMessage(problem, part));
      if ((await cart.set(userId, productId, quantity)) === 'full') throw new AppError('cartFull');
      return cart.read(userId);
    },
  );

  app.delete(
    apiRoutes.cartLine,
    {
      onRequest: guards.requireUser,
      schema: { params: cartProductParamsSchema, response: { 200: cartSchema, ...errors } },
    },
    async (request) => {
      const userId = signedInUser(request)._id;
      await cart.remove(userId, request.params.productId);
      return cart.read(userId);
    },
  );

  app.get(apiPaths.shippingMethods, { schema: { response: { 200: shippingMethodListSchema } } }, async () => [
    ...shippingMethods,
  ]);
};
