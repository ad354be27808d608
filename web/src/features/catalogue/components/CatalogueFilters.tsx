import { useId, useState, type FormEvent } from 'react';
import type { FacetCount } from '@contract/catalogue';
import { CATEGORY_LABELS, type CatalogueFacet, type PartCategory } from '@contract/catalogue-names';
import type { CatalogueResponse } from '@contract/products';
import { FACETS, readState, toggleValue, withChange } from '../url-state';

export const FACET_NAMES: Record<CatalogueFacet, string> = {
  category: 'Category',
  brand: 'Brand',
  compound: 'Compound',
  position: 'Position',
};

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** How a facet's value reads: `brake-pads` is "Brake pads", `semi-sintered` "Semi-sintered". */
export const facetValueLabel = (facet: CatalogueFacet, value: string) =>
  facet === 'category'
    ? (CATEGORY_LABELS[value as PartCategory] ?? value)
    : facet === 'brand'
      ? value
      : capitalized(value);

/** A facet's values with their counts, and any chosen value the answer left out (as 0). */
function choicesOf(counts: readonly FacetCount[], chosen: readonly string[]): FacetCount[] {
  const missing = chosen.filter((value) => !counts.some((count) => count.value === value));
  return [...counts, ...missing.map((value) => ({ value, count: 0 }))];
}

interface FiltersProps {
  params: URLSearchParams;
  facets: CatalogueResponse['facets'] | undefined;
  onChange: (next: URLSearchParams) => void;
}

/**
 * The catalogue's filters: each facet's values as checkboxes with how many parts each would give
 * (any of a facet's values; every facet at once), in stock only, and a price range.
 */
export function CatalogueFilters({ params, facets, onChange }: FiltersProps) {
  const id = useId();
  const state = readState(params);
  return (
    <div className="catalogue-filters">
      {FACETS.map((facet) => {
        const choices = choicesOf(facets?.[facet] ?? [], state.facets[facet]);
        if (choices.length === 0) return null;
        return (
          <fieldset key={facet} className="mb-3">
            <legend className="h6">{FACET_NAMES[facet]}</legend>
            {choices.map(({ value, count }) => {
              const boxId = `${id}-${facet}-${value}`;
              return (
                <div className="form-check" key={value}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={boxId}
                    checked={state.facets[facet].includes(value)}
                    onChange={() => onChange(toggleValue(params, facet, value))}
                  />
                  <label className="form-check-label" htmlFor={boxId}>
                    {facetValueLabel(facet, value)} <span className="text-body-secondary">({count})</span>
                  </label>
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <fieldset className="mb-3">
        <legend className="h6">Availability</legend>
        <div className="form-check">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${id}-in-stock`}
            checked={state.inStock}
            onChange={() => onChange(withChange(params, { inStock: state.inStock ? undefined : 'true' }))}
          />
          <label className="form-check-label" htmlFor={`${id}-in-stock`}>
            In stock only
          </label>
        </div>
      </fieldset>
      <PriceRange
        key={`${state.minPrice}-${state.maxPrice}`}
        min={state.minPrice}
        max={state.maxPrice}
        onApply={(minPrice, maxPrice) => onChange(withChange(params, { minPrice, maxPrice }))}
      />
    </div>
  );
}

/** Both bounds apply only if the lowest is not above the highest. */
function PriceRange({ min, max, onApply }: { min: string; max: string; onApply: (min: string, max: string) => void }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [low, high] = [String(form.get('minPrice') ?? '').trim(), String(form.get('maxPrice') ?? '').trim()];
    if (low !== '' && high !== '' && Number(low) > Number(high)) {
      setError('The lowest price cannot be above the highest.');
      return;
    }
    setError(undefined);
    onApply(low, high);
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-legend`}>
      <p className="h6" id={`${id}-legend`}>
        Price
      </p>
      <div className="row g-2">
        <div className="col-6">
          <label className="form-label small" htmlFor={`${id}-min`}>
            Min price
          </label>
          <input
            className="form-control form-control-sm"
            id={`${id}-min`}
            name="minPrice"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            defaultValue={min}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="col-6">
          <label className="form-label small" htmlFor={`${id}-max`}>
            Max price
          </label>
          <input
            className="form-control form-control-sm"
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            defaultValue={max}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-danger small mt-1 mb-0">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-outline-dark btn-sm mt-2">
        Apply price
      </button>
    </form>
  );
}
