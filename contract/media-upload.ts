/**
 * What `POST /api/media` takes (contract/media.ts says what it makes of it). Apart from media.ts so
 * that the pages drawing pictures, every catalogue page, do not carry the upload's rules.
 */
/** The form field `POST /api/media` reads the photo from. */
export const MEDIA_FORM_FIELD = 'file';
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;
export const MAX_MEDIA_PIXELS = 40_000_000;
/**
 * How many times as tall as it is wide a photo (upright) can be. Files are made at most 1280 px wide,
 * so this keeps the largest under 3,840 px tall: within WebP's 16,383 px and AVIF's 16,384, and about
 * four times a usual photo's encoding work.
 */
export const MAX_MEDIA_ASPECT = 3;
export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
