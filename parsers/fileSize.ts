// File sizes as people and servers write them ("20MB", "512 KB", "1.5GiB", "100"), read with binary units.

const UNIT_BYTES: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** Bytes of a size such as "20MB" (units k, m, g, t, optionally followed by "B" or "iB"), or null when unreadable. */
export function parseFileSize(value: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(value);
  return m ? Math.round(Number(m[1]) * UNIT_BYTES[m[2].toLowerCase()]) : null;
}
