// Finds a due date (and time) in free text, as quick-add does: named days, weekdays, day numbers, month names, numeric dates and "in N units".
//
// Hand-written over a word list rather than built on chrono-node: chrono reads "sat", "mon", "march"
// or "may" in ordinary titles, rolls dates differently from the rules in spec §5, has no Czech,
// Polish or Norwegian, and is far slower than the 50,000 parses/s budget. Matching whole words also
// makes "saturn", "Renovation" or "wedding" safe by construction, and keeps the scan linear in the
// input length. English always works; the user's language adds its own word table (languages/).
import {
  TIER_DAY_NUMBER,
  TIER_FULL_DATE,
  TIER_IN,
  TIER_PHRASE,
  TIER_WEEKDAY,
  amountFromNow,
  candidate,
  couldWin,
  daysFromToday,
  emptyFound,
  inDays,
  monthDayDate,
  nextWeekday,
  numericDate,
  offer,
  startOfDay,
  validDay,
  type Found,
  type InUnit,
  type TimeMatch,
} from './dateCandidates.js';
import type { DateLanguage } from './dateLanguage.js';
import { atTime, defaultTimeOf, eveningTimeOf, type DateTimes } from './defaultTime.js';
import { dateLanguageFor, readsMonthFirst } from './languages/index.js';
import { listMap, phraseEndingBefore } from './languages/wordTable.js';
import { isWhitespace, linked, removeSpans, splitWords, type Span, type Word } from './words.js';

export interface DateParseResult {
  /** The input with the date (and its time) removed and the seams tidied. */
  newText: string;
  date: Date | null;
}

export interface DateFoundResult {
  /** The exact input text that was read as the date, or null when there is none. */
  foundText: string | null;
  date: Date | null;
}

/** A date found in a word list: the resulting date and the input spans it was read from. */
export interface DateMatch {
  date: Date;
  spans: Span[];
}

const WEEKDAYS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    sunday: 0,
    sun: 0,
    monday: 1,
    mon: 1,
    tuesday: 2,
    tue: 2,
    tues: 2,
    wednesday: 3,
    wed: 3,
    thursday: 4,
    thu: 4,
    thur: 4,
    thurs: 4,
    friday: 5,
    fri: 5,
    saturday: 6,
    sat: 6,
  }),
);

const MONTHS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    january: 0,
    jan: 0,
    february: 1,
    feb: 1,
    march: 2,
    mar: 2,
    april: 3,
    apr: 3,
    may: 4,
    june: 5,
    jun: 5,
    july: 6,
    jul: 6,
    august: 7,
    aug: 7,
    september: 8,
    sep: 8,
    sept: 8,
    october: 9,
    oct: 9,
    november: 10,
    nov: 10,
    december: 11,
    dec: 11,
  }),
);

const IN_UNITS: ReadonlyMap<string, InUnit> = new Map(
  Object.entries({
    hour: 'hours',
    hours: 'hours',
    day: 'days',
    days: 'days',
    week: 'weeks',
    weeks: 'weeks',
    month: 'months',
    months: 'months',
  }),
);

/** Fixed phrases, keyed by their first word, longest first so "later next week" beats nothing shorter. */
interface Phrase {
  words: readonly string[];
  resolve: (now: Date) => Date;
  evening?: boolean;
}

const PHRASES: ReadonlyMap<string, readonly Phrase[]> = new Map(
  Object.entries({
    today: [{ words: ['today'], resolve: (now) => inDays(now, 'today') }],
    tonight: [{ words: ['tonight'], resolve: (now) => inDays(now, 'today'), evening: true }],
    tomorrow: [{ words: ['tomorrow'], resolve: (now) => inDays(now, 'tomorrow') }],
    tmrw: [{ words: ['tmrw'], resolve: (now) => inDays(now, 'tomorrow') }],
    tmr: [{ words: ['tmr'], resolve: (now) => inDays(now, 'tomorrow') }],
    day: [{ words: ['day', 'after', 'tomorrow'], resolve: (now) => daysFromToday(now, 2) }],
    this: [{ words: ['this', 'weekend'], resolve: (now) => inDays(now, 'thisWeekend') }],
    later: [
      { words: ['later', 'this', 'week'], resolve: (now) => inDays(now, 'laterThisWeek') },
      { words: ['later', 'next', 'week'], resolve: (now) => inDays(now, 'laterNextWeek') },
    ],
    next: [
      { words: ['next', 'week'], resolve: (now) => inDays(now, 'nextWeek') },
      // "next month" is the first day of the next month, not a month from now (spec §5).
      { words: ['next', 'month'], resolve: (now) => new Date(now.getFullYear(), now.getMonth() + 1, 1) },
    ],
    end: [
      { words: ['end', 'of', 'the', 'month'], resolve: (now) => new Date(now.getFullYear(), now.getMonth() + 1, 0) },
      { words: ['end', 'of', 'month'], resolve: (now) => new Date(now.getFullYear(), now.getMonth() + 1, 0) },
    ],
  }),
);

/**
 * Words that say a date follows ("on", "by", "due"): they make a day number or a day/month a date even
 * inside a title, and go with the date out of the title ("Pay rent by friday" leaves "Pay rent").
 */
const DATE_WORDS = listMap(['on', 'by', 'due', 'due on', 'due by', 'at', 'until', 'till', 'before', 'on the', 'by the', 'due the', 'before the', 'until the']);

/** Where a date-word phrase ending right before word i starts, in English or the language. */
function dateWordBefore(words: readonly Word[], i: number, language: DateLanguage | null): number | null {
  const english = phraseEndingBefore(DATE_WORDS, words, i);
  const own = language?.dateWordBefore?.(words, i) ?? null;
  if (english === null) return own;
  return own === null ? english : Math.min(english, own);
}

const DAY_WITH_SUFFIX = /^(\d{1,2})(st|nd|rd|th)$/;
const DAY_WITH_DOT = /^(\d{1,2})\.$/;
const DAY_OPTIONAL_SUFFIX = /^(\d{1,2})(st|nd|rd|th)?$/;
const YEAR = /^\d{4}$/;
const AMOUNT = /^\d{1,6}$/;
const TIME = /^(\d{1,2})(?::(\d{1,2}))?(am|pm)?$/;

/** "17th"/"17.": this month unless already past, then the next month that has that day. */
function dayNumberDate(now: Date, day: number): Date | null {
  if (day < 1 || day > 31) return null;
  let year = now.getFullYear();
  let month = now.getMonth();
  if (day < now.getDate()) month += 1;
  // At most two months can lack a day (31st after a 30-day month and then February never happens
  // twice in a row), so three tries always find it.
  for (let tries = 0; tries < 3; tries += 1) {
    if (month > 11) {
      month -= 12;
      year += 1;
    }
    const date = validDay(year, month, day);
    if (date) return date;
    month += 1;
  }
  return null;
}

/**
 * Whether a day number ("2nd", "17.") or a day and month without a year ("16/12") spanning words
 * first..last is meant as a date: at the end of its line, after a date word, or next to a time. In the
 * middle of a title it is part of the title ("Read the 2nd Book of Kings", "2nd floor").
 */
type WeakCheck = (first: number, last: number) => boolean;

/** Offers the English date phrases that start at word i (and the numeric dates, in the user's order). */
function matchAt(words: readonly Word[], i: number, now: Date, found: Found, monthFirst: boolean, weakOk: WeakCheck): void {
  const w = words[i];
  const lower = w.lower;
  const c0 = lower.charCodeAt(0);
  const digit = c0 >= 48 && c0 <= 57;
  // The date is made only when the phrase could win (see couldWin).
  const at = (tier: number, last: number, make: () => Date | null, end?: number, weak = false): void => {
    if (!couldWin(found, tier, words, i, last) || (weak && !weakOk(i, last))) return;
    const date = make();
    if (date) offer(found, tier, candidate(words, i, last, date, null, end));
  };

  const phrases = PHRASES.get(lower);
  if (phrases) {
    for (const phrase of phrases) {
      let ok = true;
      for (let k = 1; k < phrase.words.length && ok; k += 1) {
        ok = linked(words, i + k - 1, i + k) && words[i + k].lower === phrase.words[k];
      }
      if (ok) {
        const last = i + phrase.words.length - 1;
        if (phrase.evening) {
          if (couldWin(found, TIER_PHRASE, words, i, last))
            offer(found, TIER_PHRASE, { ...candidate(words, i, last, phrase.resolve(now), null), evening: true });
        } else at(TIER_PHRASE, last, () => phrase.resolve(now));
        break;
      }
    }
  }

  const month = MONTHS.get(lower);
  if (month !== undefined && linked(words, i, i + 1, '.')) {
    // "jan 17", "January 17th", "jan 17, 2027"
    const dm = DAY_OPTIONAL_SUFFIX.exec(words[i + 1].lower);
    if (dm) {
      const hasYear = linked(words, i + 1, i + 2, ',') && YEAR.test(words[i + 2].lower);
      const year = hasYear ? Number(words[i + 2].lower) : null;
      at(TIER_FULL_DATE, hasYear ? i + 2 : i + 1, () => monthDayDate(now, month, Number(dm[1]), year));
    }
  }
  if (digit) {
    const dm = DAY_OPTIONAL_SUFFIX.exec(lower);
    if (dm) {
      // "17 jan", "17th of January", "17. März"-style "17. jan", optionally with a year
      let k = i + 1;
      if (linked(words, i, k, '.') && words[k].lower === 'of' && w.trail === '') k += 1;
      const monthWord = linked(words, k - 1, k, k === i + 1 ? '.' : '') ? MONTHS.get(words[k].lower) : undefined;
      if (monthWord !== undefined) {
        const hasYear = linked(words, k, k + 1, ',') && YEAR.test(words[k + 1].lower);
        const year = hasYear ? Number(words[k + 1].lower) : null;
        at(TIER_FULL_DATE, hasYear ? k + 1 : k, () => monthDayDate(now, monthWord, Number(dm[1]), year));
      }
    } else if (lower.length >= 3 && lower.length <= 10) {
      const numeric = couldWin(found, TIER_FULL_DATE, words, i, i) ? numericDate(lower, now, monthFirst) : null;
      if (numeric) at(TIER_FULL_DATE, i, () => numeric, undefined, !hasYear(lower));
      else if (!monthFirst && w.lowerDot !== lower) at(TIER_FULL_DATE, i, () => numericDate(w.lowerDot, now, false), w.ceDot, !hasYear(w.lowerDot));
    }
  }

  // "monday", "mon", "next monday": the next such day after today (a week ahead when it is that day).
  let k = i;
  if (lower === 'next' && linked(words, i, i + 1)) k = i + 1;
  const weekday = WEEKDAYS.get(words[k].lower);
  if (weekday !== undefined && (k === i || words[k].lower !== 'next')) at(TIER_WEEKDAY, k, () => nextWeekday(now, weekday));

  if (lower === 'in' && linked(words, i, i + 1) && linked(words, i + 1, i + 2)) {
    const amount = words[i + 1].lower;
    const unit = IN_UNITS.get(words[i + 2].lower);
    if (unit && AMOUNT.test(amount) && couldWin(found, TIER_IN, words, i, i + 2)) {
      const { day, exact } = amountFromNow(now, Number(amount), unit);
      offer(found, TIER_IN, candidate(words, i, i + 2, day, exact));
    }
  }

  if (digit) {
    const suffixed = DAY_WITH_SUFFIX.exec(lower);
    if (suffixed) at(TIER_DAY_NUMBER, i, () => dayNumberDate(now, Number(suffixed[1])), undefined, true);
    else {
      const dotted = DAY_WITH_DOT.exec(w.lowerDot);
      if (dotted) at(TIER_DAY_NUMBER, i, () => dayNumberDate(now, Number(dotted[1])), w.ceDot, true);
    }
  }
}

/** A numeric date that names its year (16/12/2026, 2026-12-16), which is a date wherever it stands. */
function hasYear(text: string): boolean {
  return /\d{4}|\d+[./]\d+[./]\d+/.test(text);
}

/**
 * "at 17:00", "@ 5pm", "at 3 pm", "at 3:12 am" starting at word k. With `bare`, for a text that is
 * wholly a date ("fri 5pm", "tomorrow 17:00"), a time with minutes or am/pm needs no "at".
 */
function timeAt(words: readonly Word[], k: number, bare = false): TimeMatch | null {
  if (k < 0 || k >= words.length) return null;
  const w = words[k];
  const lead = (w.lower === 'at' || w.lower === '@') && linked(words, k, k + 1);
  if (!lead && !bare) return null;
  const at = lead ? k + 1 : k;
  const m = TIME.exec(words[at].lower);
  if (!m) return null;
  if (!lead && m[2] === undefined && m[3] === undefined && !/^(am|pm)$/.test(linked(words, at, at + 1) ? words[at + 1].lower : '')) return null;
  let last = at;
  let meridiem = m[3];
  if (!meridiem && linked(words, at, at + 1)) {
    const next = words[at + 1].lower;
    if (next === 'am' || next === 'pm') {
      meridiem = next;
      last = at + 1;
    }
  }
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hours > 23) return null;
  return {
    first: k,
    last,
    start: w.cs,
    end: words[last].ce,
    hours,
    minutes,
    strict: m[2] !== undefined || meridiem !== undefined,
  };
}

type TimeReader = (words: readonly Word[], k: number) => TimeMatch | null;

/** The English time phrase at word k, else the language's. */
function timeReader(language: DateLanguage | null, bare: boolean): TimeReader {
  if (!language) return (words, k) => timeAt(words, k, bare);
  return (words, k) => timeAt(words, k, bare) ?? language.timeAt(words, k);
}

/** A time phrase that ends right before word `first` (time phrases are at most four words long). */
function timeBefore(words: readonly Word[], first: number, read: TimeReader): TimeMatch | null {
  if (!linked(words, first - 1, first)) return null;
  // The farthest start first, so "um 17 Uhr" is taken whole rather than "17 Uhr".
  for (let k = Math.max(0, first - 4); k < first; k += 1) {
    const t = read(words, k);
    if (t && t.last === first - 1) return t;
  }
  return null;
}

function timeAfter(words: readonly Word[], last: number, read: TimeReader): TimeMatch | null {
  return linked(words, last, last + 1) ? read(words, last + 1) : null;
}

/** Only spaces or tabs between two offsets. */
function onlySpaces(text: string, from: number, to: number): boolean {
  if (from > to) return false;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

export interface FindDateOptions {
  /** Spans of other tokens (a repeat) that a bare time such as "at 9" may attach to, as in "every day at 9". */
  anchors?: readonly Span[];
  /** The user's language's word table, read besides English; null for English only. */
  language?: DateLanguage | null;
  /** Numeric dates month first (English) or day first (every other language). */
  monthFirst?: boolean;
  /** The day to use when no date phrase is found but something else names one ("every tuesday", "every 3 days"). */
  fallbackDay?: Date | null;
  /** The user's default and evening times. */
  times?: DateTimes;
  /** The text is meant wholly as a date (a date field), so "fri 5pm" needs no "at". */
  wholeText?: boolean;
}

/** Whether only whitespace without a line break lies between two offsets. */
function sameLine(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

/** Finds the date of a text given as words. */
export function findDateInWords(text: string, words: readonly Word[], now: Date, options: FindDateOptions = {}): DateMatch | null {
  const { anchors = [], language = null, monthFirst = true, fallbackDay = null, times, wholeText = false } = options;
  const read = timeReader(language, wholeText);
  const weakOk: WeakCheck = (first, last) =>
    last + 1 >= words.length ||
    !sameLine(text, words[last].end, words[last + 1].start) ||
    dateWordBefore(words, first, language) !== null ||
    timeAfter(words, last, read) !== null ||
    timeBefore(words, first, read) !== null;
  const found = emptyFound();
  // From the end: the last of equally long phrases wins, and phrases that cannot win cost no date.
  for (let i = words.length - 1; i >= 0; i -= 1) {
    matchAt(words, i, now, found, monthFirst, weakOk);
    if (language) language.matchAt(words, i, now, found);
  }
  let best = null;
  for (const c of found) {
    if (c) {
      best = c;
      break;
    }
  }

  let time: TimeMatch | null = null;
  let adjacent = false;
  if (best) {
    time = timeAfter(words, best.last, read) ?? timeBefore(words, best.first, read);
    adjacent = time !== null;
  }
  if (!time) {
    for (let k = 0; k < words.length; k += 1) {
      const t = read(words, k);
      if (!t) continue;
      if (best && t.last >= best.first && t.first <= best.last) continue;
      const nearAnchor = anchors.some((a) => onlySpaces(text, a.end, t.start) || onlySpaces(text, t.end, a.start));
      if (t.strict || nearAnchor) {
        time = t;
        break;
      }
    }
  }
  if (!best && !time && !fallbackDay) return null;

  let date: Date;
  const day = best?.exact ?? best?.day ?? fallbackDay ?? startOfDay(now);
  if (time) {
    // "tonight at 8" is 20:00.
    const hours = best?.evening && time.hours < 12 ? time.hours + 12 : time.hours;
    date = atTime(day, { hours, minutes: time.minutes });
  } else if (best?.exact) date = new Date(best.exact.getTime());
  else date = atTime(day, best?.evening ? eveningTimeOf(times) : defaultTimeOf(times));
  if (Number.isNaN(date.getTime())) return null;

  // A date word right before the date goes with it ("by friday"), unless it belongs to the time.
  let start = best?.start ?? 0;
  if (best) {
    const lead = dateWordBefore(words, best.first, language);
    if (lead !== null && (!time || time.last < lead || time.first > best.last)) start = words[lead].cs;
  }
  const spans: Span[] = [];
  if (best && time && adjacent) {
    spans.push(enclosed(text, Math.min(start, time.start), Math.max(best.end, time.end)));
  } else {
    if (best) spans.push(enclosed(text, start, best.end));
    if (time) spans.push(enclosed(text, time.start, time.end));
    spans.sort((a, b) => a.start - b.start);
  }
  return { date, spans };
}

const CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']', '"': '"', "'": "'" };

/** Widens a span to the brackets or quotes directly around it, so "(tomorrow)" leaves no "()". */
function enclosed(text: string, start: number, end: number): Span {
  const open = text[start - 1];
  const close = open === undefined ? undefined : CLOSER[open];
  if (close !== undefined && text[end] === close && (start === 1 || isWhitespace(text.charCodeAt(start - 2)))) {
    return { start: start - 1, end: end + 1 };
  }
  return { start, end };
}

/** Finds the date of a text read in a language (an app locale such as "de-DE"; English is always read); `masks` are spans already taken by other tokens, which are skipped. */
export function findDate(
  text: string,
  now: Date = new Date(),
  masks: readonly Span[] = [],
  locale = 'en',
  times?: DateTimes,
  wholeText = false,
): DateMatch | null {
  return findDateInWords(text, splitWords(text, masks), now, { language: dateLanguageFor(locale), monthFirst: readsMonthFirst(locale), times, wholeText });
}

/** The text without its date words, and the date (local time) or null. */
export function parseDate(text: string, now: Date = new Date(), locale = 'en', times?: DateTimes): DateParseResult {
  const match = findDate(text, now, [], locale, times);
  if (!match) return { newText: text, date: null };
  return { newText: removeSpans(text, match.spans), date: match.date };
}

/** The date of a text and the exact text it was read from (the date phrase with its time when adjacent). */
export function getDateFromText(text: string, now: Date = new Date(), locale = 'en'): DateFoundResult {
  const match = findDate(text, now, [], locale);
  if (!match || match.spans.length === 0) return { foundText: null, date: match?.date ?? null };
  return { foundText: text.slice(match.spans[0].start, match.spans[0].end), date: match.date };
}
