import { storeConfig } from '../lib/store-config';

/** React 19 hoists <title> into the document head. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${storeConfig.name}` : storeConfig.name}</title>;
}
