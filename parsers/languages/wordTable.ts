// Turns a language's quick-add word table (plain data, one file per language) into a DateLanguage with whole-word matchers.
import {
  TIER_FULL_DATE,
  TIER_IN,
  TIER_PHRASE,
  TIER_WEEKDAY,
  amountFromNow,
  candidate,
  daysFromToday,
  monthDayDate,
  nextWeekday,
  offer,
  type Found,
  type InUnit,
  type TimeMatch,
} from '../dateCandidates.js';
import type { DateLanguage } from '../dateLanguage.js';
import { linked, type Word } from '../words.js';

/**
 * A language's date words, lower case. A key with spaces is a phrase of several words, which must
 * follow each other on one line with nothing removed between them, like the English phrases. Every
 * word is matched whole ("morgen" never inside "Morgenrot"), and a spelling without accents is
 * accepted too ("übermorgen" and "ubermorgen", "środę" and "srode"), as people type on keyboards
 * without them.
 */
export interface WordTable {
  locales: readonly string[];
  /** Days from today: heute 0, morgen 1, übermorgen 2. */
  days: Readonly<Record<string, number>>;
  /** This evening ("heute Abend", "ce soir"): today at the evening time. */
  tonight: readonly string[];
  /** Words that say a date follows ("bis", "am", "до"), as English "on", "by", "due" (see parseDate). */
  dateWords: readonly string[];
  /** Weekday names and their case forms, 0 Sunday … 6 Saturday. */
  weekdays: Readonly<Record<string, number>>;
  /** Words before a weekday that belong to its phrase: prepositions and "next" ("am", "nächsten"); up to two in a row. */
  weekdayBefore: readonly string[];
  /** Phrases after a weekday that belong to it ("prochain", "que vem"). */
  weekdayAfter?: readonly string[];
  /** A weekday right after one of these is an ordinal, not a day (Vietnamese "lần thứ hai", the second time). */
  weekdayNotAfter?: readonly string[];
  /** Phrases that start "in N units" ("in", "dans", "daqui a"). */
  inBefore: readonly string[];
  /** Phrases that end it ("nữa" in "3 ngày nữa"); with these, the phrase may also start at the number. */
  inAfter?: readonly string[];
  /** Number words, for "in einer Woche", "dans une semaine". */
  numbers?: Readonly<Record<string, number>>;
  /** The unit alone means one of it, as in "через неделю" (in a week). */
  unitAlone?: boolean;
  units: Readonly<Record<string, InUnit>>;
  /** Phrases before a time ("um", "à", "o godzinie"). */
  timeBefore: readonly string[];
  /** Of those, the ones that make a bare hour a time even away from a date (Norwegian "kl 17"). */
  timeBeforeStrict?: readonly string[];
  /** Words after an hour that make it a time ("Uhr", "h", "giờ"). */
  timeAfter: readonly string[];
  /** A letter joining hour and minutes, as in "17h" and "17h30". */
  hourLetter?: string;
  /** Words after a time that put it in the afternoon or evening (Russian "вечера", Vietnamese "chiều"). */
  pm?: readonly string[];
  /**
   * Month names and the case forms they take after a day number, 0 January … 11 December ("Dezember",
   * "декабря", "grudnia"). They are read only after a day number ("15. Dezember", "15 декабря"), so a
   * month name alone in a title ("Mai-Feier", "martie") stays text.
   */
  months?: Readonly<Record<string, number>>;
  /** Words between the day number and the month ("15 de dezembro"). */
  monthBefore?: readonly string[];
  /** Words between the month and the year ("de 2026", "năm 2026"). */
  yearBefore?: readonly string[];
  /** A letter suffix of a day number ("1er" janvier). */
  daySuffix?: string;
  /** Words before the day number that belong to the date ("le 15 décembre", "ngày 15 tháng 12"). */
  dayBefore?: readonly string[];
  /** Words after the year that belong to it ("2026 года", "2026 r."). */
  yearAfter?: readonly string[];
  /** "Every" words for weekday repeats ("jeden Montag"). */
  every: readonly string[];
  /** Single words meaning "every such weekday" ("montags"). */
  everyWeekday?: Readonly<Record<string, number>>;
  examples: string;
}

/** Phrases by their first word, longest first. */
type PhraseMap<T> = Map<string, { words: string[]; value: T }[]>;

const SPECIAL: Readonly<Record<string, string>> = { ł: 'l', đ: 'd', ø: 'o', æ: 'ae', ß: 'ss', œ: 'oe' };

/** The phrase without accents, for keyboards without them. */
export function withoutAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łđøæßœ]/g, (c) => SPECIAL[c]);
}

function phraseMap<T>(entries: Iterable<[string, T]>): PhraseMap<T> {
  const map: PhraseMap<T> = new Map();
  const add = (phrase: string, value: T): void => {
    const words = phrase.split(' ');
    const list = map.get(words[0]) ?? [];
    if (!list.some((e) => e.words.join(' ') === phrase)) list.push({ words, value });
    list.sort((a, b) => b.words.length - a.words.length);
    map.set(words[0], list);
  };
  for (const [phrase, value] of entries) {
    add(phrase, value);
    const plain = withoutAccents(phrase);
    if (plain !== phrase) add(plain, value);
    // "aujourd'hui" is also typed with a typographic apostrophe.
    if (phrase.includes("'")) add(phrase.replace(/'/g, '\u2019'), value);
  }
  return map;
}

export function listMap(phrases: readonly string[] = []): PhraseMap<true> {
  return phraseMap(phrases.map((p) => [p, true] as [string, true]));
}

/**
 * The longest phrase of the map starting at word i, as its value and last word index. `dot` lets a
 * word of the phrase end in "." ("kl. 17").
 */
function phraseAt<T>(map: PhraseMap<T>, words: readonly Word[], i: number, dot = false): { value: T; last: number } | null {
  if (i < 0 || i >= words.length) return null;
  const list = map.get(words[i].lower);
  if (!list) return null;
  for (const { words: phrase, value } of list) {
    let ok = true;
    for (let k = 1; k < phrase.length && ok; k += 1) {
      ok = linked(words, i + k - 1, i + k, dot ? '.' : '') && words[i + k].lower === phrase[k];
    }
    if (ok) return { value, last: i + phrase.length - 1 };
  }
  return null;
}

/** Where a phrase of the map that ends right before word i (and is linked to it) starts; the longest one. */
export function phraseEndingBefore(map: PhraseMap<true>, words: readonly Word[], i: number): number | null {
  if (!linked(words, i - 1, i)) return null;
  // Phrases are at most four words long.
  for (let k = Math.max(0, i - 4); k < i; k += 1) {
    if (phraseAt(map, words, k)?.last === i - 1) return k;
  }
  return null;
}

const AMOUNT = /^\d{1,6}$/;
const CLOCK = /^(\d{1,2}):(\d{2})$/;
const DOTTED_CLOCK = /^(\d{1,2})\.(\d{2})$/;
const HOUR = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;

export function compileWordTable(table: WordTable): DateLanguage {
  const days = phraseMap(Object.entries(table.days));
  const tonight = listMap(table.tonight);
  const dateWords = listMap(table.dateWords);
  const weekdays = phraseMap(Object.entries(table.weekdays));
  const weekdayBefore = listMap(table.weekdayBefore);
  const weekdayAfter = listMap(table.weekdayAfter);
  const notAfter = new Set(table.weekdayNotAfter ?? []);
  const inBefore = listMap(table.inBefore);
  const inAfter = listMap(table.inAfter);
  const numbers = phraseMap(Object.entries(table.numbers ?? {}));
  const units = phraseMap(Object.entries(table.units));
  const timeBefore = listMap(table.timeBefore);
  const timeAfter = listMap(table.timeAfter);
  const timeBeforeStrict = listMap(table.timeBeforeStrict);
  const pm = listMap(table.pm);
  const every = listMap(table.every);
  const everyWeekday = phraseMap(Object.entries(table.everyWeekday ?? {}));
  const months = phraseMap(Object.entries(table.months ?? {}));
  const monthBefore = listMap(table.monthBefore);
  const yearBefore = listMap(table.yearBefore);
  const dayNumber = new RegExp(`^(\\d{1,2})${table.daySuffix ? `(?:${table.daySuffix})?` : ''}$`);
  const dayBefore = listMap(table.dayBefore);
  const yearAfter = listMap(table.yearAfter);
  // Every word a date phrase can start with: most words of a title are none of them, and are skipped at once.
  const starts = new Set<string>([days, tonight, weekdays, weekdayBefore, inBefore, numbers, units, dayBefore].flatMap((map) => [...map.keys()]));
  const hourMinutes = table.hourLetter ? new RegExp(`^(\\d{1,2})${table.hourLetter}(\\d{2})?$`) : null;

  /** A weekday phrase at i: up to two words before it, the name, a word after it. */
  function weekdayAt(words: readonly Word[], i: number): { weekday: number; last: number } | null {
    if (notAfter.size > 0 && linked(words, i - 1, i) && notAfter.has(words[i - 1].lower)) return null;
    // The name may follow up to two lead words; the longest reading wins, so "na segunda" is read
    // whole even though "na" alone is also a lead word ("na segunda-feira").
    let best: { weekday: number; last: number } | null = null;
    let k = i;
    for (let leads = 0; leads <= 2 && k < words.length; leads += 1) {
      const name = phraseAt(weekdays, words, k);
      if (name) {
        let last = name.last;
        const after = linked(words, last, last + 1) ? phraseAt(weekdayAfter, words, last + 1) : null;
        if (after) last = after.last;
        if (!best || last > best.last) best = { weekday: name.value, last };
      }
      const lead = phraseAt(weekdayBefore, words, k);
      if (!lead || !linked(words, lead.last, lead.last + 1)) break;
      k = lead.last + 1;
    }
    return best;
  }

  /** "N units" or a lone unit at k, as amount, unit and last word. */
  function amountAt(words: readonly Word[], k: number): { amount: number; unit: InUnit; last: number } | null {
    if (k >= words.length) return null;
    const lower = words[k].lower;
    let amount: number | null = null;
    let next = k + 1;
    if (AMOUNT.test(lower)) amount = Number(lower);
    else {
      const word = phraseAt(numbers, words, k);
      if (word) {
        amount = word.value;
        next = word.last + 1;
      }
    }
    if (amount !== null) {
      if (amount <= 0 || !linked(words, next - 1, next)) return null;
      const unit = phraseAt(units, words, next);
      return unit ? { amount, unit: unit.value, last: unit.last } : null;
    }
    if (!table.unitAlone) return null;
    const unit = phraseAt(units, words, k);
    return unit ? { amount: 1, unit: unit.value, last: unit.last } : null;
  }

  /**
   * "15. Dezember", "15 декабря 2026 года", "15 de dezembro de 2026" at the day number k: the month,
   * then the year if one follows, as month, day, year and last word.
   */
  function dayMonthAt(words: readonly Word[], k: number): { day: number; month: number; year: number | null; last: number } | null {
    const dayMatch = k < words.length ? dayNumber.exec(words[k].lower) : null;
    if (!dayMatch) return null;
    // "15." is how German, Czech, Polish and Norwegian write the day: the dot belongs to the phrase.
    if (!linked(words, k, k + 1, '.')) return null;
    let m = k + 1;
    const lead = phraseAt(monthBefore, words, m);
    if (lead) {
      if (!linked(words, lead.last, lead.last + 1)) return null;
      m = lead.last + 1;
    }
    const month = phraseAt(months, words, m);
    if (!month) return null;
    let last = month.last;
    let year: number | null = null;
    // The year joins the month directly, after a "," or an abbreviation's "." ("15 déc. 2026"), or after a lead word.
    let y = last + 1;
    if (linked(words, last, y, words[last].trail === ',' ? ',' : '.')) {
      const yearLead = phraseAt(yearBefore, words, y);
      if (yearLead && linked(words, yearLead.last, yearLead.last + 1)) y = yearLead.last + 1;
      if (y < words.length && YEAR.test(words[y].lower)) {
        year = Number(words[y].lower);
        last = y;
        const after = linked(words, last, last + 1, '.') ? phraseAt(yearAfter, words, last + 1) : null;
        if (after) last = after.last;
      }
    }
    return { day: Number(dayMatch[1]), month: month.value, year, last };
  }

  function matchAt(words: readonly Word[], i: number, now: Date, found: Found): void {
    const lower = words[i].lower;
    const c0 = lower.charCodeAt(0);
    if (!(c0 >= 48 && c0 <= 57) && !starts.has(lower)) return;
    if (months.size > 0) {
      // From a lead word ("le 15 décembre") the phrase starts at it; the day number alone is offered from its own word.
      const lead = phraseAt(dayBefore, words, i);
      const k = !lead ? i : linked(words, lead.last, lead.last + 1) ? lead.last + 1 : -1;
      const dated = k >= 0 ? dayMonthAt(words, k) : null;
      // An abbreviation's dot ("15. Dez.", "2026 г.") goes with the phrase rather than staying behind as a lone ".".
      if (dated)
        offer(found, TIER_FULL_DATE, candidate(words, i, dated.last, monthDayDate(now, dated.month, dated.day, dated.year), null, words[dated.last].ceDot));
    }
    const day = phraseAt(days, words, i);
    if (day) offer(found, TIER_PHRASE, candidate(words, i, day.last, daysFromToday(now, day.value), null));
    const evening = phraseAt(tonight, words, i);
    if (evening) offer(found, TIER_PHRASE, { ...candidate(words, i, evening.last, daysFromToday(now, 0), null), evening: true });

    const weekday = weekdayAt(words, i);
    if (weekday) offer(found, TIER_WEEKDAY, candidate(words, i, weekday.last, nextWeekday(now, weekday.weekday), null));

    // "in 3 Tagen", "через неделю", and with a closing word also "3 ngày nữa".
    const lead = phraseAt(inBefore, words, i);
    const from = lead && linked(words, lead.last, lead.last + 1) ? lead.last + 1 : inAfter.size > 0 ? i : -1;
    if (from >= 0) {
      const found1 = amountAt(words, from);
      if (found1) {
        let last = found1.last;
        const close = linked(words, last, last + 1) ? phraseAt(inAfter, words, last + 1) : null;
        if (close) last = close.last;
        if (lead || close) {
          const { day: inDay, exact } = amountFromNow(now, found1.amount, found1.unit);
          offer(found, TIER_IN, candidate(words, i, last, inDay, exact));
        }
      }
    }
  }

  function timeAt(words: readonly Word[], k: number): TimeMatch | null {
    if (k < 0 || k >= words.length) return null;
    let j = k;
    const lead = phraseAt(timeBefore, words, k, true);
    if (lead) {
      if (!linked(words, lead.last, lead.last + 1, '.')) return null;
      j = lead.last + 1;
    }
    const token = words[j].lower;
    const c0 = token.charCodeAt(0);
    if (!(c0 >= 48 && c0 <= 57)) return null;
    let hours: number;
    let minutes = 0;
    let strict = false;
    let last = j;
    const clock = CLOCK.exec(token);
    const lettered = clock ? null : hourMinutes?.exec(token);
    const dotted = clock || lettered ? null : DOTTED_CLOCK.exec(token);
    if (clock) {
      hours = Number(clock[1]);
      minutes = Number(clock[2]);
      strict = true;
    } else if (lettered) {
      hours = Number(lettered[1]);
      minutes = lettered[2] === undefined ? 0 : Number(lettered[2]);
      strict = true;
    } else if (dotted) {
      hours = Number(dotted[1]);
      minutes = Number(dotted[2]);
    } else if (HOUR.test(token)) {
      hours = Number(token);
    } else return null;
    // "17 Uhr", "17:30 Uhr", "17.30 Uhr": the hour word makes it a time.
    const after = linked(words, j, j + 1) ? phraseAt(timeAfter, words, j + 1) : null;
    if (after) {
      last = after.last;
      strict = true;
    } else if (!strict) {
      // A bare "17" or "17.30" needs a word before it; alone it is a number (or a version).
      if (!lead) return null;
      const strictLead = phraseAt(timeBeforeStrict, words, k, true)?.last === lead.last;
      if (dotted && !strictLead) return null;
      strict = strictLead;
    }
    if (linked(words, last, last + 1)) {
      const evening = phraseAt(pm, words, last + 1);
      if (evening) {
        if (hours < 12) hours += 12;
        last = evening.last;
      }
    }
    if (hours > 23 || minutes > 59) return null;
    return { first: k, last, start: words[k].cs, end: words[last].ce, hours, minutes, strict };
  }

  function everyWeekdayAt(words: readonly Word[], i: number): { weekday: number; last: number } | null {
    const single = phraseAt(everyWeekday, words, i);
    if (single) return { weekday: single.value, last: single.last };
    const word = phraseAt(every, words, i);
    if (!word || !linked(words, word.last, word.last + 1)) return null;
    const name = phraseAt(weekdays, words, word.last + 1);
    return name ? { weekday: name.value, last: name.last } : null;
  }

  const dateWordBefore = (words: readonly Word[], i: number): number | null => phraseEndingBefore(dateWords, words, i);

  return { locales: table.locales, matchAt, timeAt, dateWordBefore, everyWeekdayAt, examples: table.examples };
}
