// The one date and time formatter of the app: every shown date follows the interface language through the
// date-fns locale of that language, loaded on demand.
import { useEffect, useState } from 'react';
import { format, formatDistanceToNow, type Locale } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { currentLanguage, notify, useT } from './index';

/** Spec part 1 §9 maps en → en-GB, de → de, fr → fr, ru → ru and the rest to en-GB; issue #23 asks for each language's own. */
const loaders: Record<string, () => Promise<Locale>> = {
  de: () => import('date-fns/locale/de').then((m) => m.de),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
  cs: () => import('date-fns/locale/cs').then((m) => m.cs),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pt: () => import('date-fns/locale/pt').then((m) => m.pt),
  nb: () => import('date-fns/locale/nb').then((m) => m.nb),
  vi: () => import('date-fns/locale/vi').then((m) => m.vi),
  'zh-CN': () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
};

type DateLocaleName = 'en-GB' | keyof typeof loaders;

/** The date-fns locale name for an app locale (every supported locale has its own; anything else reads en-GB). */
export function dateLocaleName(language: string): DateLocaleName {
  const lang = language.toLowerCase();
  if (lang.startsWith('zh')) return 'zh-CN';
  // Norwegian Bokmål is "nb" in date-fns; the app's locale is no-NO.
  if (lang.startsWith('no') || lang.startsWith('nb') || lang.startsWith('nn')) return 'nb';
  const base = lang.split('-')[0];
  return base in loaders ? base : 'en-GB';
}

const loaded = new Map<string, Locale>([['en-GB', enGB]]);

/** Loads (once) and returns the date-fns locale of an app locale. */
export async function loadDateLocale(language: string): Promise<Locale> {
  const name = dateLocaleName(language);
  const known = loaded.get(name);
  if (known) return known;
  const loader = loaders[name];
  const locale = loader ? await loader().catch(() => enGB) : enGB;
  loaded.set(name, locale);
  return locale;
}

/**
 * The locale for a language if it is already loaded, else en-GB while it loads: translated components
 * re-render when it arrives, so a row formats its dates without a hook of its own.
 */
export function dateLocaleSync(language = currentLanguage()): Locale {
  const locale = loaded.get(dateLocaleName(language));
  if (locale) return locale;
  void loadDateLocale(language).then(notify);
  return enGB;
}

/** Spec formats: long 'j M Y H:i' and short 'j M Y' (flatpickr tokens), day display yyyy-LL-dd. */
export const DATE_FORMAT_LONG = 'd MMM yyyy HH:mm';
export const DATE_FORMAT_SHORT = 'd MMM yyyy';
/** Weekday, day, month and time in full, for confirming a date typed in words. */
export const DATE_FORMAT_SPELLED = 'EEEE d MMMM yyyy HH:mm';
export const DATE_FORMAT_DAY = 'yyyy-LL-dd';
/** Weekday, day, month and year in full: a calendar day's accessible name. */
export const DATE_FORMAT_SPELLED_DAY = 'EEEE d MMMM yyyy';

/** Month and year, for calendar headings. */
export const DATE_FORMAT_MONTH = 'LLLL yyyy';

export function formatDate(date: Date, pattern: string = DATE_FORMAT_LONG, language = currentLanguage()): string {
  return format(date, pattern, { locale: dateLocaleSync(language) });
}

/** "3 hours ago", "in 2 days" in the current language. */
export function formatRelative(date: Date): string {
  return formatDistanceToNow(date, { addSuffix: true, locale: dateLocaleSync() });
}

/** The date-fns locale of the current language; re-renders when the language changes and its locale arrives. */
export function useDateLocale(): Locale {
  useT();
  const language = currentLanguage();
  const [locale, setLocale] = useState<Locale>(() => dateLocaleSync(language));
  useEffect(() => {
    let alive = true;
    void loadDateLocale(language).then((l) => alive && setLocale(l));
    return () => {
      alive = false;
    };
  }, [language]);
  return locale;
}

/** A formatter bound to the current language's date locale. */
export function useFormatDate(): (date: Date, pattern?: string) => string {
  const locale = useDateLocale();
  return (date, pattern = DATE_FORMAT_LONG) => format(date, pattern, { locale });
}
