import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageTexts } from '@contract/page-texts';
import { pages } from '@contract/pages';
import { Banner, BANNER_INTERVAL_MS, FIND_PARTS_ID } from './Banner';

/** The slide on show: the one group not hidden from assistive technology. */
const activeSlide = () =>
  screen.getAllByRole('group', { hidden: true }).find((slide) => slide.getAttribute('aria-hidden') === 'false');

const after = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when shown, then the first slide carries the page heading and the other two are hidden', () => {
    render(<Banner />);
    expect(screen.getByRole('heading', { level: 1, name: pageTexts.bannerHeading })).toBeInTheDocument();
    expect(activeSlide()).toHaveAccessibleName('1 of 3');
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
  });

  it('when shown, then the slide on show offers one way on: a link to the bike picker on the home page', () => {
    render(<Banner />);
    const call = screen.getByRole('link', { name: pageTexts.bannerCallToAction });
    expect(call).toHaveAttribute('href', `#${FIND_PARTS_ID}`);
    expect(activeSlide()).toContainElement(call);
  });

  it('when it turns, then only the slide on show can take the focus (the one fading out is still drawn)', () => {
    render(<Banner />);
    after(BANNER_INTERVAL_MS);
    const [first, second] = screen.getAllByRole('group', { hidden: true });
    expect(first).toHaveAttribute('inert');
    expect(second).not.toHaveAttribute('inert');
  });

  it('when shown, then its first picture is the one the server asks browsers to fetch early for the home page', () => {
    render(<Banner />);
    const [first] = screen.getAllByRole('img', { hidden: true });
    expect(first).toHaveAttribute('src', pages.root.image);
    expect(first).toHaveAttribute('src', pages.home.image);
  });

  it('when 5000 ms pass, then the next slide shows, and after the last the first again (wrap)', () => {
    render(<Banner />);
    after(BANNER_INTERVAL_MS - 1);
    expect(activeSlide()).toHaveAccessibleName('1 of 3');
    after(1);
    expect(activeSlide()).toHaveAccessibleName('2 of 3');
    after(BANNER_INTERVAL_MS);
    expect(activeSlide()).toHaveAccessibleName('3 of 3');
    after(BANNER_INTERVAL_MS);
    expect(activeSlide()).toHaveAccessibleName('1 of 3');
  });

  it('when the pointer rests on it, then it stays; when the pointer leaves, it turns again', () => {
    render(<Banner />);
    const banner = screen.getByRole('region', { name: 'Featured parts' });
    fireEvent.mouseEnter(banner);
    after(3 * BANNER_INTERVAL_MS);
    expect(activeSlide()).toHaveAccessibleName('1 of 3');
    fireEvent.mouseLeave(banner);
    after(BANNER_INTERVAL_MS);
    expect(activeSlide()).toHaveAccessibleName('2 of 3');
  });

  it('when focused, then the arrow keys turn it both ways, wrapping at the ends', () => {
    render(<Banner />);
    const banner = screen.getByRole('region', { name: 'Featured parts' });
    fireEvent.keyDown(banner, { key: 'ArrowLeft' });
    expect(activeSlide()).toHaveAccessibleName('3 of 3');
    fireEvent.keyDown(banner, { key: 'ArrowRight' });
    fireEvent.keyDown(banner, { key: 'ArrowRight' });
    expect(activeSlide()).toHaveAccessibleName('2 of 3');
  });

  it('when a slide is chosen by hand, then the 5000 ms start again from that moment', () => {
    render(<Banner />);
    after(BANNER_INTERVAL_MS - 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3' }));
    expect(activeSlide()).toHaveAccessibleName('3 of 3');
    expect(screen.getByRole('button', { name: 'Slide 3' })).toHaveAttribute('aria-current', 'true');
    after(BANNER_INTERVAL_MS - 1);
    expect(activeSlide()).toHaveAccessibleName('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(activeSlide()).toHaveAccessibleName('2 of 3');
  });

  it('when it turns, then the slide going away fades out over the new one, and is gone when its fade ends', () => {
    render(<Banner />);
    after(BANNER_INTERVAL_MS);
    const first = screen.getAllByRole('group', { hidden: true })[0];
    if (!first) throw new Error('no slides');
    expect(first).toHaveClass('carousel-item', 'leaving');
    // jsdom has no AnimationEvent, so React listens for the prefixed name there.
    fireEvent(first, new Event('webkitAnimationEnd', { bubbles: true }));
    expect(first).not.toHaveClass('leaving');
    expect(first).not.toHaveClass('active');
  });
});
