import { describe, expect, it } from 'vitest';
import { isMediaUrl, mediaSources, storePictureUrl } from './media.js';

const ID = '0123456789abcdef0123456789abcdef';

describe('uploaded pictures', () => {
  it('when a picture names an upload and a width the store makes, then it is an upload', () => {
    for (const width of [1, 320, 800, 1280]) expect(isMediaUrl(`/media/${ID}-${width}.webp`), String(width)).toBe(true);
  });

  it('when a picture only looks like an upload, then it is not one', () => {
    for (const picture of [
      `/media/${ID}-0.webp`,
      `/media/${ID}-1281.webp`,
      `/media/${ID}-640.avif`,
      `/media/${ID.slice(1)}-640.webp`,
      `/media/${ID.toUpperCase()}-640.webp`,
      `/media/${ID}-640.webp?x=1`,
      `https://cdn.example.com/media/${ID}-640.webp`,
      '/images/products/disc-bolts.svg',
      '/images/products/disc-bolts-1280.webp',
    ])
      expect(isMediaUrl(picture), picture).toBe(false);
  });

  it('when an upload is 800 px wide at most, then each format offers the narrower widths and its own', () => {
    expect(mediaSources(`/media/${ID}-800.webp`)).toEqual({
      avif: `/media/${ID}-320.avif 320w, /media/${ID}-640.avif 640w, /media/${ID}-800.avif 800w`,
      webp: `/media/${ID}-320.webp 320w, /media/${ID}-640.webp 640w, /media/${ID}-800.webp 800w`,
    });
  });

  it('when a picture is not an upload, then it has no sources', () => {
    expect(mediaSources('https://example.com/caliper.jpg')).toBeUndefined();
    expect(mediaSources(`/media/${ID}-5000.webp`)).toBeUndefined();
  });
});

describe('pictures that ship with the store', () => {
  it('when a part names a shipped picture, then it names its largest WebP', () => {
    expect(storePictureUrl('wave-disc')).toBe('/images/products/wave-disc-1280.webp');
  });

  it('when a picture names the largest WebP of a shipped picture, then each format offers every width', () => {
    expect(mediaSources('/images/products/wave-disc-1280.webp')).toEqual({
      avif: '/images/products/wave-disc-320.avif 320w, /images/products/wave-disc-640.avif 640w, /images/products/wave-disc-960.avif 960w, /images/products/wave-disc-1280.avif 1280w',
      webp: '/images/products/wave-disc-320.webp 320w, /images/products/wave-disc-640.webp 640w, /images/products/wave-disc-960.webp 960w, /images/products/wave-disc-1280.webp 1280w',
    });
  });

  it('when a shipped picture names a narrower WebP, then each format offers the widths up to it', () => {
    expect(mediaSources('/images/products/sample-part-640.webp')).toEqual({
      avif: '/images/products/sample-part-320.avif 320w, /images/products/sample-part-640.avif 640w',
      webp: '/images/products/sample-part-320.webp 320w, /images/products/sample-part-640.webp 640w',
    });
  });

  it('when a picture of the store is not drawn at the widths the store draws, then it is shown as it is', () => {
    for (const picture of [
      '/images/products/sample-part.svg',
      '/images/products/sample-part-800.webp',
      '/images/products/sample-part-1280.avif',
      '/images/products/Sample-Part-1280.webp',
      '/images/products/-1280.webp',
      '/images/products/sample-part-1280.webp?x=1',
      '/images/banners/banner-1-1280.webp',
      '/images/products/nested/sample-part-1280.webp',
      'https://cdn.example.com/images/products/sample-part-1280.webp',
    ])
      expect(mediaSources(picture), picture).toBeUndefined();
  });
});
