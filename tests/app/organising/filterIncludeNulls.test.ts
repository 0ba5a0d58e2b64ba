// Saved filters: filterIncludeNulls defaults to true (spec part 2 §3) when the server leaves it out.
import { describe, expect, it } from 'vitest';
import { normalizeFilter } from '../../../src/api/filters';

describe('normalizeFilter', () => {
  it('defaults filterIncludeNulls to true when absent', () => {
    expect(normalizeFilter({ id: 3, filters: { filterBy: ['done'] } as never }).filters.filterIncludeNulls).toBe(true);
    expect(normalizeFilter({ id: 3 }).filters.filterIncludeNulls).toBe(true);
  });
  it('keeps an explicit false', () => {
    expect(normalizeFilter({ id: 3, filters: { filterIncludeNulls: false } as never }).filters.filterIncludeNulls).toBe(false);
  });
});
