// Palette logic: the search-type rule, merging local and server results, grouping, caps, the fuzzy index and the hint target.
import { describe, expect, it } from 'vitest';
import { groupResults, mergeResults, quickActionApplies, searchTypeFor, targetFor, pushRecent } from '../../commands/palette';
import { createSearchIndex } from '../../src/app/palette/searchIndex';
import { parsePaletteQuery } from '../../src/app/palette/query';
import type { CommandContext } from '../../commands/registry';

const type = (q: string, mode = 'vikunja') => searchTypeFor(q, parsePaletteQuery(q, mode));

describe('search type rule', () => {
  it.each([
    ['', 'all'],
    ['   ', 'all'],
    ['buy milk', 'tasks'],
    ['buy milk *errand', 'tasks'],
    ['buy +Inbox', 'tasks'],
    ['+Inbox', 'lists'],
    ['@alice', 'teams'],
    ['@alice @bob', 'teams'],
    ['*errand', 'labels'],
    ['+Inbox @alice', 'all'],
    ['+Inbox *errand', 'all'],
    ['@alice milk', 'all'],
  ])('%j → %s', (q, expected) => expect(type(q)).toBe(expected));

  it('uses the prefixes of the todoist mode', () => {
    expect(type('#Inbox', 'todoist')).toBe('lists');
    expect(type('+alice', 'todoist')).toBe('teams');
  });

  it('reads everything as text when quick-add is disabled', () => {
    expect(type('+Inbox', 'disabled')).toBe('tasks');
  });
});

describe('merging local and server results', () => {
  it('keeps local order, prefers the server copy, appends server-only items, caps', () => {
    const local = [{ id: 1, v: 'l' }, { id: 2, v: 'l' }];
    const server = [{ id: 3, v: 's' }, { id: 2, v: 's' }];
    expect(mergeResults(local, server, 10)).toEqual([{ id: 1, v: 'l' }, { id: 2, v: 's' }, { id: 3, v: 's' }]);
    expect(mergeResults(local, server, 2).map((x) => x.id)).toEqual([1, 2]);
  });
  it('drops duplicates within one side', () => {
    expect(mergeResults([{ id: 1 }, { id: 1 }], [{ id: 1 }], 5)).toHaveLength(1);
  });
  it('shows server results alone when nothing local matched', () => {
    expect(mergeResults([], [{ id: 9 }], 5)).toEqual([{ id: 9 }]);
  });
});

describe('grouping', () => {
  it('orders recent, commands, tasks, lists, teams and drops empty groups', () => {
    const groups = groupResults({ teams: ['t'], tasks: ['a'], commands: [], lists: ['l'], recent: ['r'] });
    expect(groups.map((g) => g.key)).toEqual(['recent', 'tasks', 'lists', 'teams']);
  });
});

describe('fuzzy index', () => {
  const items = [
    { id: 1, title: 'Buy milk' },
    { id: 2, title: 'Call the bank' },
    { id: 3, title: 'Milk the cow' },
    { id: 4, title: 'Write report' },
  ];
  const index = createSearchIndex(items);
  it('finds by words, case-insensitively', () => {
    expect(index.search('milk', 10).map((i) => i.id).sort()).toEqual([1, 3]);
    expect(index.search('BANK', 10).map((i) => i.id)).toEqual([2]);
  });
  it('tolerates a typo', () => {
    expect(index.search('reprot', 10).map((i) => i.id)).toContain(4);
  });
  it('returns the first items for an empty needle and respects the limit', () => {
    expect(index.search('', 2)).toHaveLength(2);
    expect(index.search('m', 1)).toHaveLength(1);
  });
  it('stays capped on a huge haystack', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i, title: `task number ${i} about milk` }));
    const big = createSearchIndex(many);
    expect(big.search('milk', 20)).toHaveLength(20);
  });
});

describe('commands and quick actions', () => {
  const ctx = (listId: number | null): CommandContext => ({ navigate: () => undefined, routeName: 'home', signedIn: true, listId });
  it('offers new task and new list only with a list open', () => {
    expect(quickActionApplies('palette.newTask', ctx(null))).toBe(false);
    expect(quickActionApplies('list.new', ctx(null))).toBe(false);
    expect(quickActionApplies('palette.newTask', ctx(3))).toBe(true);
    expect(quickActionApplies('list.new', ctx(3))).toBe(true);
    expect(quickActionApplies('namespace.new', ctx(null))).toBe(true);
    expect(quickActionApplies('team.new', ctx(null))).toBe(true);
    expect(quickActionApplies('go.upcoming', ctx(3))).toBe(false);
  });
  it('shows the list for new task and the namespace for new list', () => {
    const current = { list: { title: 'Inbox', namespaceId: 4 }, namespaceTitle: (id: number) => (id === 4 ? 'Home' : null) };
    expect(targetFor('palette.newTask', current)).toEqual({ kind: 'list', title: 'Inbox' });
    expect(targetFor('list.new', current)).toEqual({ kind: 'namespace', title: 'Home' });
    expect(targetFor('team.new', current)).toBeNull();
    expect(targetFor('palette.newTask', { ...current, list: null })).toBeNull();
  });
  it('keeps recent items newest first without duplicates', () => {
    expect(pushRecent([1, 2, 3], 2, (a, b) => a === b, 3)).toEqual([2, 1, 3]);
    expect(pushRecent([1, 2, 3], 4, (a, b) => a === b, 3)).toEqual([4, 1, 2]);
  });
});
