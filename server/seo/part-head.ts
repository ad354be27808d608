import { idSchema, pagePaths, type Product } from '../../contract/index.js';
import { answerFor, type CatalogueCache } from '../catalogue/cache.js';
import { escapeHtml, type PageHead } from '../http/web-app.js';
import type { ProductRepository } from '../products/repository.js';
import type { VehicleRepository } from '../vehicles/repository.js';
import { productJsonLd, scriptSafeJson, type StoreFacts } from './product-json-ld.js';

/** About what search engines show of a description; a longer one is cut at a word. */
export const MAX_DESCRIPTION_CHARS = 160;

/** What the part page's head says of the part, ready to be written into the page. */
export interface PartHead {
  title: string;
  description: string;
  canonical: string;
  /** The schema.org Product, already safe to put inside a script element. */
  jsonLd: string;
}

/** The same title the web app sets once it runs (web/src/components/PageTitle.tsx). */
export const partTitle = (product: Pick<Product, 'name'>, storeName: string) => `${product.name} | ${storeName}`;

/**
 * The part's description on one line, cut at a word to MAX_DESCRIPTION_CHARS; a part without one
 * is described by its brand, name and part number.
 */
export function partDescription(product: Pick<Product, 'name' | 'brand' | 'sku' | 'description'>, storeName: string) {
  const text = product.description.replace(/\s+/g, ' ').trim();
  if (text === '')
    return `${[product.brand, product.name].filter(Boolean).join(' ')}, part number ${product.sku}, from ${storeName}.`;
  if (text.length <= MAX_DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, MAX_DESCRIPTION_CHARS - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A single word longer than the whole budget is cut where it must be.
  const words = lastSpace > MAX_DESCRIPTION_CHARS / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** The part id of a path the page table matched as the part page, if it is an id at all. */
export function partIdOf(urlPath: string): string | undefined {
  const segment = urlPath.split('/').filter(Boolean)[1];
  if (segment === undefined) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const id = idSchema.safeParse(decoded);
  return id.success ? id.data.toLowerCase() : undefined;
}

/** A picture of this store (`/images/...`) on the public address; an https:// one as it is. */
const absolute = (picture: string, publicUrl: string) => (picture.startsWith('/') ? `${publicUrl}${picture}` : picture);

export function buildPartHead({
  product,
  fitment,
  publicUrl,
  store,
}: {
  product: Product;
  fitment: Parameters<typeof productJsonLd>[0]['fitment'];
  publicUrl: string;
  store: StoreFacts;
}): PartHead {
  const canonical = `${publicUrl}${pagePaths.part(product._id)}`;
  const jsonLd = productJsonLd({
    product,
    fitment,
    url: canonical,
    image: absolute(product.picture, publicUrl),
    store,
  });
  return {
    title: partTitle(product, store.name),
    description: partDescription(product, store.name),
    canonical,
    jsonLd: scriptSafeJson(jsonLd),
  };
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/**
 * The page's HTML with the part's head: its title instead of the store's, its description instead
 * of the store's, and the canonical link and JSON-LD at the end of the head. Replacements are
 * functions so that a `$` in a name is written as it is.
 */
export function withPartHead(html: string, head: PartHead): string {
  const tags =
    `<meta name="description" content="${escapeHtml(head.description)}" />` +
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` +
    `<script type="application/ld+json">${head.jsonLd}</script>`;
  return html
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(DESCRIPTION, '')
    .replace('</head>', () => `${tags}</head>`);
}

/**
 * The part page's head (served by web-app.ts's registerWebApp): the part and the bikes it fits, read once
 * and kept in the catalogue cache with the part's other answers (cleared on every product write, on
 * every instance); an address that is no part's gives undefined (404).
 */
export function createPartPageHead({
  products,
  vehicles,
  cache,
  publicUrl,
  store,
}: {
  products: Pick<ProductRepository, 'findById'>;
  vehicles: Pick<VehicleRepository, 'fitmentOf'>;
  cache: CatalogueCache;
  publicUrl: string;
  store: StoreFacts;
}): PageHead {
  const headOf = async (id: string): Promise<PartHead | undefined> => {
    const answer = await answerFor(cache, 'products', `page-head:${id}`, {
      load: async () => {
        const product = await products.findById(id);
        const fitment = product && (await vehicles.fitmentOf(id));
        return product && fitment && buildPartHead({ product, fitment, publicUrl, store });
      },
      serialize: (head) => JSON.stringify(head),
    });
    return answer && (JSON.parse(answer.json) as PartHead);
  };
  return async (html, urlPath) => {
    const id = partIdOf(urlPath);
    const head = id === undefined ? undefined : await headOf(id);
    return head && withPartHead(html, head);
  };
}
