import { useEffect } from 'react';
import { storeConfig } from '../lib/store-config';

/**
 * Names the page in the document's one <title> (index.html's). Not React 19's hoisted <title>: that
 * adds a second element beside index.html's, which HTML allows only once. A `description` stands in
 * the page's meta description while the page shows (the server writes the part page's own for
 * crawlers, server/seo).
 */
export function PageTitle({ title, description }: { title?: string; description?: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${storeConfig.name}` : storeConfig.name;
  }, [title]);
  useEffect(() => {
    const meta = description === undefined ? null : document.querySelector('meta[name="description"]');
    if (!meta || description === undefined) return;
    const before = meta.getAttribute('content') ?? '';
    meta.setAttribute('content', description);
    return () => meta.setAttribute('content', before);
  }, [description]);
  return null;
}
