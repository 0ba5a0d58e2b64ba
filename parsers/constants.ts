// Priorities and time constants shared by the parsers and the rest of the client (spec §3, §9).

export const PRIORITIES = {
  UNSET: 0,
  LOW: 1,
  MEDIUM: 2,
  HIGH: 3,
  URGENT: 4,
  DO_NOW: 5,
} as const;

export type Priority = (typeof PRIORITIES)[keyof typeof PRIORITIES];

export const SECONDS_A_MINUTE = 60;
export const SECONDS_A_HOUR = 60 * SECONDS_A_MINUTE;
export const SECONDS_A_DAY = 24 * SECONDS_A_HOUR;
export const SECONDS_A_WEEK = 7 * SECONDS_A_DAY;
/** The spec fixes a month at 30 days and a year at 365 days for repeat intervals. */
export const SECONDS_A_MONTH = 30 * SECONDS_A_DAY;
export const SECONDS_A_YEAR = 365 * SECONDS_A_DAY;
export const MILLISECONDS_A_SECOND = 1000;
export const MILLISECONDS_A_DAY = SECONDS_A_DAY * MILLISECONDS_A_SECOND;
