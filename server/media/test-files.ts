// Files for the upload tests, made here rather than kept in the repository: real photos of each
// format, and the hostile ones (a bomb, a padded file, a form of the wrong shape).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MEDIA_FORM_FIELD } from '../../contract/index.js';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/**
 * A photo `width` x `height` as stored: blue, with a red square in its top-left corner (so that a
 * turn shows), in `format`. With `orientation`, it carries a camera's EXIF: that orientation (how
 * to turn it upright), the camera's make and where it was taken.
 */
export async function testPhoto(
  format: PhotoFormat,
  { width = 1600, height = 1200, orientation }: { width?: number; height?: number; orientation?: number } = {},
) {
  const corner = Math.max(1, Math.round(Math.min(width, height) / 4));
  const image = sharp({ create: { width, height, channels: 3, background: '#1f4e9c' } }).composite([
    {
      input: { create: { width: corner, height: corner, channels: 3, background: '#e01010' } },
      top: 0,
      left: 0,
    },
  ]);
  const withCameraExif =
    orientation === undefined
      ? image
      : image
          .withExif({
            IFD0: { Make: 'Brakehouse Test Camera' },
            IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 5/1 0/1' },
          })
          .withMetadata({ orientation });
  return withCameraExif.toFormat(format).toBuffer();
}

/** A JPEG padded to `bytes` with comment segments: still a valid photo, just a heavy file. */
export function paddedJpeg(jpeg: Buffer, bytes: number): Buffer {
  const maxSegment = 0xffff - 2;
  const segments: Buffer[] = [];
  for (let missing = bytes - jpeg.length; missing > 0;) {
    const size = Math.max(1, Math.min(maxSegment, missing - 4));
    const header = Buffer.from([0xff, 0xfe, (size + 2) >> 8, (size + 2) & 0xff]);
    segments.push(header, Buffer.alloc(size, 0x20));
    missing -= size + 4;
  }
  // The comments go right after the start-of-image marker.
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A decompression bomb: a valid black-and-white PNG of `width` x `height` pixels whose data, all
 * zeros, deflates to a few tens of kilobytes (20000 x 20000 is 400 megapixels, 1.2 GB decoded as RGB).
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // 1 bit per pixel
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `multipart/form-data` body with one file, as a browser's FormData sends it. */
export async function uploadForm(
  bytes: Buffer,
  { field = MEDIA_FORM_FIELD, fileName = 'photo.jpg', type = 'image/jpeg' } = {},
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
