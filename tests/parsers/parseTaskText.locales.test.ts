// Quick-add dates in the user's language (issue #23): per language today, tomorrow, the day after, weekdays, "in N units", times and the whole-word guard; numeric order per locale.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PrefixMode, QUICK_ADD_LOCALES, dateExamplesFor, parseDate, parseTaskText } from '../../parsers/index.js';
import { SUPPORTED_LOCALES } from '../../src/constants.js';
import { MON, THU, fmt, isSubsequence } from './helpers.js';

const parse = (text: string, locale: string, now: Date = THU) => parseTaskText(text, PrefixMode.Default, now, locale);

interface LanguageCases {
  locale: string;
  today: string[];
  tomorrow: string[];
  dayAfter: string[];
  /** Phrases naming Monday 21 Feb (from Thursday 17 Feb). */
  monday: string[];
  /** Phrases naming Wednesday 23 Feb. */
  wednesday: string[];
  in3days: string[];
  in2weeks: string[];
  tomorrowAt17: string[];
  /** A time alone: today at 17:30. */
  at1730: string[];
  /** Words that contain or resemble date words and must stay text. */
  notDates: string[];
  /** A day and month name: 15 December (2022, from 17 Feb 2022). */
  december15: string[];
  /** The same with the year 2026. */
  december15y2026: string[];
  /** 10 January, already past on 17 Feb 2022: next year's. */
  january10: string[];
}

const LANGUAGES: LanguageCases[] = [
  {
    locale: 'de-DE',
    today: ['heute', 'Heute'],
    tomorrow: ['morgen', 'Morgen'],
    dayAfter: ['übermorgen', 'ubermorgen', 'Übermorgen'],
    monday: ['Montag', 'am Montag', 'nächsten Montag', 'am nächsten Montag', 'kommenden Montag', 'naechsten Montag'],
    wednesday: ['Mittwoch', 'am Mittwoch'],
    in3days: ['in 3 Tagen', 'in drei Tagen'],
    in2weeks: ['in 2 Wochen', 'in zwei Wochen'],
    tomorrowAt17: ['morgen um 17 Uhr', 'morgen 17 Uhr', 'morgen um 17:00', 'um 17 Uhr morgen', 'morgen 17:00', 'morgen um 17.00 Uhr'],
    at1730: ['um 17:30', '17:30 Uhr', '17.30 Uhr', 'um 17.30 Uhr'],
    notDates: [
      'Morgenrot',
      'heutig',
      'Montagabend',
      'übermorgens',
      'in 3 Tagebüchern',
      'um 17.30',
      'Version 17.30',
      'Dezember',
      'Mai-Feier',
      '15 Dezembers',
      'Dezember 15',
    ],
    december15: ['15. Dezember', '15 Dezember', 'am 15. Dezember', '15. Dez.', '15. dezember'],
    december15y2026: ['15. Dezember 2026', 'am 15. Dezember 2026'],
    january10: ['10. Januar', '10. Jan.', '10. Jänner'],
  },
  {
    locale: 'de-swiss',
    today: ['heute'],
    tomorrow: ['morgen'],
    dayAfter: ['übermorgen'],
    monday: ['Montag', 'nächsten Montag'],
    wednesday: ['Mittwoch'],
    in3days: ['in 3 Tagen'],
    in2weeks: ['in 2 Wochen'],
    tomorrowAt17: ['morgen um 17 Uhr'],
    at1730: ['um 17:30'],
    notDates: ['Morgenstern', 'Dezember'],
    december15: ['15. Dezember'],
    december15y2026: ['15. Dezember 2026'],
    january10: ['10. Januar'],
  },
  {
    locale: 'fr-FR',
    today: ["aujourd'hui", 'aujourd’hui', "Aujourd'hui"],
    tomorrow: ['demain', 'Demain'],
    dayAfter: ['après-demain', 'apres-demain', 'après demain'],
    monday: ['lundi', 'lundi prochain', 'ce lundi', 'Lundi qui vient'],
    wednesday: ['mercredi', 'mercredi prochain'],
    in3days: ['dans 3 jours', 'dans trois jours'],
    in2weeks: ['dans 2 semaines', 'dans deux semaines'],
    tomorrowAt17: ['demain à 17h', 'demain à 17h00', 'demain 17h', 'demain à 17 h', 'demain à 17:00', 'à 17h demain', 'demain a 17h', 'demain à 17 heures'],
    at1730: ['à 17h30', '17h30'],
    notDates: ['demaine', 'lundis', 'mardigras', 'dans 3 jourx', 'à 17', 'décembre', '15 décembres', 'le 15'],
    december15: ['15 décembre', 'le 15 décembre', '15 déc.', '15 decembre'],
    december15y2026: ['15 décembre 2026', 'le 15 décembre 2026'],
    january10: ['10 janvier', '10 janv.'],
  },
  {
    locale: 'ru-RU',
    today: ['сегодня', 'Сегодня'],
    tomorrow: ['завтра', 'Завтра'],
    dayAfter: ['послезавтра'],
    monday: ['понедельник', 'в понедельник', 'в следующий понедельник', 'следующий понедельник'],
    wednesday: ['в среду', 'в следующую среду', 'среда'],
    in3days: ['через 3 дня', 'через три дня'],
    in2weeks: ['через 2 недели', 'через две недели'],
    tomorrowAt17: ['завтра в 17:00', 'завтра в 17 часов', 'завтра в 5 вечера', 'в 17:00 завтра'],
    at1730: ['в 17:30'],
    notDates: ['завтрашний', 'сегодняшний', 'понедельника', 'через 3 дома', 'в 17', 'декабря', '15 декабрях'],
    december15: ['15 декабря', '15 дек.'],
    december15y2026: ['15 декабря 2026', '15 декабря 2026 года', '15 декабря 2026 г.'],
    january10: ['10 января'],
  },
  {
    locale: 'it-IT',
    today: ['oggi', 'Oggi'],
    tomorrow: ['domani'],
    dayAfter: ['dopodomani', 'dopo domani'],
    monday: ['lunedì', 'lunedi', 'lunedì prossimo', 'prossimo lunedì'],
    wednesday: ['mercoledì', 'mercoledi'],
    in3days: ['tra 3 giorni', 'fra 3 giorni', 'tra tre giorni'],
    in2weeks: ['tra 2 settimane', 'tra due settimane'],
    tomorrowAt17: ['domani alle 17', 'domani alle 17:00', 'domani alle ore 17', 'alle 17 domani'],
    at1730: ['alle 17:30', 'ore 17:30'],
    notDates: ['domaniale', 'oggigiorno', 'lunedìx', 'tra 3 giornali', 'alle 17', 'dicembre', '15 dicembrex'],
    december15: ['15 dicembre', 'il 15 dicembre', '15 dic'],
    december15y2026: ['15 dicembre 2026'],
    january10: ['10 gennaio'],
  },
  {
    locale: 'pl-PL',
    today: ['dziś', 'dzisiaj', 'dzis'],
    tomorrow: ['jutro', 'Jutro'],
    dayAfter: ['pojutrze'],
    monday: ['poniedziałek', 'w poniedziałek', 'w przyszły poniedziałek', 'poniedzialek', 'w najbliższy poniedziałek'],
    wednesday: ['w środę', 'środa', 'w srode'],
    in3days: ['za 3 dni', 'za trzy dni'],
    in2weeks: ['za 2 tygodnie', 'za dwa tygodnie'],
    tomorrowAt17: ['jutro o 17', 'jutro o 17:00', 'jutro o godzinie 17'],
    at1730: ['o 17:30', 'o godzinie 17:30'],
    notDates: ['jutrzenka', 'dzisiejszy', 'poniedziałkowy', 'za 3 dniówki', 'o 17', 'grudnia', '15 grudniowy'],
    december15: ['15 grudnia', '15 gru'],
    december15y2026: ['15 grudnia 2026', '15 grudnia 2026 r.', '15 grudnia 2026 roku'],
    january10: ['10 stycznia'],
  },
  {
    locale: 'cs-CZ',
    today: ['dnes', 'Dnes', 'dneska'],
    tomorrow: ['zítra', 'zitra'],
    dayAfter: ['pozítří', 'pozitri'],
    monday: ['pondělí', 'v pondělí', 'příští pondělí', 'pondeli', 'v příští pondělí'],
    wednesday: ['ve středu', 'středa'],
    in3days: ['za 3 dny', 'za tři dny'],
    in2weeks: ['za 2 týdny', 'za dva týdny'],
    tomorrowAt17: ['zítra v 17', 'zítra v 17:00', 'zítra v 17 hodin'],
    at1730: ['v 17:30'],
    notDates: ['zítřek', 'dnešní', 'pondělní', 'za 3 dnyx', 'v 17', 'prosince', '15 prosincový'],
    december15: ['15. prosince', '15 prosince'],
    december15y2026: ['15. prosince 2026'],
    january10: ['10. ledna'],
  },
  {
    locale: 'nl-NL',
    today: ['vandaag', 'Vandaag'],
    tomorrow: ['morgen'],
    dayAfter: ['overmorgen'],
    monday: ['maandag', 'volgende maandag', 'op maandag', 'aanstaande maandag'],
    wednesday: ['woensdag'],
    in3days: ['over 3 dagen', 'over drie dagen'],
    in2weeks: ['over 2 weken', 'over twee weken'],
    tomorrowAt17: ['morgen om 17:00', 'morgen om 17 uur', 'morgen 17 uur'],
    at1730: ['om 17:30'],
    notDates: ['morgenochtend', 'maandagen', 'vandaagse', 'over 3 dagbladen', 'om 17', 'december', '15 decembers'],
    december15: ['15 december', 'op 15 december', '15 dec'],
    december15y2026: ['15 december 2026'],
    january10: ['10 januari'],
  },
  {
    locale: 'pt-PT',
    today: ['hoje', 'Hoje'],
    tomorrow: ['amanhã', 'amanha'],
    dayAfter: ['depois de amanhã', 'depois de amanha'],
    monday: ['segunda-feira', 'na segunda', 'próxima segunda', 'na próxima segunda', 'segunda-feira que vem', 'proxima segunda'],
    wednesday: ['quarta-feira', 'na quarta'],
    in3days: ['em 3 dias', 'daqui a 3 dias', 'daqui a três dias'],
    in2weeks: ['em 2 semanas', 'daqui a duas semanas'],
    tomorrowAt17: ['amanhã às 17h', 'amanhã às 17:00', 'amanhã 17h', 'amanhã as 17h'],
    at1730: ['às 17h30', '17h30'],
    notDates: ['segunda versão', 'amanhecer', 'quarta parte', 'hojeiro', 'às 17', 'dezembro', '15 de dezembrinho'],
    december15: ['15 de dezembro', 'a 15 de dezembro', 'no dia 15 de dezembro', '15 dezembro'],
    december15y2026: ['15 de dezembro de 2026', '15 de dezembro 2026'],
    january10: ['10 de janeiro'],
  },
  {
    locale: 'no-NO',
    today: ['i dag', 'idag', 'I dag'],
    tomorrow: ['i morgen', 'imorgen'],
    dayAfter: ['i overmorgen', 'overmorgen'],
    monday: ['mandag', 'på mandag', 'neste mandag', 'førstkommende mandag'],
    wednesday: ['onsdag'],
    in3days: ['om 3 dager', 'om tre dager'],
    in2weeks: ['om 2 uker', 'om to uker'],
    tomorrowAt17: ['i morgen kl 17', 'i morgen kl. 17', 'i morgen kl 17:00', 'i morgen klokka 17'],
    at1730: ['kl 17:30', 'kl. 17.30'],
    notDates: ['mandagsmøte', 'idagens', 'morgendagen', 'om 3 dagbøker', 'dag', 'desember', '15 desemberx'],
    december15: ['15. desember', 'den 15. desember', '15 des'],
    december15y2026: ['15. desember 2026'],
    january10: ['10. januar'],
  },
  {
    locale: 'vi-VN',
    today: ['hôm nay', 'hom nay', 'Hôm nay'],
    tomorrow: ['ngày mai', 'ngay mai'],
    dayAfter: ['ngày kia', 'ngày mốt'],
    monday: ['thứ hai', 'thứ 2', 'vào thứ hai', 'thứ hai tuần sau', 'thứ hai tới', 'thu hai'],
    wednesday: ['thứ tư', 'thứ 4'],
    in3days: ['3 ngày nữa', 'sau 3 ngày', 'ba ngày nữa'],
    in2weeks: ['2 tuần nữa', 'sau 2 tuần'],
    tomorrowAt17: ['ngày mai lúc 17h', 'ngày mai lúc 17:00', 'ngày mai 17h', 'ngày mai lúc 5 giờ chiều'],
    at1730: ['lúc 17h30', '17h30'],
    notDates: ['lần thứ hai', 'thứhai', 'ngàymai', 'mai', '3 ngày', 'tháng 12', '15 tháng chạp'],
    december15: ['15 tháng 12', 'ngày 15 tháng 12', '15 tháng mười hai', 'ngày 15 tháng 12'],
    december15y2026: ['15 tháng 12 năm 2026', 'ngày 15 tháng 12 năm 2026'],
    january10: ['10 tháng 1', 'ngày 10 tháng một', '10 tháng 01'],
  },
];

describe.each(LANGUAGES)('$locale on Thursday 17 Feb 2022, 14:30', (lang) => {
  const cases: [phrase: string, date: string][] = [
    ...lang.today.map((p): [string, string] => [p, '2022-02-17 09:00']),
    ...lang.tomorrow.map((p): [string, string] => [p, '2022-02-18 09:00']),
    ...lang.dayAfter.map((p): [string, string] => [p, '2022-02-19 09:00']),
    ...lang.monday.map((p): [string, string] => [p, '2022-02-21 09:00']),
    ...lang.wednesday.map((p): [string, string] => [p, '2022-02-23 09:00']),
    ...lang.in3days.map((p): [string, string] => [p, '2022-02-20 09:00']),
    ...lang.in2weeks.map((p): [string, string] => [p, '2022-03-03 09:00']),
    ...lang.tomorrowAt17.map((p): [string, string] => [p, '2022-02-18 17:00']),
    ...lang.at1730.map((p): [string, string] => [p, '2022-02-17 17:30']),
    ...lang.december15.map((p): [string, string] => [p, '2022-12-15 09:00']),
    ...lang.december15y2026.map((p): [string, string] => [p, '2026-12-15 09:00']),
    ...lang.january10.map((p): [string, string] => [p, '2023-01-10 09:00']),
  ];
  it.each(cases)('"Lorem %s" → %s', (phrase, date) => {
    const result = parse(`Lorem ${phrase}`, lang.locale);
    expect(result.text).toBe('Lorem');
    expect(fmt(result.date)).toBe(date);
  });
  it.each(cases)('"%s Lorem" at the start → %s', (phrase, date) => {
    const result = parse(`${phrase} Lorem`, lang.locale);
    expect(result.text).toBe('Lorem');
    expect(fmt(result.date)).toBe(date);
  });
  it.each(lang.notDates)('"Lorem %s" stays text', (phrase) => {
    const result = parse(`Lorem ${phrase}`, lang.locale);
    expect(result.text).toBe(`Lorem ${phrase}`);
    expect(result.date).toBeNull();
  });
  it('English still works', () => {
    expect(fmt(parse('Lorem tomorrow at 17:00', lang.locale).date)).toBe('2022-02-18 17:00');
    expect(fmt(parse('Lorem next monday', lang.locale).date)).toBe('2022-02-21 09:00');
  });
  it('reads the words only in its own language', () => {
    const phrase = lang.tomorrow.find((p) => p !== 'morgen') ?? lang.tomorrow[0];
    if (lang.locale.startsWith('de') || lang.locale.startsWith('nl')) return; // "morgen" is both German and Dutch
    expect(parse(`Lorem ${phrase}`, 'en').date).toBeNull();
  });
  it('the weekday is a week ahead on that same day', () => {
    expect(fmt(parse(`Lorem ${lang.monday[0]}`, lang.locale, MON).date)).toBe('2022-02-21 09:00');
  });
  it('has syntax-help examples that it reads itself', () => {
    const examples = dateExamplesFor(lang.locale);
    expect(examples).toBeTruthy();
    for (const example of examples!.split(', ')) {
      const result = parse(`Lorem ${example}`, lang.locale);
      expect(result.date !== null || result.repeats !== null, example).toBe(true);
      expect(result.text, example).toBe('Lorem');
    }
  });
});

describe('zh-CN (no spaces: dates are found inside a run of Han characters)', () => {
  const zh = (text: string, now: Date = THU) => parse(text, 'zh-CN', now);
  it.each<[string, string, string]>([
    ['买牛奶今天', '买牛奶', '2022-02-17 09:00'],
    ['今天买牛奶', '买牛奶', '2022-02-17 09:00'],
    ['明天买牛奶', '买牛奶', '2022-02-18 09:00'],
    ['买牛奶 明天', '买牛奶', '2022-02-18 09:00'],
    ['后天开会', '开会', '2022-02-19 09:00'],
    ['星期一开会', '开会', '2022-02-21 09:00'],
    ['周一开会', '开会', '2022-02-21 09:00'],
    ['礼拜三开会', '开会', '2022-02-23 09:00'],
    ['下周一开会', '开会', '2022-02-21 09:00'],
    ['3天后开会', '开会', '2022-02-20 09:00'],
    ['三天后开会', '开会', '2022-02-20 09:00'],
    ['2周后开会', '开会', '2022-03-03 09:00'],
    ['两个星期后开会', '开会', '2022-03-03 09:00'],
    ['明天下午5点开会', '开会', '2022-02-18 17:00'],
    ['明天17:00开会', '开会', '2022-02-18 17:00'],
    ['明天下午5点半开会', '开会', '2022-02-18 17:30'],
    ['开会 下午5点半', '开会', '2022-02-17 17:30'],
    ['明天 17:00 开会', '开会', '2022-02-18 17:00'],
    ['12月15日开会', '开会', '2022-12-15 09:00'],
    ['开会12月15号', '开会', '2022-12-15 09:00'],
    ['2026年12月15日开会', '开会', '2026-12-15 09:00'],
    ['12月15日下午3点开会', '开会', '2022-12-15 15:00'],
    ['1月10日开会', '开会', '2023-01-10 09:00'],
  ])('%j → %j at %s', (input, text, date) => {
    const result = zh(input);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
  it('下周 names a day of next week (weeks start on Monday), not the next such day', () => {
    // On Monday 14 Feb, 下周三 is Wednesday 23 Feb, while 周三 is Wednesday 16 Feb.
    expect(fmt(zh('下周三开会', MON).date)).toBe('2022-02-23 09:00');
    expect(fmt(zh('周三开会', MON).date)).toBe('2022-02-16 09:00');
  });
  it.each(['一周一次', '上周一的报告', 'v2明天', '明天3x', 'abc今天', '星期', '明白', '12月', '2月30日', 'v12月15日'])('%j stays text', (input) => {
    const result = zh(input);
    expect(result.text).toBe(input);
    expect(result.date).toBeNull();
  });
  it('每周二 is a weekly repeat from the next Tuesday', () => {
    const result = zh('每周二倒垃圾');
    expect(result.text).toBe('倒垃圾');
    expect(result.repeats).toEqual({ type: 'weeks', amount: 1 });
    expect(fmt(result.date)).toBe('2022-02-22 09:00');
  });
});

describe('a day and month name take a time like any date', () => {
  it.each<[string, string]>([
    ['de-DE', '15. Dezember um 17 Uhr'],
    ['de-DE', 'um 17 Uhr am 15. Dezember'],
    ['fr-FR', '15 décembre à 17h'],
    ['ru-RU', '15 декабря в 17:00'],
    ['pl-PL', '15 grudnia o 17'],
    ['pt-PT', '15 de dezembro às 17h'],
    ['vi-VN', 'ngày 15 tháng 12 lúc 17h'],
  ])('%s: "%s"', (locale, phrase) => {
    const result = parse(`Lorem ${phrase}`, locale);
    expect(result.text).toBe('Lorem');
    expect(fmt(result.date)).toBe('2022-12-15 17:00');
  });
  it('an impossible day is no date, and the words stay', () => {
    // ("31." alone is a day number, so the German case is written without the dot.)
    expect(parse('Lorem 31 Februar', 'de-DE').date).toBeNull();
    expect(parse('Lorem 31 février 2026', 'fr-FR').text).toBe('Lorem 31 février 2026');
  });
  it('29 February without a year is the next leap day', () => {
    expect(fmt(parse('Lorem 29. Februar', 'de-DE').date)).toBe('2024-02-29 09:00');
  });
  it('a month name is read only in its language', () => {
    expect(parse('Lorem 15 grudnia', 'de-DE').date).toBeNull();
    expect(parse('Lorem 15 Dezember', 'en').date).toBeNull();
  });
});

describe('weekday repeats in other languages', () => {
  it.each<[string, string]>([
    ['de-DE', 'jeden Dienstag'],
    ['de-DE', 'dienstags'],
    ['fr-FR', 'chaque mardi'],
    ['fr-FR', 'tous les mardis'],
    ['ru-RU', 'каждый вторник'],
    ['it-IT', 'ogni martedì'],
    ['pl-PL', 'co wtorek'],
    ['pl-PL', 'w każdy wtorek'],
    ['cs-CZ', 'každé úterý'],
    ['nl-NL', 'elke dinsdag'],
    ['pt-PT', 'todas as terças'],
    ['no-NO', 'hver tirsdag'],
    ['vi-VN', 'mỗi thứ ba'],
  ])('%s: "%s"', (locale, phrase) => {
    const result = parse(`Lorem ${phrase}`, locale);
    expect(result.text).toBe('Lorem');
    expect(result.repeats).toEqual({ type: 'weeks', amount: 1 });
    expect(fmt(result.date)).toBe('2022-02-22 09:00');
  });
});

describe('numeric dates follow the locale: month first in English, day first elsewhere', () => {
  const dayFirst = SUPPORTED_LOCALES.filter((l) => l !== 'en');
  it.each([...SUPPORTED_LOCALES])('%s', (locale) => {
    const en = locale === 'en';
    const date = (text: string) => fmt(parse(`Lorem ${text}`, locale).date);
    expect(date('06/08/2026')).toBe(en ? '2026-06-08 09:00' : '2026-08-06 09:00');
    expect(date('2026-06-08')).toBe('2026-06-08 09:00');
    expect(date('2026/06/08')).toBe('2026-06-08 09:00');
    // The other order when only it is possible.
    expect(date('06/26/2026')).toBe('2026-06-26 09:00');
    expect(date('26/06/2026')).toBe('2026-06-26 09:00');
    // Without a year: the next such day (12 Jan 2022 has passed on 17 Feb 2022).
    expect(date('12/01')).toBe(en ? '2022-12-01 09:00' : '2023-01-12 09:00');
    expect(date('16/12')).toBe('2022-12-16 09:00');
    expect(date('27/1')).toBe('2023-01-27 09:00');
    expect(date('1/2')).toBeNull();
    expect(date('24/7')).toBeNull();
    expect(date('16.12.')).toBe(en ? null : '2022-12-16 09:00');
    expect(date('16.12.2026')).toBe(en ? null : '2026-12-16 09:00');
  });
  it('covers every supported locale but English with a day-first language', () => {
    expect(dayFirst.length).toBe(12);
    expect([...QUICK_ADD_LOCALES].sort()).toEqual([...dayFirst].sort());
  });
  it('parseDate takes the locale too', () => {
    expect(fmt(parseDate('06/08/2026', THU, 'de-DE').date)).toBe('2026-08-06 09:00');
    expect(fmt(parseDate('morgen', THU, 'de-DE').date)).toBe('2022-02-18 09:00');
    expect(fmt(parseDate('06/08/2026', THU).date)).toBe('2026-06-08 09:00');
  });
});

// Property tests per language: the same guarantees as the English ones, over each language's words.
const GLUE = ['x', 'X', '1', 'ab', 'é'];

describe.each(LANGUAGES)('$locale properties', (lang) => {
  const phrases = [
    ...lang.today,
    ...lang.tomorrow,
    ...lang.dayAfter,
    ...lang.monday,
    ...lang.wednesday,
    ...lang.in3days,
    ...lang.in2weeks,
    ...lang.tomorrowAt17,
    ...lang.at1730,
    ...lang.notDates,
    ...lang.december15,
    ...lang.december15y2026,
    ...lang.january10,
  ];
  const vocabulary = [...new Set(phrases.flatMap((p) => p.split(' '))), 'Lorem', 'Ipsum', '*label', '+list', '!3', '"', "'", '\\', '(', ')'];
  const text = fc
    .array(fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(' ', ' ', '\t', '\n', '', ', ')), { maxLength: 12 })
    .map((parts) => parts.map(([w, s]) => w + s).join(''));

  it('never throws and only ever removes characters', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 40 })), (input) => {
        const result = parse(input, lang.locale);
        expect(isSubsequence(result.text, input)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a date word glued to a longer word is never read', () => {
    const single = [...new Set([...lang.today, ...lang.tomorrow, ...lang.dayAfter, ...lang.monday].filter((p) => !p.includes(' ')))];
    // Vietnamese phrases are all two syllables and more: gluing is covered by its notDates ("thứhai", "ngàymai").
    if (single.length === 0) return;
    fc.assert(
      fc.property(fc.constantFrom(...single), fc.constantFrom(...GLUE), fc.boolean(), (word, glue, before) => {
        const glued = before ? `${glue}${word}` : `${word}${glue}`;
        const result = parse(`Lorem ${glued} Ipsum`, lang.locale);
        expect(result.date).toBeNull();
        expect(result.text).toBe(`Lorem ${glued} Ipsum`);
      }),
      { numRuns: 300 },
    );
  });
});
