// Shared fixtures for the parser tests: fixed clocks and a compact local date format.

/** Thursday 17 Feb 2022, 14:30 local. */
export const THU = new Date(2022, 1, 17, 14, 30, 0, 0);
/** Monday 31 Jan 2022, 10:00; a month end before a short February. */
export const JAN31 = new Date(2022, 0, 31, 10, 0, 0, 0);
/** Wednesday 28 Feb 2024, 08:00; a leap year. */
export const LEAP = new Date(2024, 1, 28, 8, 0, 0, 0);
/** Saturday 31 Dec 2022, 23:50; year end and a clock near midnight. */
export const NYE = new Date(2022, 11, 31, 23, 50, 0, 0);
/** Monday 14 Feb 2022, 12:00. */
export const MON = new Date(2022, 1, 14, 12, 0, 0, 0);
/** Sunday 20 Feb 2022, 19:05. */
export const SUN = new Date(2022, 1, 20, 19, 5, 0, 0);

const pad = (n: number): string => String(n).padStart(2, '0');

/** "YYYY-MM-DD HH:mm" in local time, or null. */
export function fmt(date: Date | null | undefined): string | null {
  if (!date) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether `sub` can be obtained from `full` by deleting characters only. */
export function isSubsequence(sub: string, full: string): boolean {
  let j = 0;
  for (let i = 0; i < full.length && j < sub.length; i += 1) {
    if (full[i] === sub[j]) j += 1;
  }
  return j === sub.length;
}
