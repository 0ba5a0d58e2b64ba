// The BlurHash of a list background (the short string clients draw as a blurred placeholder while the image loads).
import { encode } from 'blurhash';

/** Components across and down: enough for a soft impression of the picture, in about 30 characters. */
const COMPONENTS_X = 4;
const COMPONENTS_Y = 3;

/** The BlurHash of an image, or '' when the bytes are not an image sharp can read. */
export async function blurHashOf(bytes: Buffer): Promise<string> {
  try {
    // Loaded on first use: the image library costs a server that never meets an image about 20 MB.
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize(32, 32, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return encode(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, COMPONENTS_X, COMPONENTS_Y);
  } catch {
    return '';
  }
}
