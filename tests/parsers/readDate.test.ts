// The one date reader of a date typed on its own (issue 31): the same phrases as quick-add in all thirteen languages, the default time, and what is refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readDate } from '../../parsers/readDate';
import { SUPPORTED_LOCALES } from '../../src/constants';

// Wednesday 25 November 2026, 09:30:12.345.
const NOW = new Date(2026, 10, 25, 9, 30, 12, 345);
const at = (m: number, d: number, h = 9, min = 0, y = 2026) => new Date(y, m - 1, d, h, min);

describe('readDate', () => {
  it.each([
    ['fri 5pm', at(11, 27, 17)],
    ['Friday 17:30', at(11, 27, 17, 30)],
    ['in 3 days', at(11, 28)],
    ['tomorrow', at(11, 26)],
    ['tomorrow 8am', at(11, 26, 8)],
    ['next month', at(12, 1)],
    ['in 2 hours', at(11, 25, 11, 30)],
    ['Dec 3', at(12, 3)],
    ['3 March', at(3, 3, 9, 0, 2027)],
    ['  today  ', at(11, 25)],
    ['tonight', at(11, 25, 21)],
    ['tonight at 8', at(11, 25, 20)],
    ['by friday', at(11, 27)],
    ['on the 2nd', at(12, 2)],
    ['2026-12-15 14:00', at(12, 15, 14)],
  ])('en: %s', (text, expected) => {
    expect(readDate(text, NOW, 'en')).toEqual({ ok: true, date: expected });
  });

  // Tomorrow and tomorrow at 17:00 in each language, as the `d` field of the task detail reads them.
  const TOMORROW: Record<string, [tomorrow: string, at17: string]> = {
    'de-DE': ['morgen', 'morgen um 17 Uhr'],
    'de-swiss': ['morgen', 'morgen 17 Uhr'],
    'fr-FR': ['demain', 'demain à 17h'],
    'ru-RU': ['завтра', 'завтра в 17:00'],
    'pl-PL': ['jutro', 'jutro o 17:00'],
    'cs-CZ': ['zítra', 'zítra v 17:00'],
    'it-IT': ['domani', 'domani alle 17'],
    'nl-NL': ['morgen', 'morgen om 17:00'],
    'pt-PT': ['amanhã', 'amanhã às 17h'],
    'no-NO': ['i morgen', 'i morgen kl 17'],
    'vi-VN': ['ngày mai', 'ngày mai lúc 17h'],
    'zh-CN': ['明天', '明天下午5点'],
  };
  it.each(Object.entries(TOMORROW))('%s reads its own words and English', (locale, [tomorrow, at17]) => {
    expect(readDate(tomorrow, NOW, locale)).toEqual({ ok: true, date: at(11, 26) });
    expect(readDate(at17, NOW, locale)).toEqual({ ok: true, date: at(11, 26, 17) });
    expect(readDate('tomorrow', NOW, locale)).toEqual({ ok: true, date: at(11, 26) });
  });

  it('covers every language of the app', () => {
    expect(Object.keys(TOMORROW).sort()).toEqual(SUPPORTED_LOCALES.filter((l) => l !== 'en').sort());
  });

  it.each([
    ['de-DE', 'Freitag 17 Uhr', at(11, 27, 17)],
    ['de-DE', 'bis Freitag', at(11, 27)],
    ['de-DE', 'heute Abend', at(11, 25, 21)],
    ['fr-FR', 'vendredi 17h', at(11, 27, 17)],
    ['fr-FR', 'ce soir', at(11, 25, 21)],
    ['ru-RU', 'до пятницы', at(11, 27)],
    ['ru-RU', '15 декабря', at(12, 15)],
    ['pl-PL', 'do piątku', at(11, 27)],
    ['cs-CZ', 'do pátku', at(11, 27)],
    ['zh-CN', '今晚', at(11, 25, 21)],
    ['zh-CN', '12月15日', at(12, 15)],
  ])('%s: %s', (locale, text, expected) => {
    expect(readDate(text, NOW, locale)).toEqual({ ok: true, date: expected });
  });

  it('never reads a past weekday', () => {
    const r = readDate('mon', NOW, 'en');
    expect(r.ok && r.date.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('a day without a time gets the user\'s default time, "tonight" the user\'s evening time', () => {
    const times = { defaultTime: { hours: 7, minutes: 30 }, eveningTime: { hours: 19, minutes: 0 } };
    expect(readDate('tomorrow', NOW, 'en', times)).toEqual({ ok: true, date: at(11, 26, 7, 30) });
    expect(readDate('tonight', NOW, 'en', times)).toEqual({ ok: true, date: at(11, 25, 19) });
    expect(readDate('tomorrow at 17:00', NOW, 'en', times)).toEqual({ ok: true, date: at(11, 26, 17) });
  });

  it.each([['fri blah'], ['blah'], ['buy milk on friday'], ['5 apples'], ['by']])('refuses %s (not only a date)', (text) => {
    expect(readDate(text, NOW, 'en')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('an empty field is "empty", not an error about the text', () => {
    expect(readDate('   ', NOW)).toEqual({ ok: false, reason: 'empty' });
  });

  it('never throws, and a date it reads has no seconds', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...SUPPORTED_LOCALES, 'xx'), (text, lang) => {
        const r = readDate(text, NOW, lang);
        if (r.ok) {
          expect(Number.isNaN(r.date.getTime())).toBe(false);
          expect(r.date.getSeconds() * 1000 + r.date.getMilliseconds()).toBe(0);
        }
      }),
    );
  });
});
