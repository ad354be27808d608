import { mediaSources } from '@contract/media';

/** `sizes` of a picture in half a row from 768 px (the part page, the purchase page), in a container at most 1320 px wide. */
export const HALF_ROW_SIZES = '(min-width: 1400px) 636px, (min-width: 768px) 50vw, 100vw';

interface PartPictureProps {
  /**
   * A part's `picture`: an upload (`/media/...`), a part picture that ships with the store
   * (`/images/products/<slug>-1280.webp`), another picture of the store or an https:// address.
   */
  picture: string;
  alt: string;
  /** The box the picture is drawn in, reserved before it loads (CSS may scale it). */
  width: number;
  height: number;
  /**
   * How wide the picture shows at each screen width (the `sizes` attribute), so that the browser
   * fetches the smallest file that fills it: a phone takes a phone-sized file.
   */
  sizes: string;
  className?: string;
  loading?: 'eager' | 'lazy';
}

/**
 * A part's picture. An upload, like a part picture that ships with the store, comes in AVIF and
 * WebP at several widths (contract/media.ts): the browser picks the format it reads and the width
 * `sizes` asks for. Any other picture is drawn as it is.
 */
export function PartPicture({ picture, sizes, ...image }: PartPictureProps) {
  const sources = mediaSources(picture);
  const img = <img src={picture} {...image} />;
  if (!sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
