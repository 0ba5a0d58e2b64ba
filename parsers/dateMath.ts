// Date math for filters and the upcoming view: "now/d", "now+7d", "2021-06-24||+1M/M", and the named date-range presets.

export type DateMathUnit = 's' | 'm' | 'h' | 'H' | 'd' | 'w' | 'M' | 'y';

export interface DateMathOptions {
  /**
   * First day of the week for "/w" (0 Sunday … 6 Saturday). Defaults to Monday, the week of the
   * Elasticsearch/Grafana date math this syntax comes from; pass the user's weekStart setting to follow it.
   */
  weekStart?: number;
  /** Round "/unit" up to the last millisecond of the unit instead of down to its start (for "to" values). */
  roundUp?: boolean;
}

const UNITS = new Set<string>(['s', 'm', 'h', 'H', 'd', 'w', 'M', 'y']);

/** Preset ranges as [from, to] date math. "to" is the start of the following period. */
export const DATE_RANGES = {
  today: ['now/d', 'now/d+1d'],

  lastWeek: ['now/w-1w', 'now/w'],
  thisWeek: ['now/w', 'now/w+1w'],
  restOfThisWeek: ['now', 'now/w+1w'],
  nextWeek: ['now/w+1w', 'now/w+2w'],
  next7Days: ['now', 'now+7d'],

  lastMonth: ['now/M-1M', 'now/M'],
  thisMonth: ['now/M', 'now/M+1M'],
  restOfThisMonth: ['now', 'now/M+1M'],
  nextMonth: ['now/M+1M', 'now/M+2M'],
  next30Days: ['now', 'now+30d'],

  thisYear: ['now/y', 'now/y+1y'],
  restOfThisYear: ['now', 'now/y+1y'],
} as const satisfies Record<string, readonly [string, string]>;

export type DateRangeName = keyof typeof DATE_RANGES;

function addUnits(date: Date, amount: number, unit: DateMathUnit): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 's':
      return new Date(d.getTime() + amount * 1000);
    case 'm':
      return new Date(d.getTime() + amount * 60_000);
    case 'h':
    case 'H':
      return new Date(d.getTime() + amount * 3_600_000);
    case 'd':
      d.setDate(d.getDate() + amount);
      return d;
    case 'w':
      d.setDate(d.getDate() + amount * 7);
      return d;
    case 'M': {
      // Clamp to the month's last day: Jan 31 + 1M is Feb 28/29, not Mar 3.
      const day = d.getDate();
      d.setDate(1);
      d.setMonth(d.getMonth() + amount);
      d.setDate(Math.min(day, new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()));
      return d;
    }
    case 'y': {
      const month = d.getMonth();
      d.setFullYear(d.getFullYear() + amount);
      if (d.getMonth() !== month) d.setDate(0);
      return d;
    }
  }
}

function startOf(date: Date, unit: DateMathUnit, weekStart: number): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 's':
      d.setMilliseconds(0);
      return d;
    case 'm':
      d.setSeconds(0, 0);
      return d;
    case 'h':
    case 'H':
      d.setMinutes(0, 0, 0);
      return d;
    case 'd':
      d.setHours(0, 0, 0, 0);
      return d;
    case 'w':
      d.setHours(0, 0, 0, 0);
      d.setDate(d.getDate() - ((d.getDay() - weekStart + 7) % 7));
      return d;
    case 'M':
      d.setHours(0, 0, 0, 0);
      d.setDate(1);
      return d;
    case 'y':
      d.setHours(0, 0, 0, 0);
      d.setMonth(0, 1);
      return d;
  }
}

/** "2021-06-24" is a local calendar day (as elsewhere in quick-add); anything else goes to Date. */
function parseAnchor(text: string): Date | null {
  const day = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (day) {
    const d = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    d.setFullYear(Number(day[1]));
    return d.getMonth() === Number(day[2]) - 1 && d.getDate() === Number(day[3]) ? d : null;
  }
  if (text === '' || text.length > 40) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Evaluates a date math expression: an anchor ("now", or a date followed by "||"), then any number
 * of "+N unit", "-N unit" (N defaults to 1) and "/unit" (round down to the start of the unit).
 * A plain date without "||" is accepted too. Invalid input gives null, never an exception.
 */
export function parseDateMath(expression: string, now: Date = new Date(), options: DateMathOptions = {}): Date | null {
  if (typeof expression !== 'string') return null;
  const text = expression.trim();
  const weekStart = Number.isInteger(options.weekStart) ? (((options.weekStart as number) % 7) + 7) % 7 : 1;

  let date: Date | null;
  let rest: string;
  if (text.startsWith('now')) {
    date = new Date(now.getTime());
    rest = text.slice(3);
  } else {
    const bar = text.indexOf('||');
    if (bar === -1) return parseAnchor(text);
    date = parseAnchor(text.slice(0, bar).trim());
    rest = text.slice(bar + 2);
  }
  if (date === null) return null;

  let i = 0;
  while (i < rest.length) {
    const op = rest[i];
    i += 1;
    if (op === '/') {
      const unit = rest[i];
      if (unit === undefined || !UNITS.has(unit)) return null;
      i += 1;
      const u = unit as DateMathUnit;
      date = startOf(date, u, weekStart);
      if (options.roundUp) date = new Date(addUnits(date, 1, u).getTime() - 1);
    } else if (op === '+' || op === '-') {
      let digits = '';
      while (i < rest.length && rest[i] >= '0' && rest[i] <= '9' && digits.length < 9) {
        digits += rest[i];
        i += 1;
      }
      const unit = rest[i];
      if (unit === undefined || !UNITS.has(unit)) return null;
      i += 1;
      const amount = digits === '' ? 1 : Number(digits);
      date = addUnits(date, op === '-' ? -amount : amount, unit as DateMathUnit);
    } else {
      return null;
    }
    if (Number.isNaN(date.getTime())) return null;
  }
  return date;
}

/** Whether the text is date math (as opposed to a plain date or free text). */
export function isDateMath(expression: string): boolean {
  const text = expression.trim();
  return (text.startsWith('now') || text.includes('||')) && parseDateMath(text) !== null;
}

/** A preset resolved to dates. */
export function resolveDateRange(name: DateRangeName, now: Date = new Date(), options: DateMathOptions = {}): { dateFrom: Date; dateTo: Date } | null {
  const range = DATE_RANGES[name];
  if (!range) return null;
  const dateFrom = parseDateMath(range[0], now, options);
  const dateTo = parseDateMath(range[1], now, options);
  return dateFrom && dateTo ? { dateFrom, dateTo } : null;
}
