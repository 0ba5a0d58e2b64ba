// Attachments as values: the server's max file size read from /info, and which files show as images; no network.
import { parseFileSize } from '../../parsers';

/** The spec's limit when /info names none (or names one this client cannot read). */
export const DEFAULT_MAX_FILE_SIZE = '20MB';

/**
 * The server's max file size ("20MB", "512KB", "1.5 GB", plain bytes) in bytes, and the text to show for it.
 * Units are binary, as the server sizes them; anything unreadable or not above 0 falls back to 20MB.
 */
export function parseMaxFileSize(value: string | undefined): { bytes: number; label: string } {
  const bytes = parseFileSize(value ?? '') ?? 0;
  if (bytes > 0) return { bytes, label: value!.trim() };
  return { bytes: parseFileSize(DEFAULT_MAX_FILE_SIZE)!, label: DEFAULT_MAX_FILE_SIZE };
}

export const IMAGE_SUFFIXES = ['.jpg', '.png', '.bmp', '.gif'];
export function isImage(name: string): boolean {
  const lower = name.toLowerCase();
  return IMAGE_SUFFIXES.some((s) => lower.endsWith(s)) || lower.endsWith('.jpeg');
}
