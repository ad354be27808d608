import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageTexts } from '@contract/page-texts';
import { reviewSchema, type Review } from '@contract/reviews';
import { jsonResponse, renderWithProviders, testUuid as uuid } from '../../../test/render';
import { Testimonials } from './Testimonials';

/**
 * A valid Review (checked against the contract schema; its e-mail masked, as the API sends it),
 * numbered n, with any field overridden.
 */
const makeReview = (n: number, overrides: Partial<Review> = {}): Review =>
  reviewSchema.parse({
    _id: uuid(n),
    name: `Rider ${n}`,
    email: `r***@rider${n}.example`,
    photoUrl: `https://img.example/rider-${n}.jpg`,
    ratting: ((n - 1) % 5) + 1,
    fidback: `Great brakes, review number ${n}.`,
    ...overrides,
  });

const renderTestimonials = () => renderWithProviders(<Testimonials />);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Testimonials', () => {
  it('when the API returns 6 reviews, then each shows its name, e-mail, rating and feedback, in order', async () => {
    const reviews = Array.from({ length: 6 }, (_, i) => makeReview(i + 1));
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(jsonResponse(reviews)));
    vi.stubGlobal('fetch', fetchMock);

    renderTestimonials();

    expect(screen.getByRole('heading', { level: 2, name: pageTexts.testimonials })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(6);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(reviews.map((r) => r.name));

    articles.forEach((article, i) => {
      const review = makeReview(i + 1); // the factory is deterministic: the review the API sent at position i
      const card = within(article);
      expect(card.getByRole('heading', { level: 3, name: review.name })).toBeInTheDocument();
      expect(card.getByText(review.email)).toBeInTheDocument();
      expect(card.getByRole('img', { name: `Rated ${review.ratting} out of 5` })).toBeInTheDocument();
      expect(card.getByText(review.fidback)).toBeInTheDocument();
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reviews?limit=6');
  });

  it("when a review's feedback contains HTML, then it is shown as literal text and no element is created from it", async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const reviews = [makeReview(1, { fidback: payload, name: '<b>Mallory</b>' })];
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(reviews)));

    const { container } = renderTestimonials();

    const article = await screen.findByRole('article');
    expect(within(article).getByText(payload)).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 3, name: '<b>Mallory</b>' })).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('when the API answers 500, then a Retry button appears, and clicking it refetches and shows the reviews', async () => {
    const user = userEvent.setup();
    const reviews = [makeReview(1), makeReview(2)];
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        jsonResponse(
          { statusCode: 500, error: 'Internal Server Error', message: 'Database is down' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      )
      .mockImplementation(() => Promise.resolve(jsonResponse(reviews)));
    vi.stubGlobal('fetch', fetchMock);

    renderTestimonials();

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('We could not load the testimonials. Database is down')).toBeInTheDocument();

    await user.click(retry);

    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
