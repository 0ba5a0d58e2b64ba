// Numbers, percentages and file sizes written the way the interface language writes them (through Intl).
import { currentLanguage } from './index';
import { intlLocale } from './intlLocale';

// Building an Intl.NumberFormat is costly next to using one, and rows of a long table each format a number.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, language = currentLanguage()): string {
  return formatter(language, options).format(value);
}

/** A fraction from 0 to 1 as a whole percentage ("50%", "50 %" in German and French). */
export function formatPercent(fraction: number, language = currentLanguage()): string {
  return formatter(language, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size in bytes with the largest unit that keeps it at 1 or more ("1.5 MB"). Steps are 1024, as the server
 * counts its max file size ("20MB" is 20 × 1024² bytes), so the limit shown matches the limit applied.
 */
export function formatFileSize(bytes: number, language = currentLanguage()): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Bytes are spelled out, so they take the language's plural ("16 bytes", "16 octets"); the larger units keep
  // their symbols (kB, MB), which have no plural.
  const unitDisplay = unit === 0 ? 'long' : 'short';
  return formatter(language, { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay, maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
