import { formatPrice } from '../../../lib/store-config';
import { FACETS, readState, toggleValue, withChange, withoutSearchOrFilters, withWords } from '../url-state';
import { FACET_NAMES, facetValueLabel } from './CatalogueFilters';

interface Chip {
  key: string;
  label: string;
  /** What the chip is, for its button's name: "Brand: EBC" (the button is "Remove Brand: EBC"). */
  name: string;
  next: URLSearchParams;
}

/**
 * What narrows the list now, each with a button that takes it away, and `Clear filters` for all of
 * them, unless the page offers it elsewhere (`clearShown`: the empty result's own).
 */
export function ActiveFilters({
  params,
  onChange,
  clearShown = false,
}: {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
  clearShown?: boolean;
}) {
  const state = readState(params);
  const chips: Chip[] = [
    ...(state.q
      ? [
          {
            key: 'q',
            label: `“${state.q}”`,
            name: `Search words: ${state.q}`,
            next: withWords(params, undefined),
          },
        ]
      : []),
    ...FACETS.flatMap((facet) =>
      state.facets[facet].map((value) => {
        const label = facetValueLabel(facet, value);
        return {
          key: `${facet}-${value}`,
          label,
          name: `${FACET_NAMES[facet]}: ${label}`,
          next: toggleValue(params, facet, value),
        };
      }),
    ),
    ...(state.inStock
      ? [{ key: 'stock', label: 'In stock', name: 'In stock only', next: withChange(params, { inStock: undefined }) }]
      : []),
    ...(state.minPrice
      ? [
          {
            key: 'min',
            label: `From ${formatPrice(Number(state.minPrice))}`,
            name: `Min price ${formatPrice(Number(state.minPrice))}`,
            next: withChange(params, { minPrice: undefined }),
          },
        ]
      : []),
    ...(state.maxPrice
      ? [
          {
            key: 'max',
            label: `Up to ${formatPrice(Number(state.maxPrice))}`,
            name: `Max price ${formatPrice(Number(state.maxPrice))}`,
            next: withChange(params, { maxPrice: undefined }),
          },
        ]
      : []),
  ];
  if (chips.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap align-items-center gap-2 mb-3" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary rounded-pill"
            aria-label={`Remove ${chip.name}`}
            onClick={() => onChange(chip.next)}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {!clearShown && (
        <li>
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => onChange(withoutSearchOrFilters(params))}
          >
            Clear filters
          </button>
        </li>
      )}
    </ul>
  );
}
