import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartPicture } from './PartPicture';

const ID = '0123456789abcdef0123456789abcdef';
const SIZES = '(min-width: 768px) 50vw, 100vw';

describe('PartPicture', () => {
  it('when the picture is an upload, then AVIF and WebP sources offer each width with the sizes, before the <img> of its largest WebP', () => {
    const { container } = render(
      <PartPicture
        picture={`/media/${ID}-960.webp`}
        alt="Caliper"
        width={600}
        height={450}
        sizes={SIZES}
        loading="lazy"
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      `/media/${ID}-320.avif 320w, /media/${ID}-640.avif 640w, /media/${ID}-960.avif 960w`,
    );
    expect(sources[1]).toHaveAttribute(
      'srcset',
      `/media/${ID}-320.webp 320w, /media/${ID}-640.webp 640w, /media/${ID}-960.webp 960w`,
    );
    for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);
    const img = screen.getByRole('img', { name: 'Caliper' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', `/media/${ID}-960.webp`);
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '450');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('when the picture ships with the store, then AVIF and WebP sources offer its four widths, before the <img> of its largest WebP', () => {
    const { container } = render(
      <PartPicture
        picture="/images/products/wave-disc-1280.webp"
        alt="Wave disc"
        width={600}
        height={450}
        sizes={SIZES}
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const widths = [320, 640, 960, 1280];
    expect(sources[0]).toHaveAttribute(
      'srcset',
      widths.map((width) => `/images/products/wave-disc-${width}.avif ${width}w`).join(', '),
    );
    expect(sources[1]).toHaveAttribute(
      'srcset',
      widths.map((width) => `/images/products/wave-disc-${width}.webp ${width}w`).join(', '),
    );
    for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);
    const img = screen.getByRole('img', { name: 'Wave disc' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', '/images/products/wave-disc-1280.webp');
  });

  it.each([
    '/images/products/brake-lever.svg',
    '/images/products/brake-lever-800.webp',
    'https://img.example/caliper.jpg',
    `/media/${ID}-9999.webp`,
  ])('when the picture is %s, then it is a plain <img> as given', (picture) => {
    const { container } = render(
      <PartPicture picture={picture} alt="Caliper" width={600} height={450} sizes={SIZES} />,
    );
    expect(container.querySelector('picture, source')).toBeNull();
    const img = screen.getByRole('img', { name: 'Caliper' });
    expect(img).toHaveAttribute('src', picture);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
