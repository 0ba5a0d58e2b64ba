// Quick-add repeats: every/each with numbers or number words, and the single-word forms (daily … biennially).
import { describe, expect, it } from 'vitest';
import { PrefixMode, parseTaskText, type RepeatAfter } from '../../parsers/index.js';
import { THU, fmt } from './helpers.js';

const parse = (text: string) => parseTaskText(text, PrefixMode.Default, THU);

const cases: Record<string, RepeatAfter> = {
  'every 1 hours': { type: 'hours', amount: 1 },
  'every hour': { type: 'hours', amount: 1 },
  'every hours': { type: 'hours', amount: 1 },
  'every 5 hours': { type: 'hours', amount: 5 },
  'every 12 hours': { type: 'hours', amount: 12 },
  'every day': { type: 'days', amount: 1 },
  'every 1 days': { type: 'days', amount: 1 },
  'every 2 days': { type: 'days', amount: 2 },
  'every 2 day': { type: 'days', amount: 2 },
  'every week': { type: 'weeks', amount: 1 },
  'every 1 weeks': { type: 'weeks', amount: 1 },
  'every 3 weeks': { type: 'weeks', amount: 3 },
  'every month': { type: 'months', amount: 1 },
  'every 1 months': { type: 'months', amount: 1 },
  'every 2 months': { type: 'months', amount: 2 },
  'every year': { type: 'years', amount: 1 },
  'every 1 years': { type: 'years', amount: 1 },
  'every 4 years': { type: 'years', amount: 4 },
  'every 100 days': { type: 'days', amount: 100 },
  'every one hour': { type: 'hours', amount: 1 },
  'every four hours': { type: 'hours', amount: 4 },
  'every one day': { type: 'days', amount: 1 },
  'every three days': { type: 'days', amount: 3 },
  'every one week': { type: 'weeks', amount: 1 },
  'every two weeks': { type: 'weeks', amount: 2 },
  'every one month': { type: 'months', amount: 1 },
  'every six months': { type: 'months', amount: 6 },
  'every one year': { type: 'years', amount: 1 },
  'every two years': { type: 'years', amount: 2 },
  'every five days': { type: 'days', amount: 5 },
  'every seven days': { type: 'days', amount: 7 },
  'every eight hours': { type: 'hours', amount: 8 },
  'every nine weeks': { type: 'weeks', amount: 9 },
  'every ten years': { type: 'years', amount: 10 },
  'each one hour': { type: 'hours', amount: 1 },
  'each hour': { type: 'hours', amount: 1 },
  'each day': { type: 'days', amount: 1 },
  'each 2 days': { type: 'days', amount: 2 },
  'each three days': { type: 'days', amount: 3 },
  'each week': { type: 'weeks', amount: 1 },
  'each two weeks': { type: 'weeks', amount: 2 },
  'each month': { type: 'months', amount: 1 },
  'each three months': { type: 'months', amount: 3 },
  'each year': { type: 'years', amount: 1 },
  'each two years': { type: 'years', amount: 2 },
  anually: { type: 'years', amount: 1 },
  annually: { type: 'years', amount: 1 },
  bianually: { type: 'months', amount: 6 },
  biannually: { type: 'months', amount: 6 },
  semiannually: { type: 'months', amount: 6 },
  biennially: { type: 'years', amount: 2 },
  daily: { type: 'days', amount: 1 },
  hourly: { type: 'hours', amount: 1 },
  monthly: { type: 'months', amount: 1 },
  weekly: { type: 'weeks', amount: 1 },
  yearly: { type: 'years', amount: 1 },
};

describe('repeat forms', () => {
  for (const [phrase, repeat] of Object.entries(cases)) {
    it(`"${phrase}" at the end is ${repeat.amount} ${repeat.type}`, () => {
      const result = parse(`Lorem Ipsum ${phrase}`);
      expect(result.text).toBe('Lorem Ipsum');
      expect(result.repeats).toEqual(repeat);
      // Without a date the repeat starts today, so it has something to repeat from (issue 31).
      expect(fmt(result.date)).toBe('2022-02-17 09:00');
    });
    it(`"${phrase}" at the start and in other casing`, () => {
      const upper = phrase.replace(/\b\w/g, (c) => c.toUpperCase());
      const result = parse(`${upper} Lorem Ipsum`);
      expect(result.text).toBe('Lorem Ipsum');
      expect(result.repeats).toEqual(repeat);
    });
  }
});

describe('repeat edge cases', () => {
  it.each<[string, string, RepeatAfter | null]>([
    ['Lorem every Ipsum', 'Lorem every Ipsum', null],
    ['Lorem every 0 days', 'Lorem every 0 days', null],
    ['Lorem every eleven days', 'Lorem every eleven days', null],
    ['Everything daily', 'Everything', { type: 'days', amount: 1 }],
    ['Lorem dailyness', 'Lorem dailyness', null],
    ['Lorem everyday', 'Lorem everyday', null],
    ['Lorem every 2 daysx', 'Lorem every 2 daysx', null],
    ['Lorem every  2  days', 'Lorem', { type: 'days', amount: 2 }],
    ['Lorem daily weekly', 'Lorem weekly', { type: 'days', amount: 1 }],
    ['Lorem every day, please', 'Lorem, please', { type: 'days', amount: 1 }],
    ['Lorem *daily', 'Lorem', null],
  ])('%j → %j', (input, text, repeats) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(result.repeats).toEqual(repeats);
  });

  it.each<[string, string, RepeatAfter, string | null]>([
    ['Lorem every day tomorrow', 'Lorem', { type: 'days', amount: 1 }, '2022-02-18 09:00'],
    ['Lorem tomorrow every 2 weeks', 'Lorem', { type: 'weeks', amount: 2 }, '2022-02-18 09:00'],
    // "every monday" is itself a weekly repeat from the next Monday (issue #23); the later "weekly" stays.
    ['Lorem every monday weekly', 'Lorem weekly', { type: 'weeks', amount: 1 }, '2022-02-21 09:00'],
    ['Lorem every day at 9', 'Lorem', { type: 'days', amount: 1 }, '2022-02-17 09:00'],
    ['Lorem at 9 every day', 'Lorem', { type: 'days', amount: 1 }, '2022-02-17 09:00'],
    ['Lorem every week at 17:00', 'Lorem', { type: 'weeks', amount: 1 }, '2022-02-17 17:00'],
    ['Lorem monthly in 3 days', 'Lorem', { type: 'months', amount: 1 }, '2022-02-20 09:00'],
  ])('with dates: %j', (input, text, repeats, date) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(result.repeats).toEqual(repeats);
    expect(fmt(result.date)).toBe(date);
  });
});
