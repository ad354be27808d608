import type { Metadata, Sharp, SharpOptions } from 'sharp';
import {
  MAX_MEDIA_ASPECT,
  MAX_MEDIA_PIXELS,
  MEDIA_FORMATS,
  MEDIA_WIDTHS,
  mediaWidths,
  type MediaFormat,
} from '../../contract/index.js';
import { AppError } from '../http/errors.js';

/** One size of a photo in one format. */
export interface EncodedImage {
  format: MediaFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A photo re-encoded for the pages: its largest size, and every size in every format. */
export interface EncodedPhoto {
  width: number;
  height: number;
  images: EncodedImage[];
}

const LARGEST_WIDTH = Math.max(...MEDIA_WIDTHS);

/**
 * How an upload is decoded: never over MAX_MEDIA_PIXELS (the header was checked already, with our
 * refusal; sharp checks again as it opens the file), and any flaw in the pixel data (a truncated
 * file) aborts rather than being drawn as grey, as sharp advises for files from outside.
 */
const DECODE: SharpOptions = { limitInputPixels: MAX_MEDIA_PIXELS, failOn: 'warning' };

/**
 * Encoder settings measured on a 2-core machine (decision 0026): AVIF at effort 3 encodes a
 * 1280-pixel photo in about a second, effort 4 took four for 2 % fewer bytes; WebP is fast at 4.
 */
const ENCODERS: Record<MediaFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
};

/**
 * sharp, loaded with the first photo: some 150 ms of the store's start on a slow machine, for a
 * module most starts never use.
 */
const loadSharp = async () => (await import('sharp')).default;

/** What the store accepts, by what the file is (its decoder), never by its name or declared type. */
const isAcceptedFormat = ({ format, compression }: Metadata) =>
  format === 'jpeg' || format === 'png' || format === 'webp' || (format === 'heif' && compression === 'av1');

/** The file's header: what it is and how many pixels it says it has. Nothing is decoded yet. */
async function readHeader(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    // No pixel limit here: the header alone is read, and the count is checked below with our refusal.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('mediaUnsupported');
  }
}

/**
 * The photo upright (EXIF orientation applied), at most LARGEST_WIDTH wide, as raw sRGB pixels:
 * decoded once, so that each size and format is made from this small copy, not from the upload.
 */
async function decodeUpright(input: Buffer) {
  const sharp = await loadSharp();
  try {
    return await sharp(input, DECODE)
      .autoOrient()
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('mediaUnsupported');
  }
}

/**
 * Re-encodes an uploaded photo into AVIF and WebP at the widths pages ask for (contract/media.ts).
 * Nothing of the upload's metadata is kept (sharp writes none unless asked: no EXIF, no GPS, no
 * camera). Refuses what is not a JPEG, PNG, WebP or AVIF photo, has too many pixels or is too tall
 * for its width.
 */
export async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const header = await readHeader(input);
  if (!isAcceptedFormat(header)) throw new AppError('mediaUnsupported');
  if (header.width * header.height > MAX_MEDIA_PIXELS) throw new AppError('mediaTooManyPixels');
  // Files are made at most LARGEST_WIDTH wide, so their height follows the upright photo's shape:
  // bounded here, from the header, before any pixel is decoded or encoded.
  const upright = header.autoOrient;
  if (upright.height > upright.width * MAX_MEDIA_ASPECT) throw new AppError('mediaTooTall');

  const { data, info } = await decodeUpright(input);
  const sharp = await loadSharp();
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const images: EncodedImage[] = [];
  // One encode at a time: an upload keeps one core busy and leaves the other to the shop.
  for (const width of mediaWidths(info.width)) {
    for (const format of MEDIA_FORMATS) {
      const encoded = await ENCODERS[format](sharp(data, raw).resize({ width })).toBuffer({ resolveWithObject: true });
      images.push({ format, width: encoded.info.width, height: encoded.info.height, bytes: encoded.data });
    }
  }
  return { width: info.width, height: info.height, images };
}
