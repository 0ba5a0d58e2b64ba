// Day offsets for the named quick dates (today, next monday, this weekend, …) and the default hour of a parsed date.

export type DayIntervalName =
  | 'today'
  | 'tomorrow'
  | 'nextMonday'
  | 'thisWeekend'
  | 'laterThisWeek'
  | 'laterNextWeek'
  | 'nextWeek';

/**
 * Days from a day with the given weekday (0 Sunday … 6 Saturday) to the named day.
 * - nextMonday: the coming Monday, never today (a week ahead on a Monday).
 * - thisWeekend: the coming Saturday; today on a Saturday and on a Sunday (still the weekend).
 * - laterThisWeek: two days ahead from Monday to Thursday; from Friday to Sunday the week is
 *   already "late", so it is today.
 * - laterNextWeek: the same a week on.
 * - nextWeek: always seven days.
 * Unknown names give 0 (today).
 */
export function calculateDayInterval(name: DayIntervalName | string, weekday: number = new Date().getDay()): number {
  const safe = Number.isFinite(weekday) ? Math.trunc(weekday) : new Date().getDay();
  const day = ((safe % 7) + 7) % 7;
  switch (name) {
    case 'today':
      return 0;
    case 'tomorrow':
      return 1;
    case 'nextMonday':
      return (8 - day) % 7 || 7;
    case 'thisWeekend':
      return day === 0 ? 0 : 6 - day;
    case 'laterThisWeek':
      return day === 5 || day === 6 || day === 0 ? 0 : 2;
    case 'laterNextWeek':
      return calculateDayInterval('laterThisWeek', day) + 7;
    case 'nextWeek':
      return 7;
    default:
      return 0;
  }
}

/**
 * The hour a date without an explicit time gets: the next of 9, 12, 15, 18 and 21 at or after the
 * current hour, and 9 from 22:00 until 9:59 (the next morning's slot). Only the hour counts, so
 * 12:59 still gives 12.
 */
export function calculateNearestHours(date: Date = new Date()): number {
  const hour = date.getHours();
  if (hour <= 9 || hour > 21) return 9;
  if (hour <= 12) return 12;
  if (hour <= 15) return 15;
  if (hour <= 18) return 18;
  return 21;
}
