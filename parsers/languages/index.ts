// The quick-add languages by app locale: word tables for most, an own matcher for Chinese, and the numeric date order of each locale.
import type { DateLanguage } from '../dateLanguage.js';
import { cs } from './cs.js';
import { de } from './de.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { no } from './no.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { vi } from './vi.js';
import { compileWordTable } from './wordTable.js';
import { zh } from './zh.js';

const LANGUAGES: readonly DateLanguage[] = [...[de, fr, ru, it, pl, cs, nl, pt, no, vi].map(compileWordTable), zh];

const BY_LOCALE: ReadonlyMap<string, DateLanguage> = new Map(
  LANGUAGES.flatMap((language) => language.locales.map((locale) => [locale.toLowerCase(), language] as const)),
);

/** The app locales whose date words quick-add reads, besides English. */
export const QUICK_ADD_LOCALES: readonly string[] = LANGUAGES.flatMap((language) => language.locales);

/**
 * The date language of an app locale ("de-DE", "fr-FR", …), or null for English and for locales
 * without one. A bare language ("de", "fr") or another region of it finds the language too.
 */
export function dateLanguageFor(locale: string | null | undefined): DateLanguage | null {
  if (typeof locale !== 'string' || locale === '') return null;
  // Called once per parse, so the answer for a locale string is kept.
  const known = resolved.get(locale);
  if (known !== undefined) return known;
  const lower = locale.toLowerCase();
  let language = BY_LOCALE.get(lower) ?? null;
  if (!language) {
    const base = lower.split('-')[0];
    for (const [key, candidate] of BY_LOCALE) if (key.split('-')[0] === base) language = language ?? candidate;
  }
  if (resolved.size < 64) resolved.set(locale, language);
  return language;
}

const resolved = new Map<string, DateLanguage | null>();

/** English (US order) reads 06/08 as June 8; every other locale reads day first. */
export function readsMonthFirst(locale: string | null | undefined): boolean {
  if (typeof locale !== 'string' || locale === '' || locale === 'en') return true;
  const lower = locale.toLowerCase();
  return lower === 'en' || lower.startsWith('en-us');
}

/** Examples of the date words of a locale's language, for the syntax help; null for English and unknown locales. */
export function dateExamplesFor(locale: string | null | undefined): string | null {
  return dateLanguageFor(locale)?.examples ?? null;
}
