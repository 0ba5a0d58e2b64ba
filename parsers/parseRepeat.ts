// Finds a repeat interval in quick-add text: "every 2 weeks", "each three months", "daily", "anually", "every tuesday", …
import type { DateLanguage } from './dateLanguage.js';
import type { RepeatAfter, RepeatType } from './repeat.js';
import { linked, type Word } from './words.js';

export interface RepeatMatch {
  first: number;
  last: number;
  start: number;
  end: number;
  repeat: RepeatAfter;
  /**
   * For "every tuesday": the weekday (0 Sunday) the repeat is anchored to. The API stores a repeat
   * as an interval from the due date, so this is a weekly repeat whose first due date is the next
   * such day.
   */
  weekday?: number;
}

/**
 * "every weekday": a repeat the API cannot store (repeat_after is one interval; five days a week is
 * not one). It is not read as a repeat; its words stay in the title and the caller shows a hint.
 */
export interface UnsupportedRepeat {
  start: number;
  end: number;
}

const WEEKDAYS: ReadonlyMap<string, number> = new Map(Object.entries({
  sunday: 0, sun: 0, monday: 1, mon: 1, tuesday: 2, tue: 2, tues: 2, wednesday: 3, wed: 3,
  thursday: 4, thu: 4, thur: 4, thurs: 4, friday: 5, fri: 5, saturday: 6, sat: 6,
}));

const WORKDAYS = new Set(['weekday', 'weekdays', 'workday', 'workdays', 'business']);

// "anually" and "bianually" are spelled as the spec spells them; the dictionary spellings work too.
const SINGLE_WORDS: ReadonlyMap<string, RepeatAfter> = new Map<string, RepeatAfter>([
  ['hourly', { type: 'hours', amount: 1 }],
  ['daily', { type: 'days', amount: 1 }],
  ['weekly', { type: 'weeks', amount: 1 }],
  ['monthly', { type: 'months', amount: 1 }],
  ['yearly', { type: 'years', amount: 1 }],
  ['anually', { type: 'years', amount: 1 }],
  ['annually', { type: 'years', amount: 1 }],
  ['bianually', { type: 'months', amount: 6 }],
  ['biannually', { type: 'months', amount: 6 }],
  ['semiannually', { type: 'months', amount: 6 }],
  ['biennially', { type: 'years', amount: 2 }],
]);

const UNITS: ReadonlyMap<string, RepeatType> = new Map<string, RepeatType>([
  ['hour', 'hours'],
  ['hours', 'hours'],
  ['day', 'days'],
  ['days', 'days'],
  ['week', 'weeks'],
  ['weeks', 'weeks'],
  ['month', 'months'],
  ['months', 'months'],
  ['year', 'years'],
  ['years', 'years'],
]);

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
]);

const DIGITS = /^\d{1,6}$/;

function amountOf(word: string): number | null {
  const named = NUMBER_WORDS.get(word);
  if (named !== undefined) return named;
  // A repeat of 0 is not a repeat ("please enter more than 0", spec §5), so "every 0 days" stays text.
  if (DIGITS.test(word)) {
    const n = Number(word);
    return n > 0 ? n : null;
  }
  return null;
}

/** The first repeat phrase in the words, or null; `language` adds its "every monday" phrases. */
export function findRepeatInWords(words: readonly Word[], language: DateLanguage | null = null): RepeatMatch | null {
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i];
    const single = SINGLE_WORDS.get(w.lower);
    if (single) return { first: i, last: i, start: w.cs, end: w.ce, repeat: { ...single } };
    const local = language?.everyWeekdayAt?.(words, i);
    if (local) {
      return {
        first: i,
        last: local.last,
        start: local.start ?? w.cs,
        end: local.end ?? words[local.last].ce,
        repeat: { type: 'weeks', amount: 1 },
        weekday: local.weekday,
      };
    }
    if (w.lower !== 'every' && w.lower !== 'each') continue;
    if (!linked(words, i, i + 1)) continue;
    const direct = UNITS.get(words[i + 1].lower);
    if (direct) return { first: i, last: i + 1, start: w.cs, end: words[i + 1].ce, repeat: { type: direct, amount: 1 } };
    // "every tuesday", and "every other tuesday" for every second week.
    const other = words[i + 1].lower === 'other' && linked(words, i + 1, i + 2);
    const weekday = WEEKDAYS.get(words[other ? i + 2 : i + 1].lower);
    if (weekday !== undefined) {
      const last = other ? i + 2 : i + 1;
      return { first: i, last, start: w.cs, end: words[last].ce, repeat: { type: 'weeks', amount: other ? 2 : 1 }, weekday };
    }
    const amount = amountOf(words[i + 1].lower);
    if (amount === null || !linked(words, i + 1, i + 2)) continue;
    const unit = UNITS.get(words[i + 2].lower);
    if (unit) return { first: i, last: i + 2, start: w.cs, end: words[i + 2].ce, repeat: { type: unit, amount } };
  }
  return null;
}

/** "every weekday", "each workday", "every business day": the first one, if any. */
export function findWorkdayRepeat(words: readonly Word[]): UnsupportedRepeat | null {
  for (let i = 0; i + 1 < words.length; i += 1) {
    const w = words[i].lower;
    if ((w !== 'every' && w !== 'each') || !linked(words, i, i + 1) || !WORKDAYS.has(words[i + 1].lower)) continue;
    let last = i + 1;
    if (words[last].lower === 'business') {
      if (!linked(words, last, last + 1) || words[last + 1].lower !== 'day') continue;
      last += 1;
    }
    return { start: words[i].cs, end: words[last].ce };
  }
  return null;
}
