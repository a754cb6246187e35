/**
 * Avatar checks of docs/product.md#rules on the file's content, never its name: JPEG or
 * PNG by magic bytes, 150×150, 200×200 or 300×300 pixels, under 2 MB; then
 * re-encoded by sharp, which drops every metadata block (EXIF, GPS, ICC,
 * comments) and anything hidden after the image data.
 */
import { Code } from '@ac/protocol/codes';
import { AVATAR_MAX_BYTES, AVATAR_SIZES } from '@ac/protocol/profile';
import { AppError } from '../../lib/app-error.ts';

export type AvatarFormat = 'jpeg' | 'png';
export type AvatarImage = { data: Buffer; ext: 'jpg' | 'png'; contentType: 'image/jpeg' | 'image/png' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the first bytes announce, whatever the file is called. */
export function sniffImageType(data: Buffer): AvatarFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

const MAX_SIDE = Math.max(...AVATAR_SIZES);

export async function normaliseAvatar(data: Buffer): Promise<AvatarImage> {
  if (data.length === 0) throw new AppError(Code.avatarMissing);
  if (data.length >= AVATAR_MAX_BYTES) throw new AppError(Code.avatarTooLarge);
  const format = sniffImageType(data);
  if (!format) throw new AppError(Code.avatarType);
  const options = { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: 'error' } as const;
  // sharp (and libvips) load on the first avatar, not at every start (lib/lazy.ts)
  const { default: sharp } = await import('sharp');
  // the header alone tells the size; the pixel limit applies when decoding below
  const meta = await sharp(data)
    .metadata()
    .catch(() => {
      throw new AppError(Code.avatarType, 'the image cannot be read');
    });
  if (meta.format !== format) throw new AppError(Code.avatarType);
  const { width, height } = meta;
  if (width !== height || !(AVATAR_SIZES as readonly number[]).includes(width)) {
    throw new AppError(Code.avatarDimensions, `got ${width}x${height}`);
  }
  // rotate() applies the EXIF orientation before the EXIF block is dropped
  const pipeline = sharp(data, options).rotate();
  const out = await (format === 'jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png({ compressionLevel: 9 }))
    .toBuffer()
    .catch(() => {
      throw new AppError(Code.avatarType, 'the image cannot be read');
    });
  return format === 'jpeg'
    ? { data: out, ext: 'jpg', contentType: 'image/jpeg' }
    : { data: out, ext: 'png', contentType: 'image/png' };
}
