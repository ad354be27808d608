import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  apiErrors,
  apiPaths,
  apiRoutes,
  deleteProductResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  productFormSchema,
  productPatchSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  type Product,
} from '../../contract/index.js';
import type { Guards } from '../auth/guards.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import { CATALOGUE_VERSION_HEADER, type CatalogueSearch } from '../catalogue/search.js';
import { askedBefore } from '../catalogue/asked-before.js';
import { CACHED_ROUTE_OPTIONS, sendCached } from '../catalogue/cached-json.js';
import { AppError, fieldRefusal } from '../http/errors.js';
import type { ProductRepository } from './repository.js';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

interface ProductRoutesOptions {
  products: ProductRepository;
  guards: Guards;
  cache: CatalogueCache;
  /** The catalogue search, whose index may hold a part's page (search.ts). */
  catalogue?: Pick<CatalogueSearch, 'partJson'>;
}

const listJson = (list: unknown) => JSON.stringify(productListSchema.parse(list));
const productJson = (product: unknown) => JSON.stringify(productSchema.parse(product));
/** A part's page as JSON: the catalogue index's copy as it is, or the database's row through the schema. */
type PartPage = { fromIndex: { json: string; version: string } } | { fromDatabase: Product };
const partPageJson = (page: PartPage) => ('fromIndex' in page ? page.fromIndex.json : productJson(page.fromDatabase));

export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (
  app,
  { products, guards, cache, catalogue },
) => {
  const askedAgain = askedBefore();
  app.get(
    apiPaths.products,
    {
      ...CACHED_ROUTE_OPTIONS,
      schema: {
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await sendCached(request, reply, {
        cache,
        kind: 'products',
        key: `newest:${request.query.limit}`,
        load: () => products.newest(request.query.limit),
        serialize: listJson,
      });
    },
  );

  // Manage Products reads the catalogue a page at a time: no answer holds the whole catalogue.
  app.get(
    apiPaths.adminProducts,
    {
      onRequest: guards.requireAdmin,
      schema: { querystring: adminProductsQuerySchema, response: { 200: adminProductsResponseSchema, ...adminErrors } },
    },
    async (request) => products.page(request.query),
  );

  app.get(
    apiRoutes.product,
    {
      ...CACHED_ROUTE_OPTIONS,
      schema: {
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendCached(request, reply, {
        cache,
        kind: 'products',
        key: `id:${request.params.id}`,
        // From the catalogue index when it has the part (the same toProduct made its JSON), with the
        // catalogue version it was read from, as a search's answer.
        load: async (): Promise<PartPage | undefined> => {
          const fromIndex = await catalogue?.partJson?.(request.params.id);
          if (fromIndex) return { fromIndex };
          const fromDatabase = await products.findById(request.params.id);
          return fromDatabase && { fromDatabase };
        },
        serialize: partPageJson,
        headers: (page) => ('fromIndex' in page ? { [CATALOGUE_VERSION_HEADER]: page.fromIndex.version } : undefined),
        // The database's answers are kept; the index's when asked again.
        keep: (page) => !('fromIndex' in page) || askedAgain(request.params.id),
      });
      if (!sent) throw new AppError('productNotFound');
    },
  );

  app.post(
    apiPaths.products,
    {
      onRequest: guards.requireAdmin,
      schema: { body: productFormSchema, response: { 200: productSchema, ...adminErrors, 409: errorResponseSchema } },
    },
    async (request) => {
      const result = await products.create(request.body);
      if ('skuTaken' in result) throw fieldRefusal('skuTaken', 'sku', apiErrors.skuTaken.message);
      await cache.changed('products');
      return result.created;
    },
  );

  app.patch(
    apiRoutes.product,
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: productPatchSchema,
        response: { 200: productSchema, ...adminErrors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const result = await products.edit(request.params.id, request.body);
      if ('notFound' in result) throw new AppError('productNotFound');
      if ('skuTaken' in result) throw fieldRefusal('skuTaken', 'sku', apiErrors.skuTaken.message);
      if ('invalid' in result) {
        const errors = result.invalid.issues.map((issue) => ({
          field: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw new AppError('validationFailed', { message: errors[0]?.message, errors });
      }
      await cache.changed('products');
      return result.edited;
    },
  );

  app.delete(
    apiRoutes.product,
    {
      onRequest: guards.requireAdmin,
      schema: { params: idParamsSchema, response: { 200: deleteProductResponseSchema, ...adminErrors } },
    },
    async (request) => {
      if (!(await products.delete(request.params.id))) throw new AppError('productNotFound');
      await cache.changed('products');
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  );
};
