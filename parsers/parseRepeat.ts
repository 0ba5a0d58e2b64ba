// Finds a repeat interval in quick-add text: "every 2 weeks", "each three months", "daily", "anually", …
import type { RepeatAfter, RepeatType } from './repeat.js';
import { linked, type Word } from './words.js';

export interface RepeatMatch {
  first: number;
  last: number;
  start: number;
  end: number;
  repeat: RepeatAfter;
}

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

/** The first repeat phrase in the words, or null. */
export function findRepeatInWords(words: readonly Word[]): RepeatMatch | null {
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i];
    const single = SINGLE_WORDS.get(w.lower);
    if (single) return { first: i, last: i, start: w.cs, end: w.ce, repeat: { ...single } };
    if (w.lower !== 'every' && w.lower !== 'each') continue;
    if (!linked(words, i, i + 1)) continue;
    const direct = UNITS.get(words[i + 1].lower);
    if (direct) return { first: i, last: i + 1, start: w.cs, end: words[i + 1].ce, repeat: { type: direct, amount: 1 } };
    const amount = amountOf(words[i + 1].lower);
    if (amount === null || !linked(words, i + 1, i + 2)) continue;
    const unit = UNITS.get(words[i + 2].lower);
    if (unit) return { first: i, last: i + 2, start: w.cs, end: words[i + 2].ce, repeat: { type: unit, amount } };
  }
  return null;
}
