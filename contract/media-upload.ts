/**
 * What `POST /api/media` takes (contract/media.ts says what it makes of it). Apart from media.ts so
 * that the pages drawing pictures, every catalogue page, do not carry the upload's rules.
 */
/** The form field `POST /api/media` reads the photo from. */
export const MEDIA_FORM_FIELD = 'file';
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;
export const MAX_MEDIA_PIXELS = 40_000_000;
export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
