import { describe, expect, it } from 'vitest';
import { isMediaUrl, mediaSources } from './media.js';

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
