// Locales: each complete locale translates every English key with the same placeholders; the picker offers the 13 locales;
// dates follow the language.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/constants';
import { ensureErrorMessages, resolveLanguage, setLanguage, t } from '../../src/i18n';
import { dateLocaleName, formatDate, loadDateLocale, DATE_FORMAT_SHORT } from '../../src/i18n/dateLocale';
import { LANGUAGE_NAMES } from '../../src/i18n/languages';

type Messages = { [key: string]: string | Messages };

function load(locale: string): Messages {
  return JSON.parse(readFileSync(path.resolve('src/i18n/locales', `${locale}.json`), 'utf8')) as Messages;
}

function flatten(dict: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(dict)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

describe.each(['de-DE', 'fr-FR', 'de-swiss', 'it-IT', 'nl-NL', 'pt-PT', 'no-NO'])('%s', (locale) => {
  const messages = flatten(load(locale));

  it('translates every English key', () => {
    const missing = [...en.keys()].filter((k) => !messages.get(k)?.trim());
    expect(missing, `keys of en.json missing from ${locale}.json`).toEqual([]);
  });

  // A placeholder English does not fill would show as a literal "{name}"; leaving one out only loses a detail.
  it('uses only placeholders the English message has', () => {
    const wrong = [...en].filter(([k, v]) => messages.has(k) && placeholders(messages.get(k)!).some((p) => !placeholders(v).includes(p))).map(([k]) => k);
    expect(wrong, `messages of ${locale}.json with {placeholders} English does not have`).toEqual([]);
  });

  it('translates every message of the server error catalogue', () => {
    const enErrors = flatten(load('en.errors'));
    const errors = flatten(load(`${locale}.errors`));
    const missing = [...enErrors.keys()].filter((k) => !errors.get(k)?.trim());
    expect(missing, `codes of en.errors.json missing from ${locale}.errors.json`).toEqual([]);
    expect(
      [...errors.keys()].filter((k) => !enErrors.has(k)),
      `codes English does not have`,
    ).toEqual([]);
  });
});

// Every message given a count in the code has plural forms, so no screen says "1 tasks".
it('gives every counted message plural forms in English', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
  const counted = [...files('src'), ...files('commands')].flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/\bt\('([\w.]+)', \{[^}]*\bcount:/g)].map((m) => m[1]),
  );
  expect(counted.length).toBeGreaterThan(5);
  // "Place 2 of 5." counts no noun.
  const positions = ['task.listDrag.position'];
  expect(counted.filter((k) => !positions.includes(k) && (!en.has(`${k}_one`) || !en.has(`${k}_other`)))).toEqual([]);
});

// Dates were shown three ways on one page (toLocaleString, Intl, date-fns); one module formats them all now.
it('formats shown dates only in src/i18n/dateLocale.ts', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
  const others = [...files('src'), ...files('commands')].filter((f) => !f.endsWith(path.join('i18n', 'dateLocale.ts')));
  const formatting = others.filter((f) =>
    /toLocale(Date|Time)?String\(|Intl\.DateTimeFormat|formatDistance/.test(readFileSync(f, 'utf8').replace(/import[^;]*;/g, '')),
  );
  expect(formatting).toEqual([]);
});

describe('languages', () => {
  afterAll(() => setLanguage('en', false));

  it('offers the 13 locales of the spec in the picker, each by its own name', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(13);
    for (const l of SUPPORTED_LOCALES) expect(LANGUAGE_NAMES[l]).toBeTruthy();
  });

  it('switches the messages, and falls back to English for a language it does not have', async () => {
    await setLanguage('de-DE', false);
    expect(t('user.settings.general.title')).toBe('Allgemeine Einstellungen');
    await setLanguage('fr-FR', false);
    expect(t('user.settings.general.title')).toBe('Paramètres généraux');
    await setLanguage('it-IT', false);
    expect(t('user.settings.general.title')).toBe('Impostazioni generali');
    await setLanguage('de-swiss', false);
    expect(t('misc.close')).toBe('Schliessen');
    // The page says what it is written in with a standard tag, for screen readers and hyphenation.
    expect(document.documentElement.lang).toBe('de-CH');
    await setLanguage('ru-RU', false);
    expect(t('user.settings.general.title')).toBe('Общие настройки');
    await setLanguage('tlh', false);
    expect(t('user.settings.general.title')).toBe('General settings');
  });

  it("maps a browser's language tag onto the locale it means", () => {
    expect(resolveLanguage('de-CH')).toBe('de-swiss');
    expect(resolveLanguage('de-LI')).toBe('de-swiss');
    expect(resolveLanguage('de-AT')).toBe('de-DE');
    expect(resolveLanguage('nb-NO')).toBe('no-NO');
    expect(resolveLanguage('nn')).toBe('no-NO');
    expect(resolveLanguage('no')).toBe('no-NO');
    expect(resolveLanguage('pt-BR')).toBe('pt-PT');
    expect(resolveLanguage('it_IT')).toBe('it-IT');
    expect(resolveLanguage('NL-be')).toBe('nl-NL');
    expect(resolveLanguage('sv-SE')).toBe('en');
  });

  it('explains server errors in the chosen language, loading its catalogue on demand', async () => {
    await setLanguage('de-DE', false);
    await ensureErrorMessages();
    expect(t('error.3001')).toBe('Die Liste existiert nicht.');
    await setLanguage('fr-FR', false);
    await ensureErrorMessages();
    expect(t('error.10003')).toBe('La dernière colonne d’une liste ne peut pas être supprimée.');
    await setLanguage('pt-PT', false);
    await ensureErrorMessages();
    expect(t('error.3001')).toBe('A lista não existe.');
    await setLanguage('zh-CN', false);
    await ensureErrorMessages();
    expect(t('error.3001')).toBe('该清单不存在。');
    await setLanguage('tlh', false);
    await ensureErrorMessages();
    expect(t('error.3001')).toBe('The list does not exist.');
  });

  it('picks the plural form of a count by the rules of the language (i18next key_one / key_other)', async () => {
    await setLanguage('en', false);
    expect(t('task.count', { count: 1 })).toBe('1 task');
    expect(t('task.count', { count: 0 })).toBe('0 tasks');
    expect(t('task.count', { count: 2 })).toBe('2 tasks');
    expect(t('taskSelection.deleted', { count: 1 })).toBe('1 task deleted.');
    await setLanguage('de-DE', false);
    expect(t('team.memberCount', { count: 1 })).toBe('1 Mitglied');
    expect(t('team.memberCount', { count: 3 })).toBe('3 Mitglieder');
    await setLanguage('fr-FR', false);
    // French counts 0 and 1 as singular, and a million as "many" ("un million de listes").
    expect(t('namespace.listCount', { count: 0 })).toBe('0 liste');
    expect(t('namespace.listCount', { count: 1_000_000 })).toBe('1000000 de listes');
    expect(t('namespace.listCount', { count: 3 })).toBe('3 listes');
    expect(t('task.checklist', { checked: 1, total: 1, count: 1 })).toBe('1 sur 1 élément de la liste de contrôle fait');
    // A locale still holding a single message for a counted key uses it rather than English.
    await setLanguage('it-IT', false);
    expect(t('task.count', { count: 1 })).toBe('1 attività');
  });

  it('formats dates with the date locale of each language (en → en-GB, de and de-swiss → de, no-NO → nb, …)', async () => {
    expect(dateLocaleName('en')).toBe('en-GB');
    expect(dateLocaleName('de-DE')).toBe('de');
    expect(dateLocaleName('de-swiss')).toBe('de');
    expect(dateLocaleName('fr-FR')).toBe('fr');
    expect(dateLocaleName('ru-RU')).toBe('ru');
    expect(dateLocaleName('nl-NL')).toBe('nl');
    expect(dateLocaleName('no-NO')).toBe('nb');
    expect(dateLocaleName('zh-CN')).toBe('zh-CN');
    expect(dateLocaleName('pt-PT')).toBe('pt');
    expect(dateLocaleName('tlh')).toBe('en-GB');
    const day = new Date(2030, 2, 4, 10, 30);
    expect(formatDate(day, DATE_FORMAT_SHORT, 'en')).toBe('4 Mar 2030');
    await loadDateLocale('de-DE');
    await loadDateLocale('fr-FR');
    expect(formatDate(day, DATE_FORMAT_SHORT, 'de-DE')).toBe('4. März 2030');
    expect(formatDate(day, DATE_FORMAT_SHORT, 'fr-FR')).toBe('4 mars 2030');
    await loadDateLocale('pl-PL');
    expect(formatDate(day, DATE_FORMAT_SHORT, 'pl-PL')).toBe('4 mar 2030');
  });
});
