// The upcoming view's query handling: defaults, flags only for "true", presets, "a to b" splitting, the task query.
import { describe, expect, it } from 'vitest';
import { presetOf, readUpcomingParams, splitRange, upcomingQuery, writeUpcomingParams } from '../../../src/views/tasks/upcomingQuery';

describe('upcoming query', () => {
  it('defaults to now … one week and flags off unless the string true', () => {
    expect(readUpcomingParams(new URLSearchParams(''))).toEqual({ from: 'now', to: 'now+7d', showNulls: false, showOverdue: false });
    expect(readUpcomingParams(new URLSearchParams('showNulls=1&showOverdue=true'))).toMatchObject({ showNulls: false, showOverdue: true });
  });
  it('keeps everything in the query', () => {
    expect(writeUpcomingParams({ from: 'now/w', to: 'now/w+1w', showNulls: true, showOverdue: false })).toEqual({ from: 'now/w', to: 'now/w+1w', showNulls: 'true', showOverdue: 'false' });
  });
  it('names a preset range and splits "a to b"', () => {
    expect(presetOf('now/w', 'now/w+1w')).toBe('thisWeek');
    expect(presetOf('now', 'now+3d')).toBeNull();
    expect(splitRange('2026-01-01 to 2026-02-01')).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(splitRange('now')).toBeNull();
  });
  it('asks for undone tasks in the range; overdue drops the lower bound; nulls included on request', () => {
    const now = new Date(2026, 0, 10, 12);
    const q = upcomingQuery({ from: 'now', to: 'now+7d', showNulls: true, showOverdue: false }, now);
    expect(q.filters).toEqual([
      { field: 'done', comparator: 'equals', value: 'false' },
      { field: 'due_date', comparator: 'greater_equals', value: now.toISOString() },
      { field: 'due_date', comparator: 'less_equals', value: new Date(2026, 0, 17, 12).toISOString() },
    ]);
    expect(q.filterIncludeNulls).toBe(true);
    const overdue = upcomingQuery({ from: 'now', to: 'now+7d', showNulls: false, showOverdue: true }, now);
    expect(overdue.filters!.map((f) => f.comparator)).toEqual(['equals', 'less_equals']);
  });
});
