// The one date and time formatter of the app: every shown date follows the interface language (Intl for the
// written formats; the date-fns locale, loaded on demand, for relative times and the calendar).
import { useEffect, useState } from 'react';
import { formatDistanceToNow, type Locale } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { currentLanguage, notify, useT } from './index';
import { intlLocale } from './intlLocale';

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

/**
 * The shown formats, by name: each language writes them its own way through Intl ("1 Dec 2026", "1. Dez. 2026",
 * "2026年12月1日"), with its own clock (24-hour in every shipped language), instead of one pattern for all.
 */
const STYLES = {
  long: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  spelled: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  spelledDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** Day, short month, year and time: the default for a task's dates, comments and notices. */
export const DATE_FORMAT_LONG: DateStyle = 'long';
export const DATE_FORMAT_SHORT: DateStyle = 'short';
/** Weekday, day, month and time in full, for confirming a date typed in words. */
export const DATE_FORMAT_SPELLED: DateStyle = 'spelled';
/** Weekday, day, month and year in full: a calendar day's accessible name. */
export const DATE_FORMAT_SPELLED_DAY: DateStyle = 'spelledDay';
/** Month and year, for calendar headings. */
export const DATE_FORMAT_MONTH: DateStyle = 'month';
/** Hours and minutes on the language's clock. */
export const DATE_FORMAT_TIME: DateStyle = 'time';

/** The Intl tag dates are written in: the spec reads plain "en" as British English (day first, 24-hour clock). */
export function dateIntlLocale(language: string): string {
  return language.toLowerCase() === 'en' ? 'en-GB' : intlLocale(language);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // A tag this runtime does not know reads as British English rather than throwing.
    const tag = Intl.DateTimeFormat.supportedLocalesOf([dateIntlLocale(language)]).length ? dateIntlLocale(language) : 'en-GB';
    formatter = new Intl.DateTimeFormat(tag, STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatDate(date: Date, style: DateStyle = DATE_FORMAT_LONG, language = currentLanguage()): string {
  return formatterFor(language, style).format(date);
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

/** A formatter bound to the current language; re-renders when the language changes. */
export function useFormatDate(): (date: Date, style?: DateStyle) => string {
  useT();
  const language = currentLanguage();
  return (date, style = DATE_FORMAT_LONG) => formatDate(date, style, language);
}
