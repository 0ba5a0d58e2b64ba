// Date candidates shared by the English matchers and the per-language ones: tiers, the rule that picks between competing phrases, and calendar helpers.
import { calculateDayInterval, type DayIntervalName } from './dayInterval.js';
import type { Word } from './words.js';

/** A date phrase before time handling: either a calendar day (gets a time later) or an exact moment. */
export interface Candidate {
  /** Word indices of the phrase. */
  first: number;
  last: number;
  /** Offsets of the phrase in the input. */
  start: number;
  end: number;
  day: Date | null;
  exact: Date | null;
  /** "tonight": the day at the evening time, and an hour said with it is in the evening ("tonight at 8"). */
  evening?: boolean;
}

export interface TimeMatch {
  first: number;
  last: number;
  start: number;
  end: number;
  hours: number;
  minutes: number;
  /** Written with minutes, am/pm or an hour word ("17 Uhr"), so it is a time even away from a date ("at 3" alone is not). */
  strict: boolean;
}

// When a text holds several date phrases, the most specific kind wins: named phrases, then full
// dates, weekdays, "in N units" and last bare day numbers ("3." is the likeliest to be something
// else, e.g. a numbered item). Within a kind, see `offer`.
export const TIER_PHRASE = 0;
export const TIER_FULL_DATE = 1;
export const TIER_WEEKDAY = 2;
export const TIER_IN = 3;
export const TIER_DAY_NUMBER = 4;
export const TIERS = 5;

export type Found = (Candidate | null)[];

export function emptyFound(): Found {
  return new Array<Candidate | null>(TIERS).fill(null);
}

/**
 * Records a candidate of a tier unless the tier already holds a better one. Better means more words
 * ("next monday" beats "monday": the longer phrase says more), and between equally long phrases
 * the later one, because a title names its subject first and the date last ("Study for monday
 * exam next monday", "Lorem today tomorrow").
 */
export function offer(found: Found, tier: number, c: Candidate): void {
  const date = c.day ?? c.exact;
  if (!date || Number.isNaN(date.getTime())) return;
  const held = found[tier];
  if (held === null) {
    found[tier] = c;
    return;
  }
  const heldWords = held.last - held.first;
  const words = c.last - c.first;
  // The same phrase read twice (English "10. jan" and German "10. Jan."): the reading that takes more of the text wins.
  const wider = c.start === held.start && c.end > held.end;
  if (words > heldWords || (words === heldWords && (c.start >= held.end || wider))) found[tier] = c;
}

/**
 * Whether a phrase spanning words first..last would replace what the tier holds (the rule of
 * `offer`), checked before its date is worked out: the text is scanned from its end, so on a long
 * line most phrases lose and their dates are never computed.
 */
export function couldWin(found: Found, tier: number, words: readonly Word[], first: number, last: number): boolean {
  const held = found[tier];
  if (held === null) return true;
  const length = last - first;
  const heldLength = held.last - held.first;
  return length > heldLength || (length === heldLength && words[first].cs >= held.end);
}

/** A candidate spanning words first..last (end overrides the last word's core end, e.g. to keep a "."). */
export function candidate(words: readonly Word[], first: number, last: number, day: Date | null, exact: Date | null, end?: number): Candidate {
  return { first, last, start: words[first].cs, end: end ?? words[last].ce, day, exact };
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function inDays(now: Date, name: DayIntervalName): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + calculateDayInterval(name, now.getDay()));
}

export function daysFromToday(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/** The next such weekday after today (a week ahead when today is that day), as "monday" reads in quick-add. */
export function nextWeekday(now: Date, weekday: number): Date {
  return daysFromToday(now, (weekday - now.getDay() + 7) % 7 || 7);
}

/** The local date y-m-d, or null when that day does not exist (Feb 30, Feb 29 of a common year). */
export function validDay(year: number, month: number, day: number): Date | null {
  if (day < 1 || day > 31 || month < 0 || month > 11) return null;
  const date = new Date(year, month, day);
  // new Date() maps years 0-99 to 1900-1999; setFullYear keeps the year as given.
  date.setFullYear(year, month, day);
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null;
}

/** Month arithmetic that clamps to the month's last day (Jan 31 + 1 month = Feb 28/29), keeping the time. */
export function addMonthsClamped(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + months);
  const last = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(day, last));
  return result;
}

/** A month and day without a year: this year unless the day is past, then the next year that has it. */
export function monthDayDate(now: Date, month: number, day: number, year: number | null): Date | null {
  if (year !== null) return validDay(year, month, day);
  const today = startOfDay(now);
  // Eight years reach the next Feb 29 even across a skipped leap year (2100).
  for (let y = now.getFullYear(); y <= now.getFullYear() + 8; y += 1) {
    const date = validDay(y, month, day);
    if (date && date.getTime() >= today.getTime()) return date;
  }
  return null;
}

export type InUnit = 'hours' | 'days' | 'weeks' | 'months';

/**
 * "in N units" from now: hours are a moment (to the minute), days, weeks and months a day that gets the
 * default time like any other day named in words.
 */
export function amountFromNow(now: Date, amount: number, unit: InUnit): { day: Date | null; exact: Date | null } {
  const date = addExact(now, amount, unit);
  if (unit !== 'hours') return { day: startOfDay(date), exact: null };
  date.setSeconds(0, 0);
  return { day: null, exact: date };
}

/** "in N units" from now: hours are absolute, days and weeks keep the clock time, months clamp. */
function addExact(now: Date, amount: number, unit: InUnit): Date {
  const date = new Date(now.getTime());
  switch (unit) {
    case 'hours':
      // Absolute hours, so "in 2 hours" is two hours away even across a DST change.
      return new Date(now.getTime() + amount * 3_600_000);
    case 'days':
      date.setDate(date.getDate() + amount);
      return date;
    case 'weeks':
      date.setDate(date.getDate() + amount * 7);
      return date;
    case 'months':
      return addMonthsClamped(date, amount);
  }
}

const DAY_MONTH = /^(\d{1,2})\/(\d{1,2})$/;
const NUMERIC_SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;
const NUMERIC_DOTS = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?$/;
const NUMERIC_YMD = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const ISO_YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Phrases written like a date that are not one. */
const NOT_DATES = new Set(['24/7']);

/**
 * Numeric dates in the user's order: month first for English (06/08 is June 8), day first for every
 * other language; when the order's reading is impossible but the other one is not (06/26/2021 in a
 * day-first language, 27/1 in English), that one is taken instead of ignoring the date. ISO
 * 2026-06-08 and 2026/06/08 always work. Two-digit years are 20xx: quick-add dates are near today.
 * A day and month without a year ("16/12") is the next such day, and needs a two-digit part so that
 * fractions such as "1/2" stay text. Day-first languages also write "16.12." and "16.12.2026".
 */
export function numericDate(text: string, now: Date, monthFirst: boolean): Date | null {
  if (NOT_DATES.has(text)) return null;
  let m = NUMERIC_SLASH.exec(text);
  if (m) {
    const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const [day, month] = dayAndMonth(Number(m[1]), Number(m[2]), monthFirst);
    return validDay(year, month - 1, day);
  }
  m = DAY_MONTH.exec(text);
  if (m) {
    if (m[1].length < 2 && m[2].length < 2) return null;
    const [day, month] = dayAndMonth(Number(m[1]), Number(m[2]), monthFirst);
    return month >= 1 && month <= 12 ? monthDayDate(now, month - 1, day, null) : null;
  }
  if (!monthFirst) {
    m = NUMERIC_DOTS.exec(text);
    if (m) {
      if (m[3] === undefined) return monthDayDate(now, Number(m[2]) - 1, Number(m[1]), null);
      const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
      return validDay(year, Number(m[2]) - 1, Number(m[1]));
    }
  }
  m = NUMERIC_YMD.exec(text) ?? ISO_YMD.exec(text);
  if (m) return validDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return null;
}

function dayAndMonth(a: number, b: number, monthFirst: boolean): [day: number, month: number] {
  let [day, month] = monthFirst ? [b, a] : [a, b];
  if (month > 12 && day <= 12) [day, month] = [month, day];
  return [day, month];
}
