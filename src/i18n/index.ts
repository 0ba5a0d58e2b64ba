// A small translation layer over JSON locales: t(key, params), a React hook, and the language set before mount.
// i18next would cost ~14 KB gzip of the 120 KB first-page budget for features (plurals, backends) this app does not use.
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

/** The message for a key with `{name}` placeholders filled in; the key itself when unknown. */
export function t(key: string, params?: Params): string {
  let text = resolved.get(key);
  if (text === undefined) {
    text = lookup(messages, key) ?? lookup(fallback, key) ?? key;
    resolved.set(key, text);
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function currentLanguage(): string {
  return language;
}

function notify(): void {
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

/**
 * Browser tags that mean a supported locale without sharing its code: Swiss browsers say de-CH (German would
 * otherwise win by its base "de"), Norwegian ones nb or nn rather than "no".
 */
const LANGUAGE_ALIASES: Record<string, string> = { 'de-ch': 'de-swiss', 'de-li': 'de-swiss', nb: 'no-NO', nn: 'no-NO', no: 'no-NO' };

/** Maps a browser or stored language tag onto a supported locale, else the default. */
export function resolveLanguage(wanted: string | null | undefined): string {
  if (!wanted) return DEFAULT_LANGUAGE;
  const tag = wanted.toLowerCase().replace(/_/g, '-');
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const [base, region] = tag.split('-');
  const alias = LANGUAGE_ALIASES[region ? `${base}-${region}` : base] ?? LANGUAGE_ALIASES[base];
  if (alias) return alias;
  return SUPPORTED_LOCALES.find((l) => l.split('-')[0].toLowerCase() === base) ?? DEFAULT_LANGUAGE;
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
  const browser = typeof navigator !== 'undefined' ? navigator.language : null;
  await setLanguage(stored ?? browser ?? DEFAULT_LANGUAGE, stored !== null);
}
