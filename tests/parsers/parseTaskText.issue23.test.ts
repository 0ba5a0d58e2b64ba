// The quick-add cases issue #23 found failing: competing dates, day and month without a year, literal text, weekday repeats, "every weekday", tmrw.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PrefixMode, parseTaskText, type RepeatAfter } from '../../parsers/index.js';
import { MON, THU, fmt, isSubsequence } from './helpers.js';

const parse = (text: string, locale = 'en', now: Date = THU) => parseTaskText(text, PrefixMode.Default, now, locale);

describe('the longest, most specific date phrase wins, and the last of equals', () => {
  it.each<[string, string, string]>([
    ['Study for monday exam next monday', 'Study for monday exam', '2022-02-21 09:00'],
    ['next monday: study for monday exam', ': study for monday exam', '2022-02-21 09:00'],
    ['Call friday about the monday meeting', 'Call friday about the meeting', '2022-02-21 09:00'],
    ['Lorem 17 jan then 18th', 'Lorem then 18th', '2023-01-17 09:00'],
  ])('%j', (input, text, date) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
});

describe('a day and month without a year', () => {
  it.each<[string, string, string, string]>([
    ['Ship v1.2.3 on 12/01', 'en', 'Ship v1.2.3', '2022-12-01 09:00'],
    ['Ship v1.2.3 on 12/01', 'de-DE', 'Ship v1.2.3', '2023-01-12 09:00'],
    ['dolor 27/1', 'en', 'dolor', '2023-01-27 09:00'],
    ['dolor 27/1', 'fr-FR', 'dolor', '2023-01-27 09:00'],
    ['16/12', 'en', '', '2022-12-16 09:00'],
    ['16/12', 'it-IT', '', '2022-12-16 09:00'],
    // Today is still this year; yesterday rolls to next year.
    ['Lorem 02/17', 'en', 'Lorem', '2022-02-17 09:00'],
    ['Lorem 02/16', 'en', 'Lorem', '2023-02-16 09:00'],
    ['Lorem 29/02', 'de-DE', 'Lorem', '2024-02-29 09:00'],
  ])('%j (%s)', (input, locale, text, date) => {
    const result = parse(input, locale);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
  it.each(['Ship v1.2.3', 'Lorem 1.2.3', 'Lorem 3/4 cup', 'Lorem 50/50', 'Lorem 13/13', 'Lorem 0/12', 'Lorem 12/0', 'Support 24/7', 'a/b 12/x'])(
    '%j stays text',
    (input) => {
      for (const locale of ['en', 'de-DE']) {
        const result = parse(input, locale);
        expect(result.text).toBe(input);
        expect(result.date).toBeNull();
      }
    },
  );
});

describe('quoted text and a backslash before a word stay literal', () => {
  it.each<[string, string, string | null]>([
    ['Read "Tomorrow and Tomorrow"', 'Read "Tomorrow and Tomorrow"', null],
    ['Read "Tomorrow and Tomorrow" tomorrow', 'Read "Tomorrow and Tomorrow"', '2022-02-18 09:00'],
    ['Read “Tomorrow and Tomorrow” today', 'Read “Tomorrow and Tomorrow”', '2022-02-17 09:00'],
    ['Lies „Morgen ist auch ein Tag“', 'Lies „Morgen ist auch ein Tag“', null],
    ['Lire « demain »', 'Lire « demain »', null],
    ["Watch 'next week' later", "Watch 'next week' later", null],
    ['Watch "every day" daily', 'Watch "every day"', '2022-02-17 09:00'],
    ['Buy \\tomorrow brand coffee', 'Buy tomorrow brand coffee', null],
    ['Buy \\tomorrow brand coffee tomorrow', 'Buy tomorrow brand coffee', '2022-02-18 09:00'],
    ['\\Monday notes', 'Monday notes', null],
    ['Post \\*not-a-label', 'Post *not-a-label', null],
    ['Ask \\@anna', 'Ask @anna', null],
    ['Open C:\\Users tomorrow', 'Open C:\\Users', '2022-02-18 09:00'],
    ['Lorem \\\\tomorrow', 'Lorem \\\\tomorrow', null],
    // A quote that does not close, or closes inside a word, is an ordinary character.
    ['Buy 27" monitor tomorrow', 'Buy 27" monitor', '2022-02-18 09:00'],
    ['Lorem "tomorrow', 'Lorem "', '2022-02-18 09:00'],
    ["It's due tomorrow", "It's", '2022-02-18 09:00'],
  ])('%j', (input, text, date) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
  it('quoted prefixed items still work', () => {
    const result = parse('Lorem *"next week" tomorrow');
    expect(result.labels).toEqual(['next week']);
    expect(result.text).toBe('Lorem');
    expect(fmt(result.date)).toBe('2022-02-18 09:00');
  });
  it('keeps the words of other languages literal too', () => {
    const result = parse('Lies „morgen“ \\morgen', 'de-DE');
    expect(result.text).toBe('Lies „morgen“ morgen');
    expect(result.date).toBeNull();
  });
  it('removing the escape only ever deletes backslashes', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('\\', 'tomorrow', '"', ' ', 'x', '*a', '\\\\'), { maxLength: 10 }), (parts) => {
        const input = parts.join('');
        const result = parse(input);
        expect(isSubsequence(result.text, input)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('repeats anchored to a weekday: weekly from the next such day', () => {
  it.each<[string, string, RepeatAfter, string]>([
    ['Take out trash each tuesday', 'Take out trash', { type: 'weeks', amount: 1 }, '2022-02-22 09:00'],
    ['Take out trash every tue', 'Take out trash', { type: 'weeks', amount: 1 }, '2022-02-22 09:00'],
    ['Standup every monday at 9', 'Standup', { type: 'weeks', amount: 1 }, '2022-02-21 09:00'],
    ['Standup every monday at 9:30', 'Standup', { type: 'weeks', amount: 1 }, '2022-02-21 09:30'],
    ['Team call every other thursday', 'Team call', { type: 'weeks', amount: 2 }, '2022-02-24 09:00'],
    // An explicit date wins over the weekday for the first due date.
    ['Lorem every friday from 17 march', 'Lorem from', { type: 'weeks', amount: 1 }, '2022-03-17 09:00'],
  ])('%j', (input, text, repeats, date) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(result.repeats).toEqual(repeats);
    expect(fmt(result.date)).toBe(date);
  });
  it('on that weekday itself the first due date is a week ahead', () => {
    expect(fmt(parse('Lorem every monday', 'en', MON).date)).toBe('2022-02-21 09:00');
  });
});

describe('"every weekday" cannot be stored as one repeat: refused with a hint, words kept', () => {
  it.each(['Check mail every weekday', 'Check mail each workday', 'Check mail every business day', 'Check mail every weekdays'])('%j', (input) => {
    const result = parse(input);
    expect(result.text).toBe(input);
    expect(result.repeats).toBeNull();
    expect(result.hints).toHaveLength(1);
    expect(result.hints[0].code).toBe('repeatWorkdays');
    expect(input.slice(result.hints[0].start, result.hints[0].end).startsWith('e')).toBe(true);
  });
  it('no hint for ordinary repeats', () => {
    expect(parse('Lorem every day').hints).toEqual([]);
    expect(parse('Lorem every business trip').hints).toEqual([]);
  });
});

describe('tmrw and tmr', () => {
  it.each(['tmrw', 'tmr', 'Tmrw', 'TMR'])('%j is tomorrow', (word) => {
    const result = parse(`Call mom ${word} at 5pm`);
    expect(result.text).toBe('Call mom');
    expect(fmt(result.date)).toBe('2022-02-18 17:00');
  });
  it.each(['tmrwx', 'xtmr', 'tmrws'])('%j stays text', (word) => {
    expect(parse(`Lorem ${word}`).date).toBeNull();
  });
  it('day after tomorrow', () => {
    const result = parse('Lorem day after tomorrow');
    expect(result.text).toBe('Lorem');
    expect(fmt(result.date)).toBe('2022-02-19 09:00');
  });
});
