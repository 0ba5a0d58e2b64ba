// Simplified Chinese quick-add dates: 今天, 明天, 后天, 星期一/周一/礼拜一, 下周一, 3天后, 12月15日, 下午3点, 15:00.
//
// Chinese has no spaces, so a date is found inside a run of characters rather than as a whole word.
// The guard that stands in for the whole-word rule: a match never touches a Latin letter or a digit
// on either side (so "v2明天" or "明天3x" stay text), and a weekday is not read after 上 (last week),
// 每 (every: a repeat, read by everyWeekdayAt) or 一 (as in 一周一次, once a week).
import {
  TIER_FULL_DATE,
  TIER_IN,
  TIER_PHRASE,
  TIER_WEEKDAY,
  amountFromNow,
  daysFromToday,
  monthDayDate,
  nextWeekday,
  offer,
  type Found,
  type InUnit,
  type TimeMatch,
} from '../dateCandidates.js';
import type { DateLanguage, EveryWeekday } from '../dateLanguage.js';
import { linked, type Word } from '../words.js';

const DAYS: Readonly<Record<string, number>> = { 今天: 0, 今日: 0, 明天: 1, 明日: 1, 后天: 2, 後天: 2, 大后天: 3 };
const WEEKDAY_NUMBERS: Readonly<Record<string, number>> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 0, 天: 0 };
const NUMBERS: Readonly<Record<string, number>> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const UNITS: Readonly<Record<string, InUnit>> = { 小时: 'hours', 个小时: 'hours', 天: 'days', 周: 'weeks', 个星期: 'weeks', 星期: 'weeks', 个月: 'months' };

const TIME = '(上午|早上|中午|下午|晚上)?(?:(\\d{1,2})(?:点|點|时)(?:(半)|(\\d{1,2})分?)?|(\\d{1,2}):(\\d{2}))';
const DATE = new RegExp(
  '(大后天|今天|今日|明天|明日|后天|後天)' +
    '|(下个?|这个?|本)?(星期|周|礼拜)([一二三四五六日天])' +
    '|(\\d{1,3}|[一两二三四五六七八九十])(小时|个小时|天|周|个星期|星期|个月)(?:后|以后|之后)' +
    '|(?:(\\d{4})年)?(\\d{1,2})月(\\d{1,2})[日号]' +
    '|(今晚|今夜)',
  'g',
);
/** Words before a date that say a date follows (by, at, until): they go with it. */
const DATE_WORDS = ['截止到', '截止', '截至', '在', '于', '到'];
const TIME_ONLY = new RegExp(TIME, 'g');
const TIME_AT_START = new RegExp(`^${TIME}`);

/** Latin letters and digits: a date phrase must not touch them, as it would be part of a code or a name. */
function isLatinOrDigit(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9]/.test(c);
}

function hasHan(text: string): boolean {
  return /[\u4e00-\u9fff]/.test(text);
}

interface ReadTime {
  hours: number;
  minutes: number;
  length: number;
}

function readTime(m: RegExpExecArray): ReadTime | null {
  const period = m[1];
  let hours = Number(m[2] ?? m[5]);
  const minutes = m[3] ? 30 : m[4] !== undefined ? Number(m[4]) : m[6] !== undefined ? Number(m[6]) : 0;
  if ((period === '下午' || period === '晚上') && hours < 12) hours += 12;
  if (period === '中午' && hours < 11) hours += 12;
  if (hours > 23 || minutes > 59) return null;
  return { hours, minutes, length: m[0].length };
}

/** Weekday with 下 (next) means that day of next week, as Chinese counts weeks from Monday. */
function weekdayDate(now: Date, weekday: number, next: boolean): Date {
  const date = nextWeekday(now, weekday);
  if (!next) return date;
  const mondayIndex = (d: number): number => (d + 6) % 7;
  const ahead = Math.round((date.getTime() - daysFromToday(now, 0).getTime()) / 86_400_000);
  const sameWeek = mondayIndex(weekday) > mondayIndex(now.getDay()) && ahead < 7;
  return sameWeek ? daysFromToday(now, ahead + 7) : date;
}

function matchAt(words: readonly Word[], i: number, now: Date, found: Found): void {
  const w = words[i];
  const core = w.lower;
  if (!hasHan(core)) return;
  DATE.lastIndex = 0;
  for (let m = DATE.exec(core); m !== null; m = DATE.exec(core)) {
    const before = core[m.index - 1];
    let end = m.index + m[0].length;
    if (isLatinOrDigit(before)) continue;
    let tier: number;
    let day: Date | null = null;
    let exact: Date | null = null;
    let evening = m[10] !== undefined;
    if (m[1] !== undefined || evening) {
      tier = TIER_PHRASE;
      day = daysFromToday(now, evening ? 0 : DAYS[m[1]]);
    } else if (m[4] !== undefined) {
      if (m[2] === undefined && (before === '上' || before === '每' || before === '一')) continue;
      tier = TIER_WEEKDAY;
      day = weekdayDate(now, WEEKDAY_NUMBERS[m[4]], m[2] !== undefined && m[2].startsWith('下'));
    } else if (m[9] !== undefined) {
      tier = TIER_FULL_DATE;
      day = monthDayDate(now, Number(m[8]) - 1, Number(m[9]), m[7] === undefined ? null : Number(m[7]));
      if (!day) continue;
    } else {
      const amount = /^\d+$/.test(m[5]) ? Number(m[5]) : NUMBERS[m[5]];
      if (!amount) continue;
      tier = TIER_IN;
      ({ day, exact } = amountFromNow(now, amount, UNITS[m[6]]));
    }
    // A time written right after the day belongs to it: 明天下午3点.
    const time = day ? TIME_AT_START.exec(core.slice(end)) : null;
    const read = time ? readTime(time) : null;
    if (read && day) {
      exact = new Date(day.getTime());
      // 今晚8点 is 20:00.
      exact.setHours(evening && read.hours < 12 ? read.hours + 12 : read.hours, read.minutes, 0, 0);
      day = null;
      end += read.length;
    } else if (m[1] === '今天' && core.startsWith('晚上', end)) {
      // 今天晚上 without an hour is tonight.
      evening = true;
      end += 2;
    }
    if (isLatinOrDigit(core[end])) continue;
    const lead = DATE_WORDS.find(
      (word) => m.index >= word.length && core.startsWith(word, m.index - word.length) && !isLatinOrDigit(core[m.index - word.length - 1]),
    );
    const start = m.index - (lead?.length ?? 0);
    offer(found, tier, { first: i, last: i, start: w.cs + start, end: w.cs + end, day, exact, evening: evening && !exact });
  }
}

/** A time alone, such as 下午3点 or 15:00 inside a run of Chinese text. */
function timeAt(words: readonly Word[], k: number): TimeMatch | null {
  if (k < 0 || k >= words.length) return null;
  const w = words[k];
  const core = w.lower;
  TIME_ONLY.lastIndex = 0;
  for (let m = TIME_ONLY.exec(core); m !== null; m = TIME_ONLY.exec(core)) {
    const end = m.index + m[0].length;
    if (isLatinOrDigit(core[m.index - 1]) || isLatinOrDigit(core[end])) continue;
    const read = readTime(m);
    if (read) return { first: k, last: k, start: w.cs + m.index, end: w.cs + end, hours: read.hours, minutes: read.minutes, strict: true };
  }
  return null;
}

const EVERY_WEEKDAY = /每个?(?:星期|周|礼拜)([一二三四五六日天])/;

function everyWeekdayAt(words: readonly Word[], i: number): EveryWeekday | null {
  const w = words[i];
  const m = EVERY_WEEKDAY.exec(w.lower);
  if (!m || isLatinOrDigit(w.lower[m.index - 1]) || isLatinOrDigit(w.lower[m.index + m[0].length])) return null;
  return { weekday: WEEKDAY_NUMBERS[m[1]], last: i, start: w.cs + m.index, end: w.cs + m.index + m[0].length };
}

/** A date word written as its own word before a date ("截止 16/12"). */
function dateWordBefore(words: readonly Word[], i: number): number | null {
  return linked(words, i - 1, i) && DATE_WORDS.includes(words[i - 1].lower) ? i - 1 : null;
}

export const zh: DateLanguage = {
  locales: ['zh-CN'],
  matchAt,
  timeAt,
  dateWordBefore,
  everyWeekdayAt,
  examples: '明天下午3点, 今晚, 截止周五, 后天, 下周一, 3天后, 12月15日, 16/12, 每周二',
};
