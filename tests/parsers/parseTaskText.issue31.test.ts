// Issue 31 in every language of the app: numbers inside a title are not dates, "tonight" and "by friday", a repeat without a date starts today, one default time.
import { describe, expect, it } from 'vitest';
import { PrefixMode, parseTaskText } from '../../parsers/index.js';
import { SUPPORTED_LOCALES } from '../../src/constants.js';
import { THU, fmt } from './helpers.js';

const parse = (text: string, locale: string, times?: Parameters<typeof parseTaskText>[4]) => parseTaskText(text, PrefixMode.Default, THU, locale, times);

interface Language {
  locale: string;
  /** A word that says a date follows ("on", "bis", "до"). */
  dateWord: string;
  /** Today in the evening. */
  tonight: string;
  /** By Friday (18 Feb 2022, from Thursday 17 Feb). */
  byFriday: string;
  /** Words that hold a month name inside them and stay text. */
  monthInside: string[];
}

const LANGUAGES: Language[] = [
  { locale: 'en', dateWord: 'on', tonight: 'tonight', byFriday: 'by friday', monthInside: ['Mayonnaise', 'marching band', 'Junebug', 'Decoration'] },
  { locale: 'de-DE', dateWord: 'bis', tonight: 'heute Abend', byFriday: 'bis Freitag', monthInside: ['Maibaum', 'Märzenbecher', 'Augustiner'] },
  { locale: 'de-swiss', dateWord: 'bis', tonight: 'heute Abend', byFriday: 'bis Freitag', monthInside: ['Maibaum', 'Junior'] },
  { locale: 'fr-FR', dateWord: 'pour', tonight: 'ce soir', byFriday: "d'ici vendredi", monthInside: ['Marseille', 'maison', 'juillettiste'] },
  { locale: 'ru-RU', dateWord: 'до', tonight: 'сегодня вечером', byFriday: 'до пятницы', monthInside: ['мартышка', 'майонез'] },
  { locale: 'pl-PL', dateWord: 'do', tonight: 'dziś wieczorem', byFriday: 'do piątku', monthInside: ['marchewka', 'majonez'] },
  { locale: 'cs-CZ', dateWord: 'do', tonight: 'dnes večer', byFriday: 'do pátku', monthInside: ['listopadový', 'majonéza'] },
  { locale: 'it-IT', dateWord: 'entro', tonight: 'stasera', byFriday: 'entro venerdì', monthInside: ['marzapane', 'maionese'] },
  { locale: 'nl-NL', dateWord: 'op', tonight: 'vanavond', byFriday: 'uiterlijk vrijdag', monthInside: ['maartse', 'mayonaise'] },
  { locale: 'pt-PT', dateWord: 'até', tonight: 'hoje à noite', byFriday: 'até sexta-feira', monthInside: ['marcha', 'maionese'] },
  { locale: 'no-NO', dateWord: 'innen', tonight: 'i kveld', byFriday: 'innen fredag', monthInside: ['maisen', 'julenek'] },
  { locale: 'vi-VN', dateWord: 'trước', tonight: 'tối nay', byFriday: 'trước thứ sáu', monthInside: ['thángtư'] },
  { locale: 'zh-CN', dateWord: '截止', tonight: '今晚', byFriday: '截止周五', monthInside: ['12月份预算', '五月天'] },
];

it('covers every language of the app', () => {
  expect(LANGUAGES.map((l) => l.locale).sort()).toEqual([...SUPPORTED_LOCALES].sort());
});

describe.each(LANGUAGES)('$locale', ({ locale, dateWord, tonight, byFriday, monthInside }) => {
  it.each([['Lorem 16/12 Ipsum'], ['Lorem 2. Ipsum'], ['Lorem 2.\tIpsum'], ['16/12 Lorem Ipsum']])(
    'a day or day/month inside a title stays text: %j',
    (input) => {
      const result = parse(input, locale);
      expect(result.text).toBe(input);
      expect(result.date).toBeNull();
    },
  );

  it.each<[string, string, string]>([
    ['Lorem Ipsum 16/12', 'Lorem Ipsum', '2022-12-16 09:00'],
    ['Lorem Ipsum 2.', 'Lorem Ipsum', '2022-03-02 09:00'],
    ['Lorem 16/12\nIpsum', 'Lorem\nIpsum', '2022-12-16 09:00'],
    [`Lorem ${dateWord} 16/12 Ipsum`, 'Lorem Ipsum', '2022-12-16 09:00'],
    [`Lorem ${dateWord} 2. Ipsum`, 'Lorem Ipsum', '2022-03-02 09:00'],
    ['Lorem 16/12 at 15:00 Ipsum', 'Lorem Ipsum', '2022-12-16 15:00'],
    // With its year a numeric date is a date anywhere.
    ['Lorem 16/12/2022 Ipsum', 'Lorem Ipsum', '2022-12-16 09:00'],
  ])('read at the end of a line, after a date word or next to a time: %j', (input, text, date) => {
    const result = parse(input, locale);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });

  it.each(monthInside)('a month name inside a longer word stays text: %j', (word) => {
    const result = parse(`Lorem ${word} Ipsum`, locale);
    expect(result.text).toBe(`Lorem ${word} Ipsum`);
    expect(result.date).toBeNull();
  });

  it(`"${tonight}" is today at 21:00, or the user's evening time`, () => {
    const spaced = locale !== 'zh-CN';
    const input = spaced ? `Lorem ${tonight}` : `买牛奶${tonight}`;
    expect(parse(input, locale).text).toBe(spaced ? 'Lorem' : '买牛奶');
    expect(fmt(parse(input, locale).date)).toBe('2022-02-17 21:00');
    expect(fmt(parse(input, locale, { eveningTime: { hours: 19, minutes: 30 } }).date)).toBe('2022-02-17 19:30');
  });

  it(`"${byFriday}" is Friday, with no date word left in the title`, () => {
    const spaced = locale !== 'zh-CN';
    const result = parse(spaced ? `Lorem ${byFriday}` : `买牛奶${byFriday}`, locale);
    expect(result.text).toBe(spaced ? 'Lorem' : '买牛奶');
    expect(fmt(result.date)).toBe('2022-02-18 09:00');
  });

  it("a day without a time gets the user's default time when set", () => {
    expect(fmt(parse('Lorem Ipsum 16/12', locale, { defaultTime: { hours: 7, minutes: 15 } }).date)).toBe('2022-12-16 07:15');
  });
});

describe('English titles from the issue', () => {
  it.each<[string, string, string | null]>([
    ['Read the 2nd Book of Kings', 'Read the 2nd Book of Kings', null],
    ['Clean the 2nd floor', 'Clean the 2nd floor', null],
    ['Prep 3/4 party recap', 'Prep 3/4 party recap', null],
    ['Prep 12/05 party recap', 'Prep 12/05 party recap', null],
    ['Buy Mayonnaise', 'Buy Mayonnaise', null],
    ['Pay rent on the 2nd', 'Pay rent', '2022-03-02 09:00'],
    ['Pay rent 2nd', 'Pay rent', '2022-03-02 09:00'],
    ['Read 2nd March notes', 'Read notes', '2022-03-02 09:00'],
    ['Call 2nd at 5pm about it', 'Call about it', '2022-03-02 17:00'],
    ['Buy milk by friday', 'Buy milk', '2022-02-18 09:00'],
    ['Buy milk due tomorrow', 'Buy milk', '2022-02-18 09:00'],
    ['Call mom tonight at 8', 'Call mom', '2022-02-17 20:00'],
    ['Standup by', 'Standup by', null],
  ])('%j', (input, text, date) => {
    const result = parse(input, 'en');
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
});

describe('titles with numbers in other languages', () => {
  it.each<[string, string, string, string | null]>([
    ['de-DE', 'Zum 2. Mal anrufen', 'Zum 2. Mal anrufen', null],
    ['de-DE', 'Miete am 2. zahlen', 'Miete zahlen', '2022-03-02 09:00'],
    ['de-DE', 'Im 2. Stock putzen', 'Im 2. Stock putzen', null],
    ['no-NO', 'Les den 2. boka', 'Les den 2. boka', null],
    ['pt-PT', 'Limpar no 2. andar', 'Limpar no 2. andar', null],
    ['fr-FR', 'Fête du 14/07 préparer', 'Fête du 14/07 préparer', null],
    ['ru-RU', 'Отчёт до 16/12 сдать', 'Отчёт сдать', '2022-12-16 09:00'],
  ])('%s: %j', (locale, input, text, date) => {
    const result = parse(input, locale);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
});

describe('a repeat without a date starts today, at the default time', () => {
  it.each([
    ['Water plants every 3 days', 'Water plants', { type: 'days', amount: 3 }, '2022-02-17 09:00'],
    ['Water plants every 3 days tomorrow', 'Water plants', { type: 'days', amount: 3 }, '2022-02-18 09:00'],
    ['Standup every tuesday', 'Standup', { type: 'weeks', amount: 1 }, '2022-02-22 09:00'],
  ])('%j', (input, text, repeats, date) => {
    const result = parse(input, 'en');
    expect(result.text).toBe(text);
    expect(result.repeats).toEqual(repeats);
    expect(fmt(result.date)).toBe(date);
  });
});

describe('one default time', () => {
  it('"in 3 days" is a day at 09:00, not the moment of typing; "in 2 hours" is to the minute', () => {
    const now = new Date(2022, 1, 17, 14, 30, 12, 345);
    const days = parseTaskText('Lorem in 3 days', PrefixMode.Default, now).date!;
    expect([fmt(days), days.getSeconds(), days.getMilliseconds()]).toEqual(['2022-02-20 09:00', 0, 0]);
    const hours = parseTaskText('Lorem in 2 hours', PrefixMode.Default, now).date!;
    expect([fmt(hours), hours.getSeconds(), hours.getMilliseconds()]).toEqual(['2022-02-17 16:30', 0, 0]);
  });
});
