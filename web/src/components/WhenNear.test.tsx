import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './WhenNear';

type Callback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;

/** An IntersectionObserver the test drives by hand. */
function stubObserver() {
  const observers: Array<{ callback: Callback; options?: IntersectionObserverInit; disconnected: boolean }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record;
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WhenNear', () => {
  it('when the spot is far from the viewport, then only the placeholder is there', () => {
    const observers = stubObserver();
    render(<WhenNear placeholder={<p>waiting</p>}>{<p>the slider</p>}</WhenNear>);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText('the slider')).not.toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('400px');
  });

  it('when the spot comes within the margin, then the content replaces the placeholder and watching stops', () => {
    const observers = stubObserver();
    render(<WhenNear placeholder={<p>waiting</p>}>{<p>the slider</p>}</WhenNear>);
    act(() => observers[0]?.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('the slider')).not.toBeInTheDocument();
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('the slider')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('when the browser has no IntersectionObserver, then the content shows at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNear placeholder={<p>waiting</p>}>{<p>the slider</p>}</WhenNear>);
    expect(screen.getByText('the slider')).toBeInTheDocument();
  });
});
