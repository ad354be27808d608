import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageTitle } from './PageTitle';

const titles = () => [...document.querySelectorAll('title')].map((title) => title.textContent);

describe('PageTitle', () => {
  beforeEach(() => {
    // The one <title> index.html carries.
    document.head.innerHTML = '<title>Brakehouse</title>';
  });

  it("when a page names itself, then the document keeps its one <title>, which carries the page's name", () => {
    render(<PageTitle title="Blog" />);
    expect(titles()).toEqual(['Blog | Brakehouse']);
  });

  it('when the next page names itself, then the same <title> carries the new name', () => {
    const { rerender } = render(<PageTitle title="Blog" />);
    rerender(<PageTitle title="Log in" />);
    expect(titles()).toEqual(['Log in | Brakehouse']);
  });

  it('when no name is given, then the store name alone', () => {
    render(<PageTitle />);
    expect(titles()).toEqual(['Brakehouse']);
  });
});

describe('PageTitle and the description', () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>Brakehouse</title><meta name="description" content="The store." />';
  });
  const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

  it("when a page describes itself, then the one meta description says so while it shows, and the store's again after", () => {
    const { unmount } = render(<PageTitle title="Parts" description="Every brake part we sell." />);
    expect(description()).toBe('Every brake part we sell.');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    unmount();
    expect(description()).toBe('The store.');
  });

  it('when a page gives no description, then the one there stays', () => {
    render(<PageTitle title="Blog" />);
    expect(description()).toBe('The store.');
  });
});
