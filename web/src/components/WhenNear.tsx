import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy component) once the spot comes within `margin` of the
 * viewport, `placeholder` until then: code for content below the fold loads when a visitor
 * scrolls towards it, not with the page.
 */
export function WhenNear({
  children,
  placeholder,
  margin = '400px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const node = spot.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin]);

  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : <div ref={spot}>{placeholder}</div>;
}
