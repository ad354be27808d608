import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '@contract/page-texts';
import { Component as NotFound } from './not-found';

describe('not-found page', () => {
  it('when shown, then it has the 404 heading, the not-found text and a Go Back link to /home', () => {
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <NotFound />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: pageTexts.notFoundCode })).toBeInTheDocument();
    expect(screen.getByText(pageTexts.notFoundText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: pageTexts.goBack })).toHaveAttribute('href', '/home');
  });

  it('when shown, then the document title says the page was not found', () => {
    render(
      <MemoryRouter>
        <NotFound />
      </MemoryRouter>,
    );

    expect(document.title).toBe('Page not found | Brakehouse');
  });
});
