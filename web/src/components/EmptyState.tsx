import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pagePaths } from '@contract/pages';

interface EmptyStateProps {
  /** What is empty, said plainly: "Your cart is empty". */
  title: string;
  /** Why, or what to do about it, in a sentence. */
  children?: ReactNode;
  /** The next step: one or two links or buttons (the first is the main one). */
  actions?: ReactNode;
  /** The heading level of the title within its page (default 2). */
  level?: 2 | 3;
}

/**
 * A list or a page with nothing in it yet. It says what is empty and offers the next step, so that
 * nobody is left on a blank page: the cart sends to the catalogue, the orders to the parts, an empty
 * search to fewer filters.
 */
export function EmptyState({ title, children, actions, level = 2 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state" aria-label={title}>
      <Heading className="empty-state-title">{title}</Heading>
      {children && <p className="empty-state-text">{children}</p>}
      {actions && <div className="empty-state-actions">{actions}</div>}
    </section>
  );
}

/** The next step of an empty cart or order list: the catalogue. */
export function BrowseAllParts() {
  return (
    <Link className="btn btn-primary" to={pagePaths.parts}>
      Browse all parts
    </Link>
  );
}
