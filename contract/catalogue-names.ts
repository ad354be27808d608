/**
 * The catalogue's names and limits with no zod in them: the web app's catalogue pages import these
 * (contract/catalogue.ts re-exports them with the schemas), so that their first download carries no
 * validation library.
 */

/** What kind of part a product is; a product without one is `hardware`. */
export const PART_CATEGORIES = [
  'brake-pads',
  'brake-discs',
  'calipers',
  'brake-lines',
  'levers',
  'master-cylinders',
  'brake-fluid',
  'hardware',
] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];
export const DEFAULT_PART_CATEGORY: PartCategory = 'hardware';

/** How a person reads a category: `brake-pads` is "Brake pads". */
export const CATEGORY_LABELS: Record<PartCategory, string> = {
  'brake-pads': 'Brake pads',
  'brake-discs': 'Brake discs',
  calipers: 'Calipers',
  'brake-lines': 'Brake lines',
  levers: 'Levers',
  'master-cylinders': 'Master cylinders',
  'brake-fluid': 'Brake fluid',
  hardware: 'Hardware',
};

export const PAD_COMPOUNDS = ['sintered', 'semi-sintered', 'organic', 'ceramic', 'carbon'] as const;
export type PadCompound = (typeof PAD_COMPOUNDS)[number];
export const PART_POSITIONS = ['front', 'rear'] as const;
export type PartPosition = (typeof PART_POSITIONS)[number];
export const DISC_MOUNTS = ['floating', 'fixed'] as const;
export const CALIPER_MOUNTS = ['radial', 'axial'] as const;

/** How many bikes a customer's garage keeps. */
export const MAX_GARAGE_BIKES = 10;

/** How `/api/catalogue` orders its items; without `q`, `relevance` is `newest`. */
export const CATALOGUE_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const DEFAULT_CATALOGUE_PAGE_SIZE = 24;
export const MAX_CATALOGUE_PAGE_SIZE = 100;
export const MAX_CATALOGUE_QUERY_LENGTH = 100;

/** Whether a listed part fits the chosen bike or every bike (only with `vehicle`). */
export const FIT_KINDS = ['fits', 'universal'] as const;
export type FitKind = (typeof FIT_KINDS)[number];

export const CATALOGUE_FACETS = ['category', 'brand', 'compound', 'position'] as const;
export type CatalogueFacet = (typeof CATALOGUE_FACETS)[number];

/** The words of the fit badge on catalogue cards and part pages. */
export const fitTexts = {
  fits: (bikeLabel: string) => `Fits your ${bikeLabel}`,
  doesNotFit: (bikeLabel: string) => `Does not fit your ${bikeLabel}`,
  universal: 'Fits every bike',
} as const;

/** What /parts says when the search's words named a bike (`bikeFromQuery`): `Showing parts for Honda CBR600RR`. */
export const bikeFromQueryText = (bikeLabel: string) => `Showing parts for ${bikeLabel}`;
