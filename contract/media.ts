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
/** The form field `POST /api/media` reads the photo from. */
export const MEDIA_FORM_FIELD = 'file';
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;
export const MAX_MEDIA_PIXELS = 40_000_000;
export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

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

export const isMediaUrl = (value: string) => {
  const match = MEDIA_URL_PATTERN.exec(value);
  if (!match) return false;
  const largest = Number(match[2]);
  return largest >= 1 && largest <= Math.max(...MEDIA_WIDTHS);
};

/**
 * For a picture that is an upload, the `srcset` of each format (AVIF first: smaller, and every
 * browser that cannot show it takes the WebP); undefined for any other picture.
 */
export function mediaSources(picture: string): Record<MediaFormat, string> | undefined {
  const match = MEDIA_URL_PATTERN.exec(picture);
  if (!match || !isMediaUrl(picture)) return undefined;
  const [, uploadId = '', largest = '0'] = match;
  const set = (format: MediaFormat) =>
    mediaWidths(Number(largest))
      .map((width) => `${MEDIA_PREFIX}${mediaFileName(uploadId, width, format)} ${width}w`)
      .join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
