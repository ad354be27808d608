import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  filterCount,
  pageNumbers,
  pageSearch,
  readState,
  sortChange,
  toggleValue,
  withChange,
  withoutSearchOrFilters,
} from './url-state';

const at = (search: string) => new URLSearchParams(search);

describe("/parts's address, in the API's names", () => {
  it('when the address has words, facets, a bike, stock, prices, a sort and a page, then the state reads each', () => {
    const state = readState(
      at(
        'q=+pads+&category=brake-pads&category=brake-discs&brand=EBC&compound=sintered&position=front&vehicle=v1&inStock=true&minPrice=10&maxPrice=50&sort=price-asc&page=3',
      ),
    );
    expect(state).toEqual({
      q: 'pads',
      facets: { category: ['brake-pads', 'brake-discs'], brand: ['EBC'], compound: ['sintered'], position: ['front'] },
      vehicle: 'v1',
      inStock: true,
      minPrice: '10',
      maxPrice: '50',
      sort: 'price-asc',
      page: 3,
    });
  });

  it('when the address has no sort, then the sort in force is the API default: relevance with words, newest without', () => {
    expect(readState(at('q=pads')).sort).toBe('relevance');
    expect(readState(at('')).sort).toBe('newest');
    expect(readState(at('q=')).sort).toBe('newest');
  });

  it('when the page is not a whole number above 0, then the state says page 1 (the API is asked as written)', () => {
    for (const page of ['0', '-2', 'two', '1.5', '']) expect(readState(at(`page=${page}`)).page).toBe(1);
    expect(apiQuery(at('page=0'))).toBe('page=0');
  });

  it('when the API is asked, then only its parameters go, in one order, blanks left out', () => {
    expect(apiQuery(at('page=2&brand=TRW&utm_source=mail&q=pads&brand=EBC&vehicle=&category=levers'))).toBe(
      'q=pads&category=levers&brand=TRW&brand=EBC&page=2',
    );
    expect(apiQuery(at(''))).toBe('');
  });

  it('when a filter changes, then the search goes back to its first page; when the page changes, the rest stays', () => {
    const search = at('q=pads&brand=EBC&page=4');
    expect(withChange(search, { inStock: 'true' }).toString()).toBe('q=pads&brand=EBC&inStock=true');
    expect(withChange(at('sort=name&utm_source=mail&vehicle=v1'), { q: 'pads', category: 'levers' }).toString()).toBe(
      'q=pads&category=levers&vehicle=v1&sort=name&utm_source=mail',
    );
    expect(withChange(search, { page: '5' }).toString()).toBe('q=pads&brand=EBC&page=5');
    expect(withChange(search, { brand: ['TRW', 'Brembo'] }).toString()).toBe('q=pads&brand=TRW&brand=Brembo');
    expect(withChange(search, { q: '' }).toString()).toBe('brand=EBC');
    expect(search.toString()).toBe('q=pads&brand=EBC&page=4'); // the address it started from is left alone
  });

  it('when a facet value is ticked and then unticked, then it repeats the parameter, then leaves the others', () => {
    const one = toggleValue(at('category=brake-pads&page=2'), 'category', 'calipers');
    expect(one.getAll('category')).toEqual(['brake-pads', 'calipers']);
    expect(one.has('page')).toBe(false);
    expect(toggleValue(one, 'category', 'brake-pads').toString()).toBe('category=calipers');
  });

  it('when filters are cleared, then the words and every filter go; the bike, the sort and the page size stay', () => {
    const cleared = withoutSearchOrFilters(
      at(
        'q=pads&category=levers&brand=EBC&compound=organic&position=rear&inStock=true&minPrice=1&maxPrice=9&vehicle=v1&sort=name&pageSize=12&page=3',
      ),
    );
    expect(cleared.toString()).toBe('vehicle=v1&sort=name&pageSize=12');
  });

  it('when filters are counted, then each facet value, in-stock and each price bound count once; words and bike do not', () => {
    expect(filterCount(at('q=pads&vehicle=v1&sort=name'))).toBe(0);
    expect(filterCount(at('category=levers&category=calipers&brand=EBC&inStock=true&minPrice=5&maxPrice='))).toBe(5);
  });

  it("when the sort chosen is the API's default, then the address leaves it out", () => {
    expect(sortChange(at('q=pads&sort=name'), 'relevance').toString()).toBe('q=pads');
    expect(sortChange(at('q=pads'), 'newest').toString()).toBe('q=pads&sort=newest');
    expect(sortChange(at('sort=name'), 'newest').toString()).toBe('');
    expect(sortChange(at('page=2'), 'price-desc').toString()).toBe('sort=price-desc');
  });

  it('when a page is linked, then page 1 is the address without a page', () => {
    expect(pageSearch(at('q=pads&page=3'), 1)).toBe('?q=pads');
    expect(pageSearch(at('q=pads'), 2)).toBe('?q=pads&page=2');
  });

  it.each([
    [1, 1, [1]],
    [1, 4, [1, 2, 3, 4]],
    [1, 10, [1, 2, null, 10]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('when page %i of %i shows, then the pager numbers %j', (current, last, expected) => {
    expect(pageNumbers(current, last)).toEqual(expected);
  });
});
