import { API_PREFIX, pages, type PageName } from '../../contract/index.js';

/** The static start of a route: `/products/:productsId` gives `/products/`. */
const staticStart = (path: string) => path.split(':')[0] ?? path;

/**
 * Where crawlers have nothing to find, by path prefix:
 * - the API (JSON for the web app, never a page);
 * - every page of the page table that needs a signed-in user (the dashboard, the purchase page
 *   `/products/{id}`, whose public twin is `/parts/{id}`): a crawler only meets the login form there;
 * - the landing page of Google's sign-in popup, which closes itself;
 * - `/parts` with a query: every combination of search words, filters, bikes, sorts and pages is an
 *   address of its own, endless and each a copy of parts listed elsewhere. `/parts` itself stays
 *   open, and the sitemap names every part page.
 */
export function closedPrefixes(): string[] {
  const guarded = (Object.keys(pages) as PageName[])
    .filter((name) => pages[name].access !== 'anyone')
    .map((name) => staticStart(pages[name].path));
  const all = [`${API_PREFIX}/`, ...guarded, pages.authPopupDone.path, `${pages.parts.path}?`];
  // A prefix another one already covers (`/dashboard/myOrder` under `/dashboard`) is left out.
  return [...new Set(all)].filter((prefix) => !all.some((other) => other !== prefix && prefix.startsWith(other)));
}

/** `/robots.txt` (RFC 9309): every crawler may read the store but the closed prefixes; the sitemap's address. */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    ...closedPrefixes().map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
