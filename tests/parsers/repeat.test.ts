// Repeat interval ⇄ seconds conversion, with months of 30 days and years of 365 days.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MILLISECONDS_A_DAY,
  PRIORITIES,
  SECONDS_A_DAY,
  SECONDS_A_HOUR,
  SECONDS_A_MINUTE,
  SECONDS_A_MONTH,
  SECONDS_A_WEEK,
  SECONDS_A_YEAR,
  repeatAfterToSeconds,
  secondsToRepeatAfter,
  type RepeatAfter,
} from '../../parsers/index.js';

describe('constants', () => {
  it('has the spec values', () => {
    expect(PRIORITIES).toEqual({ UNSET: 0, LOW: 1, MEDIUM: 2, HIGH: 3, URGENT: 4, DO_NOW: 5 });
    expect([SECONDS_A_MINUTE, SECONDS_A_HOUR, SECONDS_A_DAY, SECONDS_A_WEEK, SECONDS_A_MONTH, SECONDS_A_YEAR]).toEqual([
      60, 3600, 86400, 604800, 2592000, 31536000,
    ]);
    expect(MILLISECONDS_A_DAY).toBe(86400000);
  });
});

describe('secondsToRepeatAfter', () => {
  it.each<[number, RepeatAfter]>([
    [3600, { type: 'hours', amount: 1 }],
    [7200, { type: 'hours', amount: 2 }],
    [36 * 3600, { type: 'hours', amount: 36 }],
    [86400, { type: 'days', amount: 1 }],
    [2 * 86400, { type: 'days', amount: 2 }],
    [6 * 86400, { type: 'days', amount: 6 }],
    [604800, { type: 'weeks', amount: 1 }],
    [2 * 604800, { type: 'weeks', amount: 2 }],
    [8 * 86400, { type: 'days', amount: 8 }],
    [2592000, { type: 'months', amount: 1 }],
    [6 * 2592000, { type: 'months', amount: 6 }],
    [31536000, { type: 'years', amount: 1 }],
    [2 * 31536000, { type: 'years', amount: 2 }],
    [364 * 86400, { type: 'weeks', amount: 52 }],
    [366 * 86400, { type: 'days', amount: 366 }],
    [14 * 2592000, { type: 'months', amount: 14 }],
    [1800, { type: 'hours', amount: 0.5 }],
    [0, { type: 'hours', amount: 0 }],
    [-5, { type: 'hours', amount: 0 }],
  ])('%d s → %j', (seconds, repeat) => {
    expect(secondsToRepeatAfter(seconds)).toEqual(repeat);
  });
});

describe('repeatAfterToSeconds', () => {
  it.each<[RepeatAfter, number]>([
    [{ type: 'hours', amount: 1 }, 3600],
    [{ type: 'hours', amount: 12 }, 43200],
    [{ type: 'days', amount: 1 }, 86400],
    [{ type: 'days', amount: 3 }, 259200],
    [{ type: 'weeks', amount: 1 }, 604800],
    [{ type: 'weeks', amount: 2 }, 1209600],
    [{ type: 'months', amount: 1 }, 2592000],
    [{ type: 'months', amount: 6 }, 15552000],
    [{ type: 'years', amount: 1 }, 31536000],
    [{ type: 'years', amount: 2 }, 63072000],
    [{ type: 'hours', amount: 0 }, 0],
  ])('%j → %d s', (repeat, seconds) => {
    expect(repeatAfterToSeconds(repeat)).toBe(seconds);
  });

  it('round-trips whole hours, days, months and years', () => {
    fc.assert(
      fc.property(fc.constantFrom<RepeatAfter['type']>('hours', 'days', 'months', 'years'), fc.integer({ min: 1, max: 500 }), (type, amount) => {
        const back = secondsToRepeatAfter(repeatAfterToSeconds({ type, amount }));
        expect(repeatAfterToSeconds(back)).toBe(repeatAfterToSeconds({ type, amount }));
      }),
    );
  });
});
