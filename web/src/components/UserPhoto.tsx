import { useState } from 'react';

export const DEFAULT_PHOTO = '/images/reviewers/default-user.svg';

/** The user's photo, or the default image when there is none or it does not load. */
export function UserPhoto({
  src,
  size,
  alt = '',
  lazy = false,
}: {
  src: string | null | undefined;
  size: number;
  alt?: string;
  /** Below the fold (testimonials): load when scrolled near. */
  lazy?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="rounded-circle object-fit-cover"
      src={!src || failed ? DEFAULT_PHOTO : src}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
