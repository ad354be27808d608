/**
 * Uploaded photos (`POST /api/media`): the server re-encodes each upload into AVIF and WebP at the
 * widths below that are narrower than the photo, plus the photo's own width (at most the largest),
 * and serves them under `/media/` as immutable files. The URL it answers names the upload and its
 * largest width in WebP; every other file of the upload follows from it, so a page can offer
 * `srcset` without asking the server again.
 */
export const MEDIA_PREFIX = '/media/';
/** The widths pages ask for: a phone card, a desktop card or a phone's part page, a desktop part page. */
export const MEDIA_WIDTHS = [320, 640, 960, 1280] as const;
export const MEDIA_FORMATS = ['avif', 'webp'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** `/media/<upload id>-<largest width>.webp`: what the upload answers and a part's `picture` holds. */
export const MEDIA_URL_PATTERN = /^\/media\/([a-f0-9]{32})-(\d{1,4})\.webp$/;

/** The file name of one size and format of an upload. */
export const mediaFileName = (uploadId: string, width: number, format: MediaFormat) => `${uploadId}-${width}.${format}`;

/** A name `mediaFileName` can make: what `/media/:name` looks up (anything else is not found). */
export const MEDIA_FILE_NAME_PATTERN = /^[a-f0-9]{32}-\d{1,4}\.(?:avif|webp)$/;

/** The Content-Type of a file of this format. */
export const mediaContentType = (format: MediaFormat) => `image/${format}` as const;

/** The widths an upload whose largest file is `largest` wide has, narrowest first. */
export const mediaWidths = (largest: number): number[] => [...MEDIA_WIDTHS.filter((width) => width < largest), largest];

const LARGEST_WIDTH = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? 0;

/**
 * Part pictures that ship with the store (drawn by tools/images.ts, under web/public): the same
 * convention as uploads, `/images/products/<slug>-<largest width>.webp` names the largest WebP, and
 * the AVIF and WebP files at each of `MEDIA_WIDTHS` up to it sit beside it.
 */
export const STORE_PICTURE_PREFIX = '/images/products/';
/** `/images/products/<slug>-<width>.webp`: a shipped part picture as a part's `picture` holds it. */
export const STORE_PICTURE_PATTERN = /^\/images\/products\/([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,4})\.webp$/;

/** The file name of one size and format of a shipped part picture. */
export const storePictureFileName = (slug: string, width: number, format: MediaFormat) => `${slug}-${width}.${format}`;

/** What a part's `picture` holds for a shipped picture: its largest WebP. */
export const storePictureUrl = (slug: string) =>
  `${STORE_PICTURE_PREFIX}${storePictureFileName(slug, LARGEST_WIDTH, 'webp')}`;

/** The upload a picture names (its id and largest width), or undefined for any other picture. */
function uploadOf(picture: string): { uploadId: string; largest: number } | undefined {
  const [, uploadId, width] = MEDIA_URL_PATTERN.exec(picture) ?? [];
  const largest = Number(width);
  return uploadId && largest >= 1 && largest <= LARGEST_WIDTH ? { uploadId, largest } : undefined;
}

export const isMediaUrl = (value: string) => uploadOf(value) !== undefined;

/** The address of each width and format of a picture that comes in several, or undefined. */
function filesOf(
  picture: string,
): { widths: number[]; url: (width: number, format: MediaFormat) => string } | undefined {
  const upload = uploadOf(picture);
  if (upload)
    return {
      widths: mediaWidths(upload.largest),
      url: (width, format) => `${MEDIA_PREFIX}${mediaFileName(upload.uploadId, width, format)}`,
    };
  // A shipped picture is drawn at each of MEDIA_WIDTHS exactly: any other width names no files.
  const [, slug, width] = STORE_PICTURE_PATTERN.exec(picture) ?? [];
  const largest = Number(width);
  if (slug && MEDIA_WIDTHS.some((known) => known === largest))
    return {
      widths: mediaWidths(largest),
      url: (size, format) => `${STORE_PICTURE_PREFIX}${storePictureFileName(slug, size, format)}`,
    };
  return undefined;
}

/**
 * For a picture that is an upload or a shipped part picture, the `srcset` of each format (AVIF
 * first: smaller, and every browser that cannot show it takes the WebP); undefined for any other
 * picture.
 */
export function mediaSources(picture: string): Record<MediaFormat, string> | undefined {
  const files = filesOf(picture);
  if (!files) return undefined;
  const set = (format: MediaFormat) => files.widths.map((width) => `${files.url(width, format)} ${width}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
