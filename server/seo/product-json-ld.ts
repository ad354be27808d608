import { canBeOrdered, type Fitment, type Product, type Vehicle } from '../../contract/index.js';

const SCHEMA = 'https://schema.org';

/** The store's settings a part's structured data names. */
export interface StoreFacts {
  name: string;
  currency: string;
}

/** A bike the part fits, as schema.org describes a vehicle (a kind of Product). */
const vehicleJsonLd = (vehicle: Vehicle) => ({
  '@type': 'Vehicle',
  name: vehicle.label,
  brand: { '@type': 'Brand', name: vehicle.make },
  manufacturer: { '@type': 'Organization', name: vehicle.make },
  model: vehicle.model,
  vehicleModelDate: String(vehicle.year),
});

/**
 * The part as a schema.org `Product`, what search engines show as a product result: its offer at
 * the store's price and stock, and the bikes it fits (`isAccessoryOrSparePartFor`). A universal part
 * lists none: it fits every bike, which schema.org has no word for.
 */
export function productJsonLd({
  product,
  fitment,
  url,
  image,
  store,
}: {
  product: Product;
  fitment: Fitment;
  /** The part page's canonical address. */
  url: string;
  /** The picture's absolute address. */
  image: string;
  store: StoreFacts;
}) {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.brand && { brand: { '@type': 'Brand', name: product.brand } }),
    image,
    ...(product.description && { description: product.description }),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: store.currency,
      availability: `${SCHEMA}/${canBeOrdered(product) ? 'InStock' : 'OutOfStock'}`,
      seller: { '@type': 'Organization', name: store.name },
    },
    ...(fitment.vehicles.length > 0 && { isAccessoryOrSparePartFor: fitment.vehicles.map(vehicleJsonLd) }),
  };
}

/** Characters that could end the script element or open a comment, or that old parsers take as line ends. */
const UNSAFE_IN_SCRIPT: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON to put inside `<script type="application/ld+json">`: the same value once parsed, but with no
 * `<` (so no `</script>` or `<!--` can end the element early), `>` or `&` left as they are.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => UNSAFE_IN_SCRIPT[character] ?? character);
