// Conversion between a repeat interval ({type, amount}) and the API's repeat_after seconds.
import { SECONDS_A_DAY, SECONDS_A_HOUR, SECONDS_A_MONTH, SECONDS_A_WEEK, SECONDS_A_YEAR } from './constants.js';

export type RepeatType = 'hours' | 'days' | 'weeks' | 'months' | 'years';

export interface RepeatAfter {
  type: RepeatType;
  amount: number;
}

export const REPEAT_TYPES: readonly RepeatType[] = ['hours', 'days', 'weeks', 'months', 'years'];

export const REPEAT_MODES = {
  REPEAT_MODE_DEFAULT: 0,
  REPEAT_MODE_MONTH: 1,
  REPEAT_MODE_FROM_CURRENT_DATE: 2,
} as const;

const SECONDS_PER: Readonly<Record<RepeatType, number>> = {
  hours: SECONDS_A_HOUR,
  days: SECONDS_A_DAY,
  weeks: SECONDS_A_WEEK,
  months: SECONDS_A_MONTH,
  years: SECONDS_A_YEAR,
};

// Largest unit first, so that what a user entered as months or years comes back as months or years
// (e.g. 14 months = 420 days is also 60 weeks; months is the better reading).
const BY_SIZE: readonly RepeatType[] = ['years', 'months', 'weeks', 'days'];

/**
 * Picks the interval type by divisibility: the largest unit that divides the seconds exactly.
 * Anything that is not a whole number of days is expressed in hours, fractional if need be,
 * because hours are the smallest unit the UI offers. Zero or negative input means "no repeat"
 * and comes back as 0 hours.
 */
export function secondsToRepeatAfter(seconds: number): RepeatAfter {
  if (!Number.isFinite(seconds) || seconds <= 0) return { type: 'hours', amount: 0 };
  for (const type of BY_SIZE) {
    if (seconds % SECONDS_PER[type] === 0) return { type, amount: seconds / SECONDS_PER[type] };
  }
  return { type: 'hours', amount: seconds / SECONDS_A_HOUR };
}

export function repeatAfterToSeconds(repeat: RepeatAfter): number {
  const per = SECONDS_PER[repeat.type];
  if (per === undefined || !Number.isFinite(repeat.amount)) return 0;
  return Math.round(repeat.amount * per);
}
