import { Readable } from 'node:stream';
import { pagePaths, pages, type PageName } from '../../contract/index.js';
import type { PartEntry, SitemapRepository } from './repository.js';

/** The sitemaps protocol's limit of addresses in one file (sitemaps.org). */
export const URLS_PER_SITEMAP = 50_000;
/** Parts read from the database at a time while a sitemap is written. */
export const READ_PAGE_SIZE = 1_000;

/** How sitemaps are cut: files of at most `urlsPerFile` addresses, read `readPageSize` parts at a time. */
export interface SitemapLimits {
  /** At most 50,000 (the protocol); smaller in tests, to see the index without 50,000 parts. */
  urlsPerFile?: number;
  readPageSize?: number;
}

/**
 * Public pages a search engine has no use for, left out of the sitemap (they stay crawlable):
 * `home` is the same page as `/` (one address per page); `login`, `register`, `forgotPassword` and
 * `resetPassword` are forms with nothing to find; `verifyEmail` only answers an e-mail's link;
 * `authPopupDone` is where Google's sign-in popup lands, and it closes itself; `cart` is each
 * visitor's own.
 */
const NOT_LISTED: readonly PageName[] = [
  'home',
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
  'authPopupDone',
  'cart',
];

/** The pages of the page table anyone may open, without parameters, worth listing. */
export const listedPagePaths = (): string[] =>
  (Object.keys(pages) as PageName[])
    .filter((name) => pages[name].access === 'anyone' && !pages[name].path.includes(':') && !NOT_LISTED.includes(name))
    .map((name) => pages[name].path);

export const sitemapPartsPath = (file: number) => `/sitemap-parts-${file}.xml`;
export const SITEMAP_PAGES_PATH = '/sitemap-pages.xml';

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
const URLSET_CLOSE = '</urlset>\n';

const urlXml = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/** A sitemap's body: a string when it is small, a stream when it lists parts. */
export type SitemapBody = string | Readable;

/**
 * The store's sitemaps, as the sitemaps protocol has them: `/sitemap.xml` lists every listed page
 * and every part while they fit in one file; past that it is an index of `/sitemap-pages.xml` and
 * numbered part files (`/sitemap-parts-1.xml`, ...) of `urlsPerFile` parts each, oldest first, so
 * that a file's list changes only when parts in it are deleted. Part files are written as they are
 * read, a page of parts at a time.
 */
export function createSitemaps({
  parts,
  publicUrl,
  urlsPerFile = URLS_PER_SITEMAP,
  readPageSize = READ_PAGE_SIZE,
}: {
  parts: SitemapRepository;
  publicUrl: string;
} & SitemapLimits) {
  if (!Number.isInteger(urlsPerFile) || urlsPerFile < 1 || urlsPerFile > URLS_PER_SITEMAP)
    throw new RangeError(`urlsPerFile=${urlsPerFile}: must be a whole number from 1 to ${URLS_PER_SITEMAP}`);
  const listed = listedPagePaths();
  const pageUrls = listed.map((path) => urlXml(`${publicUrl}${path}`)).join('');
  const partUrl = (part: PartEntry) => urlXml(`${publicUrl}${pagePaths.part(part.id)}`, part.createdAt);

  /** Up to `max` parts' addresses, from the part of `fromSeq` on, read a page at a time. */
  async function* partUrls(fromSeq: number | undefined, max: number) {
    let from = fromSeq;
    for (let left = max; left > 0;) {
      const asked = Math.min(readPageSize, left);
      const page = await parts.partsFrom(from, asked);
      if (page.length > 0) yield page.map(partUrl).join('');
      const last = page.at(-1);
      if (!last || page.length < asked) return;
      left -= page.length;
      from = last.seq + 1; // seq is a whole number
    }
  }

  const urlset = (...pieces: (string | AsyncIterable<string>)[]) =>
    Readable.from(
      (async function* () {
        for (const piece of pieces) {
          if (typeof piece === 'string') yield piece;
          else yield* piece;
        }
      })(),
      { objectMode: false },
    );

  return {
    /** `/sitemap.xml`: every address, or the index of the files that hold them. */
    async root(): Promise<SitemapBody> {
      const partCount = await parts.countParts();
      if (listed.length + partCount <= urlsPerFile)
        return urlset(URLSET_OPEN, pageUrls, partUrls(undefined, urlsPerFile - listed.length), URLSET_CLOSE);
      const files = [SITEMAP_PAGES_PATH];
      for (let file = 1; file <= Math.ceil(partCount / urlsPerFile); file += 1) files.push(sitemapPartsPath(file));
      return (
        `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n` +
        files.map((path) => `<sitemap><loc>${escapeXml(`${publicUrl}${path}`)}</loc></sitemap>\n`).join('') +
        '</sitemapindex>\n'
      );
    },

    /** `/sitemap-pages.xml`: the listed pages. */
    pages: (): SitemapBody => `${URLSET_OPEN}${pageUrls}${URLSET_CLOSE}`,

    /** `/sitemap-parts-{file}.xml` (from 1); undefined past the last part (404). */
    async partsFile(file: number): Promise<SitemapBody | undefined> {
      const first = file === 1 ? undefined : await parts.seqAt((file - 1) * urlsPerFile);
      if (file > 1 && first === undefined) return undefined;
      return urlset(URLSET_OPEN, partUrls(first, urlsPerFile), URLSET_CLOSE);
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
