// The names of the supported interface languages, each in its own language (as language pickers show them).
import { SUPPORTED_LOCALES } from '../constants';
import { matchLocale } from './index';

/** Language names are not translated: a person looks for their own language by its own name. */
export const LANGUAGE_NAMES: Record<(typeof SUPPORTED_LOCALES)[number], string> = {
  en: 'English',
  'de-DE': 'Deutsch',
  'de-swiss': 'Deutsch (Schweiz)',
  'ru-RU': 'Русский',
  'fr-FR': 'Français',
  'vi-VN': 'Tiếng Việt',
  'it-IT': 'Italiano',
  'cs-CZ': 'Čeština',
  'pl-PL': 'Polski',
  'nl-NL': 'Nederlands',
  'pt-PT': 'Português',
  'zh-CN': '中文',
  'no-NO': 'Norsk bokmål',
};

/** Finds a supported locale by code or name ("de", "Deutsch", "fr-FR"), for the palette's language command. */
export function findLocale(input: string): (typeof SUPPORTED_LOCALES)[number] | null {
  const q = input.trim().toLowerCase();
  if (q === '') return null;
  for (const l of SUPPORTED_LOCALES) if (l.toLowerCase() === q || LANGUAGE_NAMES[l].toLowerCase() === q) return l;
  for (const l of SUPPORTED_LOCALES) if (l.split('-')[0].toLowerCase() === q || LANGUAGE_NAMES[l].toLowerCase().startsWith(q)) return l;
  // Any other language tag ("nb", "de-CH", "zh-TW") goes where the browser's would.
  return matchLocale(q);
}
