// Every supported locale has both message files with exactly English's keys, the same {placeholders}, and for a
// counted message (name_one, name_other, …) exactly the plural categories its own language has (Intl.PluralRules).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, SUPPORTED_LOCALES } from '../../../src/constants';
import { intlLocale } from '../../../src/i18n/intlLocale';

type Messages = { [key: string]: string | Messages };

const DIR = path.resolve('src/i18n/locales');

// i18next's plural suffixes are CLDR's category names; a key ending in one of them is a form of a counted message.
const CATEGORIES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_KEY = new RegExp(`^(.*)_(${CATEGORIES.join('|')})$`);

function fileOf(locale: string, part: '' | '.errors'): string {
  return path.join(DIR, `${locale}${part}.json`);
}

function load(file: string): Messages {
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

/** Flattens to dotted keys; a branch where English has a leaf (or the reverse) shows up as a missing and an extra key. */
function flatten(dict: Messages, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(dict)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

const listed = (names: string[]): string => (names.length > 0 ? names.map((n) => `{${n}}`).join(', ') : 'none');
// The same pattern t() fills: a name outside it (e.g. in Cyrillic) is text, not a placeholder.
const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Messages by key, with the forms of a counted message gathered under its base key. */
interface Catalogue {
  plain: Map<string, string>;
  counted: Map<string, Map<string, string>>;
}

function catalogue(messages: Map<string, string>, countedBases: ReadonlySet<string>): Catalogue {
  const plain = new Map<string, string>();
  const counted = new Map<string, Map<string, string>>();
  for (const [key, text] of messages) {
    const match = PLURAL_KEY.exec(key);
    // Only a base English counts is treated as plural, so an ordinary key that happens to end in "_other" stays plain.
    if (match && countedBases.has(match[1])) {
      const forms = counted.get(match[1]) ?? new Map<string, string>();
      forms.set(match[2], text);
      counted.set(match[1], forms);
    } else {
      plain.set(key, text);
    }
  }
  return { plain, counted };
}

/** Splits English into plain and counted messages: a base is counted when it has an "_other" form. */
function englishCatalogue(messages: Map<string, string>): Catalogue {
  const bases = new Set<string>();
  for (const key of messages.keys()) {
    const match = PLURAL_KEY.exec(key);
    if (match && messages.has(`${match[1]}_other`)) bases.add(match[1]);
  }
  return catalogue(messages, bases);
}

function pluralCategories(locale: string): string[] {
  // The same tag the app hands to Intl (de-swiss is de-CH), so the test and t() agree on the categories.
  const wanted = new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories;
  return CATEGORIES.filter((c) => wanted.includes(c));
}

/** Categories that more than one count selects (Russian "one" is 1, 21, 31 …): their message must show the number. */
function sharedCategories(locale: string): Set<string> {
  const rules = new Intl.PluralRules(intlLocale(locale));
  const seen = new Map<string, number>();
  for (let n = 0; n <= 200; n += 1) seen.set(rules.select(n), (seen.get(rules.select(n)) ?? 0) + 1);
  return new Set([...seen].filter(([, times]) => times > 1).map(([category]) => category));
}

/** Every problem of one locale's file against English, as readable lines (empty when the file is complete). */
function problems(locale: string, part: '' | '.errors'): string[] {
  const file = fileOf(locale, part);
  if (!existsSync(file)) return [`${path.basename(file)} is missing`];
  return compare(locale, flatten(load(fileOf(DEFAULT_LANGUAGE, part))), flatten(load(file)));
}

/** The gaps of one locale's messages against English's (both flattened). */
function compare(locale: string, englishMessages: Map<string, string>, messages: Map<string, string>): string[] {
  const english = englishCatalogue(englishMessages);
  const own = catalogue(messages, new Set(english.counted.keys()));
  const out: string[] = [];

  for (const [key, text] of english.plain) {
    const translated = own.plain.get(key);
    if (translated === undefined) {
      out.push(`${key}: missing${own.counted.has(key) ? ' (written as plural forms, English has one message)' : ''}`);
    } else if (!translated.trim()) {
      out.push(`${key}: empty`);
    } else if (placeholders(translated).join() !== placeholders(text).join()) {
      out.push(`${key}: placeholders ${listed(placeholders(translated))} instead of ${listed(placeholders(text))}`);
    }
  }
  for (const key of own.plain.keys()) {
    if (!english.plain.has(key) && !english.counted.has(key)) out.push(`${key}: English has no such key`);
  }

  const categories = pluralCategories(locale);
  const shared = sharedCategories(locale);
  for (const [base, englishForms] of english.counted) {
    const forms = own.counted.get(base);
    if (!forms) {
      out.push(`${base}: missing (needs the forms ${categories.map((c) => `_${c}`).join(', ')})`);
      continue;
    }
    const have = CATEGORIES.filter((c) => forms.has(c));
    if (have.join() !== categories.join()) {
      out.push(`${base}: plural forms ${have.map((c) => `_${c}`).join(', ')} instead of ${categories.map((c) => `_${c}`).join(', ')}`);
    }
    const allowed = new Set([...englishForms.values()].flatMap(placeholders));
    const counted = placeholders(englishForms.get('other') ?? '');
    for (const [category, text] of forms) {
      const used = placeholders(text);
      if (!text.trim()) out.push(`${base}_${category}: empty`);
      const unknown = used.filter((p) => !allowed.has(p));
      if (unknown.length > 0) out.push(`${base}_${category}: placeholders ${listed(unknown)} English does not have`);
      // A form chosen for several numbers cannot spell one of them out: it must keep what the "other" form shows.
      const lost = counted.filter((p) => !used.includes(p));
      if ((shared.has(category) || category === 'other') && lost.length > 0) {
        out.push(`${base}_${category}: leaves out ${listed(lost)}, but it is used for more than one number`);
      }
    }
  }
  return out;
}

const locales = SUPPORTED_LOCALES.filter((l) => l !== DEFAULT_LANGUAGE);

describe('locale completeness', () => {
  it('knows a file name for every supported locale and no stray locale files', () => {
    expect(locales).toHaveLength(SUPPORTED_LOCALES.length - 1);
    const known = new Set<string>(SUPPORTED_LOCALES);
    const files = (import.meta.glob('../../../src/i18n/locales/*.json') as Record<string, unknown>);
    const stray = Object.keys(files)
      .map((f) => path.basename(f).replace(/(\.errors)?\.json$/, ''))
      .filter((l) => !known.has(l));
    expect(stray, 'locale files no supported locale reads').toEqual([]);
  });

  describe.each(locales)('%s', (locale) => {
    it('has every message of en.json, and only those, with the same placeholders and its own plural forms', () => {
      expect(problems(locale, '')).toEqual([]);
    });

    it('has every message of the error catalogue en.errors.json, and only those', () => {
      expect(problems(locale, '.errors')).toEqual([]);
    });
  });
});

// The checker itself, on small catalogues: each kind of gap is reported, so a passing locale means something.
describe('the completeness check', () => {
  const english = flatten({ a: { b: 'Hello {name}' }, c: 'Plain', n_one: 'One task', n_other: '{count} tasks' });
  const ru: Messages = {
    a: { b: 'Привет, {name}' },
    c: 'Просто',
    n_one: '{count} задача',
    n_few: '{count} задачи',
    n_many: '{count} задач',
    n_other: '{count} задачи',
  };
  const check = (locale: string, messages: Messages) => compare(locale, english, flatten(messages));

  it('accepts a complete Russian catalogue and reports missing, extra, renamed and empty messages', () => {
    expect(check('ru-RU', ru)).toEqual([]);
    const { c: _c, ...withoutC } = ru;
    expect(check('ru-RU', withoutC)).toEqual(['c: missing']);
    expect(check('ru-RU', { ...ru, d: 'x' })).toEqual(['d: English has no such key']);
    expect(check('ru-RU', { ...ru, a: { b: 'Привет, {nom}' } })).toEqual(['a.b: placeholders {nom} instead of {name}']);
    // A translated name inside the braces is no placeholder at all: t() would show "{имя}" as text.
    expect(check('ru-RU', { ...ru, a: { b: 'Привет, {имя}' } })).toEqual(['a.b: placeholders none instead of {name}']);
    expect(check('ru-RU', { ...ru, a: { b: '  ' } })).toEqual(['a.b: empty']);
    // A leaf where English has a branch is both a missing and an unknown key.
    expect(check('ru-RU', { ...ru, a: 'Привет' })).toEqual(['a.b: missing', 'a: English has no such key']);
  });

  it("reports plural forms that are not the language's own CLDR categories", () => {
    const { n_few: _few, n_many: _many, ...twoForms } = ru;
    expect(check('ru-RU', twoForms)).toEqual(['n: plural forms _one, _other instead of _one, _few, _many, _other']);
    const { n_one: _1, n_few: _2, n_many: _3, n_other: _4, ...noForms } = ru;
    expect(check('ru-RU', { ...noForms, n: '{count} задач' })).toEqual([
      'n: missing (needs the forms _one, _few, _many, _other)',
    ]);
    // Russian "one" also reads 21 and 101: a form without the number would say "one task" for 21.
    expect(check('ru-RU', { ...ru, n_one: 'Одна задача' })).toEqual([
      'n_one: leaves out {count}, but it is used for more than one number',
    ]);
    expect(check('ru-RU', { ...ru, n_many: '{count} задач {list}' })).toEqual(['n_many: placeholders {list} English does not have']);
  });

  it('wants only "other" from Chinese and Vietnamese, one/few/many/other from Polish and Czech, one/other from English', () => {
    expect(pluralCategories('zh-CN')).toEqual(['other']);
    expect(pluralCategories('vi-VN')).toEqual(['other']);
    expect(pluralCategories('pl-PL')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('cs-CZ')).toEqual(['one', 'few', 'many', 'other']);
    const zh: Messages = { a: { b: '你好，{name}' }, c: '纯文本', n_other: '{count} 个任务' };
    expect(check('zh-CN', zh)).toEqual([]);
    expect(check('zh-CN', { ...zh, n_one: '一个任务' })).toEqual(['n: plural forms _one, _other instead of _other']);
    // English "one" is only 1, so "One task" is right there.
    expect(compare('en', english, english)).toEqual([]);
  });
});
