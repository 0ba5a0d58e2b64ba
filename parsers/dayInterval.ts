// Day offsets for the named quick dates (today, next monday, this weekend, …); the time they get is in defaultTime.ts.

export type DayIntervalName = 'today' | 'tomorrow' | 'nextMonday' | 'thisWeekend' | 'laterThisWeek' | 'laterNextWeek' | 'nextWeek';

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
