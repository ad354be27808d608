import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewSchema } from '@contract/reviews';
import { testUuid } from '../../../test/render';
import { ReviewCard } from './ReviewCard';

describe('ReviewCard', () => {
  it("when the API sends the reviewer's e-mail masked, then the card shows the mask as it came", () => {
    const review = reviewSchema.parse({
      _id: testUuid(1),
      name: 'Ted Rider',
      email: 'T***@Example.com',
      photoUrl: '/images/reviewers/default-user.svg',
      ratting: 4,
      fidback: 'Firm lever all day.',
    });

    render(<ReviewCard review={review} />);

    const card = within(screen.getByRole('article'));
    expect(card.getByText('T***@Example.com')).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 3, name: 'Ted Rider' })).toBeInTheDocument();
  });
});
