import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './Stars';

/** The filled stars are the text directly inside the rating; the empty ones sit in a nested element. */
function countStars(rating: HTMLElement) {
  const own = Array.from(rating.childNodes)
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join('');
  return { filled: [...own].filter((c) => c === '★').length, total: [...(rating.textContent ?? '')].length };
}

describe('Stars', () => {
  it('when the rating is 4, then it is named "Rated 4 out of 5" and shows 4 filled stars out of 5', () => {
    render(<Stars rating={4} />);

    const rating = screen.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(countStars(rating)).toEqual({ filled: 4, total: 5 });
  });

  it.each([1, 5])('when the rating is %i, then it shows that many filled stars out of 5', (value) => {
    render(<Stars rating={value} />);

    const rating = screen.getByRole('img', { name: `Rated ${value} out of 5` });
    expect(countStars(rating)).toEqual({ filled: value, total: 5 });
  });
});

describe('Stars with a rating outside the contract', () => {
  it('when the rating is above 5 or fractional, then it still draws five stars without throwing', () => {
    const { unmount } = render(<Stars rating={6} />);
    expect(screen.getByRole('img').textContent).toBe('★★★★★');
    unmount();
    render(<Stars rating={3.5} />);
    expect(screen.getByRole('img').textContent).toHaveLength(5);
  });
});
