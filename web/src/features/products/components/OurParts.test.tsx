import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageTexts } from '@contract/page-texts';
import type { Product } from '@contract/products';
import { testProduct } from '../../../test/products';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { OurParts } from './OurParts';

const makeProduct = (n: number, overrides: Partial<Product> = {}): Product =>
  testProduct(n, { picture: `https://img.example/part-${n}.jpg`, ...overrides });

const renderOurParts = () => renderWithProviders(<OurParts />);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OurParts', () => {
  it('when the API returns the 6 newest oldest first, then 6 cards appear newest first, each with a Buy Now link to its page', async () => {
    const products = Array.from({ length: 6 }, (_, i) => makeProduct(i + 1));
    const newestFirst = products.toReversed();
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(jsonResponse(products)));
    vi.stubGlobal('fetch', fetchMock);

    renderOurParts();

    expect(screen.getByRole('heading', { level: 2, name: pageTexts.ourParts })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(6);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      newestFirst.map((p) => p.name),
    );

    articles.forEach((article, i) => {
      const n = 6 - i; // the newest (the API's last) first
      const product = makeProduct(n); // the factory is deterministic: the product the API sent at position n - 1
      const card = within(article);
      expect(card.getByRole('heading', { level: 3, name: product.name })).toBeInTheDocument();
      expect(card.getByRole('img', { name: product.name })).toHaveAttribute('src', product.picture);
      expect(card.getByText(product.description)).toBeInTheDocument();
      expect(card.getByText(`$${10 * n}.50`)).toBeInTheDocument(); // the default store currency is USD
      expect(card.getByText(`Available: ${product.availableQantity}`)).toBeInTheDocument();
      expect(card.getByText(`Minimum order: ${product.minimumOderQantity}`)).toBeInTheDocument();
      expect(card.getByRole('link', { name: `Buy Now: ${product.name}` })).toHaveAttribute(
        'href',
        `/products/${product._id}`,
      );
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products?limit=6');
  });

  it('when the API returns no products, then the section shows its heading and no cards', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse([])));

    renderOurParts();

    await screen.findByRole('heading', { level: 2, name: pageTexts.ourParts });
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('when the products are loading, then a loading status is shown', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    renderOurParts();

    expect(screen.getByRole('status')).toHaveTextContent(pageTexts.loading);
    answer(jsonResponse([makeProduct(1)]));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when the API answers 500, then a Retry button appears, and clicking it refetches and shows the products', async () => {
    const user = userEvent.setup();
    const products = Array.from({ length: 6 }, (_, i) => makeProduct(i + 1));
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        jsonResponse(
          { statusCode: 500, error: 'Internal Server Error', message: 'Database is down' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      )
      .mockImplementation(() => Promise.resolve(jsonResponse(products)));
    vi.stubGlobal('fetch', fetchMock);

    renderOurParts();

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('We could not load the parts. Database is down')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(retry);

    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/products?limit=6');
  });

  it('when the parts show, then Browse all parts leads to the whole catalogue', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse([makeProduct(1)])));
    renderOurParts();
    await screen.findByRole('article');
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');
  });

  it("when a bike is chosen, then each card asks the part's fitment and says whether it fits the bike, or every bike", async () => {
    const bikeId = testUuid(900);
    localStorage.setItem('chosenBike', JSON.stringify({ _id: bikeId, label: '2019 Honda CBR600RR' }));
    // Oldest first, as the API answers: the cards show them the other way round.
    const products = [makeProduct(3, { universal: true }), makeProduct(2), makeProduct(1)];
    const fetchMock = vi.fn<typeof fetch>().mockImplementation((input) => {
      const url = String(input);
      if (url === '/api/products?limit=6') return Promise.resolve(jsonResponse(products));
      const fits = url === `/api/products/${testUuid(1)}/fitment`;
      return Promise.resolve(jsonResponse({ universal: false, vehicles: fits ? [{ _id: bikeId }] : [] }));
    });
    vi.stubGlobal('fetch', fetchMock);

    renderOurParts();

    const [first, second, third] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(await within(first).findByText('Fits your 2019 Honda CBR600RR')).toBeInTheDocument();
    expect(await within(second).findByText('Does not fit your 2019 Honda CBR600RR')).toBeInTheDocument();
    expect(within(third).getByText('Fits every bike')).toBeInTheDocument();
    // A universal part fits whatever the bike: its fitment is not asked for.
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(`/api/products/${testUuid(3)}/fitment`);
    localStorage.clear();
  });
});
