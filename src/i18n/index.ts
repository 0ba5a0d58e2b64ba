// A small translation layer over JSON locales: t(key, params), a React hook, and the language set before mount.
// i18next would cost ~14 KB gzip of the 120 KB first-page budget; its plural key format (`key_one`, `key_other`, …) is kept.
import { useSyncExternalStore } from 'react';
import en from './locales/en.json?i18n=core';
import { DEFAULT_LANGUAGE, SUPPORTED_LOCALES } from '../constants';
import { intlLocale } from './intlLocale';
import { readStorage, writeStorage, STORAGE_KEYS } from '../state/storage';

export type Params = Record<string, string | number>;
type Messages = { [key: string]: string | Messages };

// Mutable copies: the signed-in messages and the error catalogue are merged in when they arrive.
const fallback: Messages = { ...(en as Messages) };
let messages: Messages = fallback;
let language: string = DEFAULT_LANGUAGE;
let version = 0;
const listeners = new Set<() => void>();

// Other locales are split into their own chunks and only fetched when chosen.
const loaders = import.meta.glob<{ default: Messages }>(['./locales/*.json', '!./locales/en.json', '!./locales/*.errors.json']);
// The server error catalogue (error.<code>) is only needed once something fails, so it loads on demand.
const errorLoaders = import.meta.glob<{ default: Messages }>('./locales/*.errors.json');
// English messages only signed-in screens use (see sections.ts): loaded with the first signed-in view.
// Other languages ship these inside their own chunk, so only English has an "app" section file.
const appLoader = import.meta.glob<{ default: Messages }>('./locales/en.json', { query: '?i18n=app' })['./locales/en.json'];

/** Message sections fetched after the first page: the file of a section for a language, if it has one. */
type Section = 'app' | 'errors';
const sectionFiles: Record<Section, (lang: string) => (() => Promise<{ default: Messages }>) | undefined> = {
  app: (lang) => (lang === 'en' ? appLoader : undefined),
  errors: (lang) => errorLoaders[`./locales/${lang}.errors.json`],
};
const sectionsLoaded = new Map<Section, Promise<void>>();

function mergeInto(target: Messages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value !== 'string' && existing !== undefined && typeof existing !== 'string') {
      const copy = { ...existing };
      mergeInto(copy, value);
      target[key] = copy;
    } else {
      target[key] = value;
    }
  }
}

async function loadSection(section: Section, lang: string, into: Messages): Promise<void> {
  const loader = sectionFiles[section](lang);
  if (loader) mergeInto(into, (await loader()).default);
}

/** Loads a section in English and in the current language (once per language); a failed load is retried next time. */
function ensureSection(section: Section): Promise<void> {
  let loaded = sectionsLoaded.get(section);
  if (!loaded) {
    const target = messages;
    loaded = Promise.all([loadSection(section, 'en', fallback), target === fallback ? null : loadSection(section, language, target)])
      .then(() => notify())
      .catch((err: unknown) => {
        sectionsLoaded.delete(section);
        notify(); // one of the two files may have been merged
        throw err;
      });
    sectionsLoaded.set(section, loaded);
  }
  return loaded;
}

/** Loads the messages of the signed-in screens (once); views await it before they render. */
export function ensureAppMessages(): Promise<void> {
  return ensureSection('app');
}

/** Loads the error catalogue of English and of the current language; a failure leaves the server's own messages. */
export function ensureErrorMessages(): Promise<void> {
  return ensureSection('errors').catch(() => undefined);
}

function lookup(dict: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = dict;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the key has a message in the current language or in English. */
export function hasKey(key: string): boolean {
  return lookup(messages, key) !== undefined || lookup(fallback, key) !== undefined;
}

/** Messages already looked up, until the messages change (every change notifies). */
const resolved = new Map<string, string>();

/** The plural form of a count in a language: `one`, `few`, `other`, … (Intl.PluralRules, as i18next uses). */
const pluralForm = (lang: string, count: number) => new Intl.PluralRules(lang).select(count);

/**
 * The message for a key with `{name}` placeholders filled in; the key itself when unknown. A numeric `count`
 * picks the `key_<form>` sibling of the language's plural form, else `key_other`, else the language's plain
 * `key`, else English's forms.
 */
export function t(key: string, params?: Params): string {
  const count = params?.count;
  const forms = typeof count === 'number' ? [pluralForm(language, count), 'other', pluralForm('en', count)] : [];
  const id = forms.length ? `${key}:${forms}` : key;
  let text = resolved.get(id);
  if (text === undefined) {
    text =
      lookup(messages, `${key}_${forms[0]}`) ??
      lookup(messages, `${key}_other`) ??
      // A language not yet given plural forms keeps its own single message before English is used.
      lookup(messages, key) ??
      lookup(fallback, `${key}_${forms[2]}`) ??
      lookup(fallback, `${key}_other`) ??
      lookup(fallback, key) ??
      key;
    resolved.set(id, text);
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function currentLanguage(): string {
  return language;
}

/** Re-renders every translated component; also called when a language's date locale has arrived. */
export function notify(): void {
  version += 1;
  resolved.clear();
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` for components: re-renders them when the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, () => version, () => version);
  return t;
}

type Locale = (typeof SUPPORTED_LOCALES)[number];

// Tags whose best locale is not the first one sharing their base language: Swiss German (and the Swiss
// German language code gsw) reads de-swiss, not de-DE; Norwegian comes as no, nb (Bokmål) or nn (Nynorsk).
const REGION_LOCALES: Record<string, Locale> = { 'de-ch': 'de-swiss', 'de-li': 'de-swiss' };
const BASE_LOCALES: Record<string, Locale> = { gsw: 'de-swiss', nb: 'no-NO', nn: 'no-NO' };

/** The supported locale a language tag asks for ("de-CH" → de-swiss, "pt-BR" → pt-PT), or null when none fits. */
export function matchLocale(wanted: string | null | undefined): Locale | null {
  const tag = (wanted ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (!tag) return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const [base, ...rest] = tag.split('-');
  // The region is the last two-letter or three-digit subtag ("zh-Hant-TW" has a script before it).
  const region = rest.find((part) => /^([a-z]{2}|\d{3})$/.test(part));
  if (region && REGION_LOCALES[`${base}-${region}`]) return REGION_LOCALES[`${base}-${region}`];
  if (BASE_LOCALES[base]) return BASE_LOCALES[base];
  return SUPPORTED_LOCALES.find((l) => l.split('-')[0].toLowerCase() === base) ?? null;
}

/** Maps a browser or stored language tag onto a supported locale, else the default. */
export function resolveLanguage(wanted: string | null | undefined): string {
  return matchLocale(wanted) ?? DEFAULT_LANGUAGE;
}

/**
 * The locale for the browser's preference list (navigator.languages, most wanted first): the first tag a
 * supported locale fits, so "rm, de-CH, en" gets Swiss German rather than English or nothing.
 */
export function browserLanguage(preferred: readonly string[]): string {
  for (const tag of preferred) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LANGUAGE;
}

/** Switches the language, loading its messages when needed; unknown or missing locales fall back to English. */
export async function setLanguage(wanted: string, persist = true): Promise<void> {
  const lang = resolveLanguage(wanted);
  let next: Messages = fallback;
  const loader = loaders[`./locales/${lang}.json`];
  if (loader) {
    try {
      next = (await loader()).default;
    } catch {
      next = fallback;
    }
  }
  messages = next === fallback ? fallback : { ...next };
  language = lang;
  // Sections already fetched are fetched again for the new language.
  const reload = [...sectionsLoaded.keys()];
  sectionsLoaded.clear();
  for (const section of reload) void ensureSection(section).catch(() => undefined);
  if (persist) writeStorage(STORAGE_KEYS.language, lang);
  document.documentElement.lang = intlLocale(lang);
  notify();
}

/** Chooses the language before the app mounts: stored, else the browser's, else English. */
export async function initLanguage(): Promise<void> {
  const stored = readStorage(STORAGE_KEYS.language);
  if (stored !== null) return setLanguage(stored, true);
  // Not persisted: the browser's choice is followed until the person or their account picks a language.
  await setLanguage(browserLanguage(navigatorLanguages()), false);
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
