// Spec part 2 l.54/l.275: week start comes from the user's settings (default 0, Sunday), so the upcoming view's
// week presets (lastWeek, thisWeek, restOfThisWeek, nextWeek) follow it instead of the date math's Monday default.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { appStore } from '../../src/state/store';
import { sessionAtom, userAtom, weekStartAtom } from '../../src/state/session';
import { renderRoute } from './render';

vi.mock('../../src/api/tasks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/tasks')>()),
  getAllTasks: vi.fn(async () => ({ items: [], totalPages: 1, resultCount: 0 })),
}));
const tasksApi = vi.mocked(await import('../../src/api/tasks'));
const { upcomingQuery, resolveDate } = await import('../../src/views/tasks/upcomingQuery');
const { default: Upcoming } = await import('../../src/views/tasks/Upcoming');

// Wednesday 14 January 2026, noon.
const WEDNESDAY = new Date(2026, 0, 14, 12);
const thisWeek = { from: 'now/w', to: 'now/w+1w', showNulls: false, showOverdue: false };

function dueBounds(query: ReturnType<typeof upcomingQuery>) {
  const value = (c: string) => new Date(query.filters!.find((f) => f.field === 'due_date' && f.comparator === c)!.value as string);
  return { from: value('greater_equals'), to: value('less_equals') };
}

describe('upcoming query week start', () => {
  it('starts weeks on Sunday by default and on the given day otherwise', () => {
    expect(dueBounds(upcomingQuery(thisWeek, WEDNESDAY))).toEqual({ from: new Date(2026, 0, 11), to: new Date(2026, 0, 18) });
    expect(dueBounds(upcomingQuery(thisWeek, WEDNESDAY, 1))).toEqual({ from: new Date(2026, 0, 12), to: new Date(2026, 0, 19) });
    expect(resolveDate('now/w-1w', WEDNESDAY, 0)).toEqual(new Date(2026, 0, 4));
    expect(resolveDate('now/w-1w', WEDNESDAY, 1)).toEqual(new Date(2026, 0, 5));
  });
});

describe('upcoming view week start', () => {
  beforeEach(() => {
    tasksApi.getAllTasks.mockClear();
    appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, username: 'ada', exp: Date.now() / 1000 + 3600 } });
  });

  it.each([
    ['unset (Sunday)', undefined, 0],
    ['Sunday', 0, 0],
    ['Monday', 1, 1],
  ])('asks for this week from the user setting: %s', async (_label, weekStart, day) => {
    appStore.set(userAtom, { id: 1, username: 'ada', settings: weekStart === undefined ? {} : { weekStart } });
    expect(appStore.get(weekStartAtom)).toBe(day);
    renderRoute(Upcoming, '/tasks/by/upcoming?from=now%2Fw&to=now%2Fw%2B1w');
    expect(await screen.findByRole('heading', { name: 'This week' })).toBeInTheDocument();
    await waitFor(() => expect(tasksApi.getAllTasks).toHaveBeenCalled());
    const { from, to } = dueBounds(tasksApi.getAllTasks.mock.calls[0][0]);
    expect(from.getDay()).toBe(day);
    expect([from.getHours(), from.getMinutes()]).toEqual([0, 0]);
    expect(to.getTime() - from.getTime()).toBeGreaterThanOrEqual(6.9 * 86_400_000);
  });
});
