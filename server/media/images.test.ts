import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_ASPECT, apiErrors, type ApiErrorName } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import { encodePhoto } from './images.js';
import { pngBomb, testPhoto } from './test-files.js';

const refusalOf = async (input: Buffer): Promise<ApiErrorName | 'none'> => {
  try {
    await encodePhoto(input);
    return 'none';
  } catch (error) {
    if (error instanceof AppError) return error.refusal;
    throw error;
  }
};

/** The colour of one pixel of an image, as [r, g, b]. */
async function pixelAt(image: Buffer, left: number, top: number) {
  const { data } = await sharp(image)
    .extract({ left, top, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('encodePhoto', () => {
  it('when a 1600 x 1200 JPEG comes, then it answers 320, 640, 960 and 1280 wide in AVIF and in WebP, each as tall as its width asks', async () => {
    const photo = await encodePhoto(await testPhoto('jpeg'));
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1280, height: 960 });
    expect(photo.images.map(({ format, width, height }) => `${format} ${width}x${height}`)).toEqual([
      'avif 320x240',
      'webp 320x240',
      'avif 640x480',
      'webp 640x480',
      'avif 960x720',
      'webp 960x720',
      'avif 1280x960',
      'webp 1280x960',
    ]);
    for (const image of photo.images) {
      const written = await sharp(image.bytes).metadata();
      expect({ format: written.format, width: written.width, height: written.height }).toEqual({
        format: image.format === 'avif' ? 'heif' : 'webp',
        width: image.width,
        height: image.height,
      });
    }
  });

  it.each(['png', 'webp', 'avif'] as const)(
    'when a %s narrower than the largest size comes, then its own width is the largest, never enlarged',
    async (format) => {
      const photo = await encodePhoto(await testPhoto(format, { width: 800, height: 500 }));
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 800, height: 500 });
      expect(photo.images.map(({ format, width }) => `${format} ${width}`)).toEqual([
        'avif 320',
        'webp 320',
        'avif 640',
        'webp 640',
        'avif 800',
        'webp 800',
      ]);
    },
  );

  it("when a phone's photo comes turned, with its GPS position, then the files are upright and carry no EXIF", async () => {
    // Stored 1600 x 1200 lying on its side, with orientation 6: "turn a quarter clockwise".
    const input = await testPhoto('jpeg', { orientation: 6 });
    const read = await sharp(input).metadata();
    expect(read.orientation).toBe(6);
    expect(read.exif?.toString('latin1')).toContain('Brakehouse Test Camera');

    const photo = await encodePhoto(input);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 1600 });
    for (const image of photo.images) {
      const written = await sharp(image.bytes).metadata();
      expect(written.exif, `${image.format} ${image.width}`).toBeUndefined();
      expect(written.orientation).toBeUndefined();
      expect(written.width < written.height).toBe(true);
    }
    // The red corner, stored top left, is top right once turned.
    const largest = photo.images.at(-1)?.bytes ?? Buffer.alloc(0);
    const [red = 0, , blue = 0] = await pixelAt(largest, 1200 - 10, 10);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(80);
  });

  it('when a photo is exactly as tall as MAX_MEDIA_ASPECT widths, then it is taken at its own size', async () => {
    const photo = await encodePhoto(await testPhoto('png', { width: 300, height: 300 * MAX_MEDIA_ASPECT }));
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 300, height: 900 });
  });

  it.each([
    ['a 1080 x 16384 PNG (no format holds its largest file)', () => testPhoto('png', { width: 1080, height: 16_384 })],
    ['a 20 x 100 PNG', () => testPhoto('png', { width: 20, height: 100 })],
    // Stored wide, 3300 x 1000, but turned upright by its EXIF it is 1000 x 3300.
    [
      'a wide JPEG that its orientation turns tall',
      () => testPhoto('jpeg', { width: 3300, height: 1000, orientation: 6 }),
    ],
  ])('when %s comes, then it is refused as too tall, from its header, before any encoding', async (_what, make) => {
    const input = await make();
    const started = performance.now();
    expect(await refusalOf(input)).toBe('mediaTooTall');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('when a wide photo is as wide as the pixel limit allows, then it is taken, its files 1280 px wide', async () => {
    const photo = await encodePhoto(await testPhoto('jpeg', { width: 16_000, height: 1000 }));
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1280, height: 80 });
  });

  it.each([
    [
      'a text file',
      async () => Buffer.from('Not a photo at all, just words in a file called photo.jpg.\n'),
      'mediaUnsupported',
    ],
    ['an empty file', async () => Buffer.alloc(0), 'mediaUnsupported'],
    ['a GIF', () => testPhoto('gif', { width: 64, height: 48 }), 'mediaUnsupported'],
    [
      'an SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48"/></svg>',
        ),
      'mediaUnsupported',
    ],
    ['a truncated JPEG', async () => (await testPhoto('jpeg')).subarray(0, 7000), 'mediaUnsupported'],
    ['a 400-megapixel PNG bomb', async () => pngBomb(20_000, 20_000), 'mediaTooManyPixels'],
  ] as const)('when %s comes, then it is refused', async (_what, make, refusal) => {
    expect(await refusalOf(await make())).toBe(refusal);
    expect(apiErrors[refusal].status).toBe(400);
  });
});
