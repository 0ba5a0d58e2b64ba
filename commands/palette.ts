// The palette: its four commands (new task, list, namespace, team) and pure logic: search-type rule, merging, grouping, hint target.
// The fuzzy index lives in src/app/palette/searchIndex.ts so uFuzzy loads with the palette chunk, not at boot.
// Types only: the parsers stay out of the boot bundle (this module is registered at boot).
import type { ParsedTaskText } from '../parsers';
import { defineCommands, type CommandContext } from './registry';
import { foldText, rankByText } from '../src/app/fuzzyRank';

/** Caps keep the rendered list short, so typing never waits on layout (results are capped, not virtualised). */
export const RESULT_CAPS = { commands: 12, recent: 6, tasks: 20, lists: 10, teams: 10 } as const;

/**
 * The palette's quick actions (spec: new task, new list only with a list open, new namespace, new team), each
 * needing non-empty input. New task is defined here; the other three are the organising commands, which take
 * a title as input. `placeholder` is the i18n key shown while the command is active.
 */
export const QUICK_ACTIONS: readonly { id: string; placeholder: string; needsList: boolean }[] = [
  { id: 'palette.newTask', placeholder: 'palette.placeholder.newTask', needsList: true },
  { id: 'list.new', placeholder: 'palette.placeholder.newList', needsList: true },
  { id: 'namespace.new', placeholder: 'palette.placeholder.newNamespace', needsList: false },
  { id: 'team.new', placeholder: 'palette.placeholder.newTeam', needsList: false },
];

const listOpen = (ctx: CommandContext) => ctx.listId !== null && ctx.listId > 0;

/** Whether a quick action is offered in this context (the registry's own `when` is checked as well). */
export function quickActionApplies(id: string, ctx: CommandContext): boolean {
  const action = QUICK_ACTIONS.find((a) => a.id === id);
  return !!action && (!action.needsList || listOpen(ctx));
}

export const paletteCommands = defineCommands([
  {
    id: 'palette.newTask',
    title: 'palette.commands.newTask',
    section: 'tasks',
    input: 'palette.placeholder.newTask',
    when: (ctx) => ctx.signedIn && listOpen(ctx),
    run: async (ctx, input) => {
      if (!input || input.trim() === '') return;
      // The API and state modules load with the first use, not at boot.
      const { createTaskFromPalette } = await import('../src/app/palette/createTask');
      await createTaskFromPalette(ctx, input);
    },
  },
]);

/** What a palette query searches for (spec part 1/2 "Quick actions modal", plus labels alone). */
export type SearchType = 'all' | 'tasks' | 'lists' | 'teams' | 'labels';

/**
 * The search-type rule: empty input searches everything; only assignees means teams; only a list means lists;
 * text means tasks. Any other mix (labels alone, list plus assignees…) searches everything. `text` must be the
 * query without its recognised tokens (see src/app/palette/query.ts): the parser keeps assignee names in its title.
 */
export function searchTypeFor(query: string, parsed: Pick<ParsedTaskText, 'text' | 'list' | 'labels' | 'assignees'>): SearchType {
  if (query.trim() === '') return 'all';
  const text = parsed.text.trim();
  const { list, labels, assignees } = parsed;
  if (assignees.length === 0 && text !== '') return 'tasks';
  if (assignees.length === 0 && list !== null && text === '' && labels.length === 0) return 'lists';
  if (assignees.length > 0 && list === null && text === '' && labels.length === 0) return 'teams';
  // Not in the reference: its prefix narrows to labels like +list narrows to lists.
  if (labels.length > 0 && list === null && text === '' && assignees.length === 0) return 'labels';
  return 'all';
}

/**
 * Local results first (they are there on the first keystroke), then the server's additions; a task the
 * server also returned takes the server's copy, which is fresher.
 */
export function mergeResults<T extends { id: number }>(local: readonly T[], server: readonly T[], limit: number): T[] {
  const fromServer = new Map(server.map((t) => [t.id, t]));
  const seen = new Set<number>();
  const out: T[] = [];
  for (const item of local) {
    if (out.length >= limit) return out;
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(fromServer.get(item.id) ?? item);
  }
  for (const item of server) {
    if (out.length >= limit) return out;
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

export type GroupKey = 'recent' | 'results' | 'commands' | 'tasks' | 'lists' | 'labels' | 'teams' | 'create';

export interface ResultGroup<T> {
  key: GroupKey;
  items: T[];
}

/** Groups in the spec's order (commands, tasks, lists, teams), recent items first; empty groups are dropped. */
export function groupResults<T>(groups: Partial<Record<GroupKey, T[]>>): ResultGroup<T>[] {
  const order: GroupKey[] = ['recent', 'results', 'commands', 'tasks', 'lists', 'labels', 'teams', 'create'];
  return order.filter((k) => (groups[k]?.length ?? 0) > 0).map((key) => ({ key, items: groups[key] as T[] }));
}

/** Which groups a search type fills. */
export function groupsFor(type: SearchType): { tasks: boolean; lists: boolean; teams: boolean; labels: boolean } {
  return {
    tasks: type === 'all' || type === 'tasks',
    lists: type === 'all' || type === 'lists',
    teams: type === 'all' || type === 'teams',
    labels: type === 'all' || type === 'labels',
  };
}

/** The kinds of things plain text finds in the palette. */
export type EntryKind = 'command' | 'list' | 'filter' | 'namespace' | 'label' | 'team' | 'task';

export interface PaletteEntry {
  kind: EntryKind;
  /** Unique across kinds ("list:4"). */
  key: string;
  title: string;
}

/**
 * Among equally good matches, the kind decides: an action before a place, a place before a task (there are
 * many tasks, and "move" should run the command rather than open a task called "Move boxes").
 */
const KIND_ORDER: Record<EntryKind, number> = { command: 0, list: 1, filter: 2, namespace: 3, label: 4, team: 5, task: 6 };

/** 0 exact, 1 start of the title, 2 start of a word, 3 anything else rankByText accepted. */
function matchClass(query: string, title: string): number {
  const q = foldText(query.trim().replace(/\s+/g, ' '));
  const hay = foldText(title);
  if (hay === q) return 0;
  if (hay.startsWith(q)) return 1;
  const at = hay.indexOf(q);
  if (at > 0 && /[^\p{L}\p{N}]/u.test(hay[at - 1])) return 2;
  return 3;
}

/**
 * Everything plain text finds, ranked together by the shared ranking (src/app/fuzzyRank.ts): a match at the start
 * of a title or word first; equally good matches by kind (KIND_ORDER), then in the ranking's order.
 */
export function rankEntries<T extends PaletteEntry>(query: string, entries: readonly T[], limit: number): T[] {
  const ranked = rankByText(query, entries, (e) => e.title);
  const order = new Map(ranked.map((e, i) => [e, i]));
  const classOf = new Map(ranked.map((e) => [e, matchClass(query, e.title)]));
  return ranked
    .sort((a, b) => classOf.get(a)! - classOf.get(b)! || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || order.get(a)! - order.get(b)!)
    .slice(0, limit);
}

/** Whether typed text is a command's whole title: then no "create …" offers are added. */
export function isCommandTitle(query: string, titles: readonly string[]): boolean {
  const q = foldText(query.trim());
  return titles.some((title) => foldText(title) === q);
}

/** The list or namespace a palette command creates into, for the hint line. */
export interface PaletteTarget {
  kind: 'list' | 'namespace';
  title: string;
}

/** "New task" goes into the open list; "new list" into that list's namespace; the others have no target. */
export function targetFor(
  commandId: string | null,
  current: { list: { title: string; namespaceId: number } | null; namespaceTitle: (id: number) => string | null },
): PaletteTarget | null {
  if (!current.list) return null;
  if (commandId === 'palette.newTask' || commandId === null) return { kind: 'list', title: current.list.title };
  if (commandId === 'list.new') {
    const title = current.namespaceTitle(current.list.namespaceId);
    return title === null ? null : { kind: 'namespace', title };
  }
  return null;
}

/** Keeps the most recent first, without duplicates, at most `max`. */
export function pushRecent<T>(items: readonly T[], item: T, same: (a: T, b: T) => boolean, max: number): T[] {
  return [item, ...items.filter((i) => !same(i, item))].slice(0, max);
}
