import { useEffect } from 'react';
import { storeConfig } from '../lib/store-config';

/**
 * Names the page in the document's one <title> (index.html's). Not React 19's hoisted <title>: that
 * adds a second element beside index.html's, which HTML allows only once.
 */
export function PageTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${storeConfig.name}` : storeConfig.name;
  }, [title]);
  return null;
}
