// A list background's BlurHash drawn into a small image (data URL) to show, stretched, until the real background loads.
import { decode, isBlurhashValid } from 'blurhash';

const SIZE = 32;
const cache = new Map<string, string | null>();

/** The placeholder image of a BlurHash, or null when the hash is empty or invalid, or canvas is unavailable. */
export function blurHashDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const known = cache.get(hash);
  if (known !== undefined) return known;
  let url: string | null = null;
  if (isBlurhashValid(hash).result) {
    const canvas = document.createElement('canvas');
    canvas.width = SIZE;
    canvas.height = SIZE;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      const image = ctx.createImageData(SIZE, SIZE);
      image.data.set(decode(hash, SIZE, SIZE));
      ctx.putImageData(image, 0, 0);
      url = canvas.toDataURL();
    }
  }
  cache.set(hash, url);
  return url;
}
