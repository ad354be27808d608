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

/** The upload a picture names (its id and largest width), or undefined for any other picture. */
function uploadOf(picture: string): { uploadId: string; largest: number } | undefined {
  const [, uploadId, width] = MEDIA_URL_PATTERN.exec(picture) ?? [];
  const largest = Number(width);
  return uploadId && largest >= 1 && largest <= LARGEST_WIDTH ? { uploadId, largest } : undefined;
}

export const isMediaUrl = (value: string) => uploadOf(value) !== undefined;

/**
 * For a picture that is an upload, the `srcset` of each format (AVIF first: smaller, and every
 * browser that cannot show it takes the WebP); undefined for any other picture.
 */
export function mediaSources(picture: string): Record<MediaFormat, string> | undefined {
  const upload = uploadOf(picture);
  if (!upload) return undefined;
  const set = (format: MediaFormat) =>
    mediaWidths(upload.largest)
      .map((width) => `${MEDIA_PREFIX}${mediaFileName(upload.uploadId, width, format)} ${width}w`)
      .join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
