// The type of an uploaded file, read from its bytes (magic numbers) rather than from the type the client declared.
import { fileTypeFromBuffer } from 'file-type';

/** A syntactically valid `type/subtype` (parameters dropped), or null. */
function cleanMime(declared: string | undefined): string | null {
  const m = /^\s*([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)\s*(;.*)?$/i.exec(declared ?? '');
  return m ? m[1].toLowerCase() : null;
}

/** The type the bytes show, or null when they match no known format (text, SVG, HTML, unknown binaries). */
export async function detectMime(data: Uint8Array): Promise<string | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  return found?.mime ?? null;
}

/**
 * The type to store an attachment with: what the bytes show; for formats without a signature (text, HTML, SVG)
 * the declared type, since there is nothing better; application/octet-stream when neither is usable.
 * The reference client sends every file as application/octet-stream, which this replaces when the bytes tell more.
 */
export async function attachmentMime(data: Uint8Array, declared: string | undefined): Promise<string> {
  return (await detectMime(data)) ?? cleanMime(declared) ?? 'application/octet-stream';
}

/** Raster formats every browser shows in an <img> or a CSS background. */
const WEB_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** Whether a stored type is one of those raster formats (never SVG, which can carry script). */
export function isWebImageMime(mime: string): boolean {
  return WEB_IMAGES.has(mime);
}

/** The image type of the bytes, or null when they are not an image a browser shows, whatever was declared. */
export async function webImageMime(data: Uint8Array): Promise<string | null> {
  const mime = await detectMime(data);
  return mime && WEB_IMAGES.has(mime) ? mime : null;
}
