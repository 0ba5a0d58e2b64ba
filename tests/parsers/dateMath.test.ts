// Date math expressions and the date-range presets against a fixed clock.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATE_RANGES, isDateMath, parseDateMath, resolveDateRange, type DateRangeName } from '../../parsers/index.js';

/** Thursday 17 Feb 2022, 14:30:45.123 local. */
const NOW = new Date(2022, 1, 17, 14, 30, 45, 123);

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
const full = (d: Date | null): string | null =>
  d &&
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;

describe('parseDateMath', () => {
  it.each<[string, string | null]>([
    ['now', '2022-02-17 14:30:45.123'],
    [' now ', '2022-02-17 14:30:45.123'],
    ['now+1s', '2022-02-17 14:30:46.123'],
    ['now-30s', '2022-02-17 14:30:15.123'],
    ['now+1m', '2022-02-17 14:31:45.123'],
    ['now+1h', '2022-02-17 15:30:45.123'],
    ['now+1H', '2022-02-17 15:30:45.123'],
    ['now+10h', '2022-02-18 00:30:45.123'],
    ['now+1d', '2022-02-18 14:30:45.123'],
    ['now-1d', '2022-02-16 14:30:45.123'],
    ['now+d', '2022-02-18 14:30:45.123'],
    ['now+12d', '2022-03-01 14:30:45.123'],
    ['now+1w', '2022-02-24 14:30:45.123'],
    ['now-1w', '2022-02-10 14:30:45.123'],
    ['now+1M', '2022-03-17 14:30:45.123'],
    ['now-2M', '2021-12-17 14:30:45.123'],
    ['now+1y', '2023-02-17 14:30:45.123'],
    ['now/s', '2022-02-17 14:30:45.000'],
    ['now/m', '2022-02-17 14:30:00.000'],
    ['now/h', '2022-02-17 14:00:00.000'],
    ['now/H', '2022-02-17 14:00:00.000'],
    ['now/d', '2022-02-17 00:00:00.000'],
    ['now/w', '2022-02-14 00:00:00.000'],
    ['now/M', '2022-02-01 00:00:00.000'],
    ['now/y', '2022-01-01 00:00:00.000'],
    ['now/d+1d', '2022-02-18 00:00:00.000'],
    ['now/d-1d', '2022-02-16 00:00:00.000'],
    ['now-1d/d', '2022-02-16 00:00:00.000'],
    ['now/M+1M', '2022-03-01 00:00:00.000'],
    ['now/M-1M', '2022-01-01 00:00:00.000'],
    ['now/y+1y', '2023-01-01 00:00:00.000'],
    ['now/w+1w', '2022-02-21 00:00:00.000'],
    ['now+1d+2h-30m', '2022-02-18 16:00:45.123'],
    ['2022-06-24||', '2022-06-24 00:00:00.000'],
    ['2022-06-24||+1d', '2022-06-25 00:00:00.000'],
    ['2022-06-24||+1M/M', '2022-07-01 00:00:00.000'],
    ['2022-01-31||+1M', '2022-02-28 00:00:00.000'],
    ['2024-01-31||+1M', '2024-02-29 00:00:00.000'],
    ['2024-02-29||+1y', '2025-02-28 00:00:00.000'],
    ['2022-12-31||+1d', '2023-01-01 00:00:00.000'],
    ['2022-06-24', '2022-06-24 00:00:00.000'],
    ['', null],
    ['tomorrow', null],
    ['now+', null],
    ['now+1', null],
    ['now+1x', null],
    ['now/', null],
    ['now/x', null],
    ['now 1d', null],
    ['nowhere', null],
    ['2022-02-30||+1d', null],
    ['garbage||+1d', null],
  ])('%j → %s', (expression, expected) => {
    expect(full(parseDateMath(expression, NOW))).toBe(expected);
  });

  it('rounds weeks to the given week start', () => {
    expect(full(parseDateMath('now/w', NOW, { weekStart: 0 }))).toBe('2022-02-13 00:00:00.000');
    expect(full(parseDateMath('now/w', NOW, { weekStart: 1 }))).toBe('2022-02-14 00:00:00.000');
    expect(full(parseDateMath('now/w', NOW, { weekStart: 4 }))).toBe('2022-02-17 00:00:00.000');
    expect(full(parseDateMath('now/w', NOW, { weekStart: 5 }))).toBe('2022-02-11 00:00:00.000');
    const sunday = new Date(2022, 1, 20, 10);
    expect(full(parseDateMath('now/w', sunday))).toBe('2022-02-14 00:00:00.000');
    expect(full(parseDateMath('now/w', sunday, { weekStart: 0 }))).toBe('2022-02-20 00:00:00.000');
  });

  it('rounds up to the end of the unit when asked', () => {
    expect(full(parseDateMath('now/d', NOW, { roundUp: true }))).toBe('2022-02-17 23:59:59.999');
    expect(full(parseDateMath('now/M', NOW, { roundUp: true }))).toBe('2022-02-28 23:59:59.999');
    expect(full(parseDateMath('now/y', NOW, { roundUp: true }))).toBe('2022-12-31 23:59:59.999');
  });

  it('tells date math from other text', () => {
    expect(isDateMath('now+1d')).toBe(true);
    expect(isDateMath('2022-01-01||/M')).toBe(true);
    expect(isDateMath('2022-01-01')).toBe(false);
    expect(isDateMath('now+x')).toBe(false);
    expect(isDateMath('hello')).toBe(false);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseDateMath(s, NOW);
        parseDateMath(`now${s}`, NOW);
      }),
    );
  });
});

describe('DATE_RANGES', () => {
  it('has the spec presets', () => {
    expect(Object.keys(DATE_RANGES)).toEqual([
      'today',
      'lastWeek',
      'thisWeek',
      'restOfThisWeek',
      'nextWeek',
      'next7Days',
      'lastMonth',
      'thisMonth',
      'restOfThisMonth',
      'nextMonth',
      'next30Days',
      'thisYear',
      'restOfThisYear',
    ]);
  });

  it.each<[DateRangeName, string, string]>([
    ['today', '2022-02-17 00:00:00.000', '2022-02-18 00:00:00.000'],
    ['lastWeek', '2022-02-07 00:00:00.000', '2022-02-14 00:00:00.000'],
    ['thisWeek', '2022-02-14 00:00:00.000', '2022-02-21 00:00:00.000'],
    ['restOfThisWeek', '2022-02-17 14:30:45.123', '2022-02-21 00:00:00.000'],
    ['nextWeek', '2022-02-21 00:00:00.000', '2022-02-28 00:00:00.000'],
    ['next7Days', '2022-02-17 14:30:45.123', '2022-02-24 14:30:45.123'],
    ['lastMonth', '2022-01-01 00:00:00.000', '2022-02-01 00:00:00.000'],
    ['thisMonth', '2022-02-01 00:00:00.000', '2022-03-01 00:00:00.000'],
    ['restOfThisMonth', '2022-02-17 14:30:45.123', '2022-03-01 00:00:00.000'],
    ['nextMonth', '2022-03-01 00:00:00.000', '2022-04-01 00:00:00.000'],
    ['next30Days', '2022-02-17 14:30:45.123', '2022-03-19 14:30:45.123'],
    ['thisYear', '2022-01-01 00:00:00.000', '2023-01-01 00:00:00.000'],
    ['restOfThisYear', '2022-02-17 14:30:45.123', '2023-01-01 00:00:00.000'],
  ])('%s on 17 Feb 2022 is %s – %s', (name, from, to) => {
    const range = resolveDateRange(name, NOW);
    expect(full(range?.dateFrom ?? null)).toBe(from);
    expect(full(range?.dateTo ?? null)).toBe(to);
  });

  it('every preset runs from before to after its start at year end', () => {
    const nye = new Date(2022, 11, 31, 23, 50);
    for (const name of Object.keys(DATE_RANGES) as DateRangeName[]) {
      const range = resolveDateRange(name, nye);
      expect(range).not.toBeNull();
      expect(range!.dateFrom.getTime()).toBeLessThan(range!.dateTo.getTime());
    }
  });
});
