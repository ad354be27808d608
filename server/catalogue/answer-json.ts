import { bikeFromQuerySchema, catalogueResponseSchema, type CatalogueResponse } from '../../contract/index.js';

/** The items of an answer as the JSON they are sent as, when the search kept them so (the index). */
const itemsJsonOf = new WeakMap<CatalogueResponse, readonly string[]>();

/**
 * An answer whose items are kept as JSON (the index keeps each part as the JSON of its `Product`,
 * made by the same toProduct as every other read of a part): `answerJson` sends them as they are,
 * and `items` parses them only if someone reads it (tests, the property test's comparison).
 */
export function answerWithItemsJson(answer: Omit<CatalogueResponse, 'items'>, itemsJson: readonly string[]) {
  let items: CatalogueResponse['items'] | undefined;
  const made = answer as CatalogueResponse;
  Object.defineProperty(made, 'items', {
    enumerable: true,
    configurable: true,
    get: () => (items ??= itemsJson.map((json) => JSON.parse(json) as CatalogueResponse['items'][number])),
    set: (value: CatalogueResponse['items']) => {
      items = value;
      itemsJsonOf.delete(made);
    },
  });
  itemsJsonOf.set(made, itemsJson);
  return made;
}

/**
 * `/api/catalogue`'s answer as sent: through the contract's schema (nothing unexpected goes out),
 * except items kept as JSON, which are written as they are (a search from memory would otherwise
 * spend more time parsing and writing its page than finding it).
 */
export function answerJson(answer: CatalogueResponse): string {
  const itemsJson = itemsJsonOf.get(answer);
  if (!itemsJson) return JSON.stringify(catalogueResponseSchema.parse(answer));
  const { total, page, pageSize, facets, bikeFromQuery } = answer;
  const bike = bikeFromQuery ? `,"bikeFromQuery":${JSON.stringify(bikeFromQuerySchema.parse(bikeFromQuery))}` : '';
  return (
    `{"items":[${itemsJson.join(',')}],"total":${JSON.stringify(total)},"page":${JSON.stringify(page)},` +
    `"pageSize":${JSON.stringify(pageSize)},"facets":${JSON.stringify(catalogueResponseSchema.shape.facets.parse(facets))}${bike}}`
  );
}
