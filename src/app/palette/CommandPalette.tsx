// The quick actions palette (cmdk in a Radix dialog): registry commands with their keys, tasks, lists, teams and recent items.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useAtom, useAtomValue } from 'jotai/react';
import { registry, type Command } from '../../../commands/registry';
import {
  QUICK_ACTIONS,
  RESULT_CAPS,
  filterCommands,
  groupResults,
  groupsFor,
  mergeResults,
  quickActionApplies,
  searchTypeFor,
  targetFor,
  type GroupKey,
} from '../../../commands/palette';
import { keysOf } from '../../../commands/keyOverrides';
import { prefixesFor } from '../../../parsers';
import { parsePaletteQuery } from './query';
import { paletteOpenAtom } from '../../state/ui';
import { listsByIdAtom, namespacesAtom } from '../../state/namespaces';
import { listTasksAtom } from '../../state/tasks';
import { quickAddModeAtom } from '../../state/taskSettings';
import { recentListIdsAtom } from '../../state/recentLists';
import { recentTasksAtom, rememberTask } from '../../state/recent';
import { appStore } from '../../state/store';
import { selectedTaskIdsAtom } from '../../state/selection';
import type { Task } from '../../api/tasks';
import type { Team } from '../../api/teams';
import { pathFor } from '../../routes';
import { useCommandContext } from '../useCommand';
import { shortcutLabel } from '../shortcutLabel';
import { currentLanguage, useT } from '../../i18n';
import { createSearchIndex, type SearchItem } from './searchIndex';
import { searchTasksOnServer, searchTeamsOnServer } from './actions';
import './palette.css';

export const SEARCH_DEBOUNCE_MS = 150;

type Row =
  | { kind: 'command'; key: string; command: Command }
  | { kind: 'task'; key: string; id: number; title: string; hint?: string }
  | { kind: 'list'; key: string; id: number; title: string }
  | { kind: 'team'; key: string; id: number; title: string };

interface TaskItem extends SearchItem {
  listId: number;
  done: boolean;
}

/** Every task already loaded by a list view, for the first-keystroke local search. */
function tasksInMemory(listIds: Iterable<number>): TaskItem[] {
  const out: TaskItem[] = [];
  const seen = new Set<number>();
  for (const id of listIds) {
    for (const task of appStore.get(listTasksAtom(id)).tasks) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      out.push({ id: task.id, title: task.title, listId: task.listId, done: task.done });
    }
  }
  return out;
}

const toTaskItem = (t: Task): TaskItem => ({ id: t.id, title: t.title, listId: t.listId, done: t.done });

export default function CommandPalette() {
  const t = useT();
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const baseCtx = useCommandContext();
  const selected = useAtomValue(selectedTaskIdsAtom);
  const ctx = useMemo(() => ({ ...baseCtx, selectedTaskIds: selected }), [baseCtx, selected]);
  const mode = useAtomValue(quickAddModeAtom);
  const listsById = useAtomValue(listsByIdAtom);
  const namespaces = useAtomValue(namespacesAtom);
  const recentListIds = useAtomValue(recentListIdsAtom);
  const recentTasks = useAtomValue(recentTasksAtom);

  const [query, setQuery] = useState('');
  const [active, setActive] = useState<Command | null>(null);
  const [serverTasks, setServerTasks] = useState<TaskItem[]>([]);
  const [teams, setTeams] = useState<Team[]>([]);
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Indexes are built when the palette opens; the data does not change under an open palette often enough to matter.
  const lists = useMemo(() => [...listsById.values()].filter((l) => l.id > 0 && !l.isArchived), [listsById]);
  const listIndex = useMemo(() => createSearchIndex(lists), [lists]);
  const taskIndex = useMemo(() => createSearchIndex(open ? tasksInMemory(listsById.keys()) : []), [open, listsById]);

  const language = currentLanguage();
  const parsed = useMemo(() => parsePaletteQuery(query, mode, new Date(), language), [query, mode, language]);
  const type = searchTypeFor(query, parsed);
  const wants = groupsFor(type);

  // Server search: debounced, the latest query wins.
  useEffect(() => {
    setServerTasks([]);
    setTeams([]);
    if (active || query.trim() === '') return;
    let stale = false;
    const timer = window.setTimeout(() => {
      if (wants.tasks && parsed.text.trim() !== '') {
        searchTasksOnServer(query, mode)
          .then((found) => !stale && setServerTasks(found.map(toTaskItem)))
          .catch(() => undefined);
      }
      if (wants.teams) {
        searchTeamsOnServer(type === 'teams' ? parsed.assignees : [parsed.text.trim()])
          .then((found) => !stale && setTeams(found))
          .catch(() => undefined);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
    // parsed/wants/type derive from query and mode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, mode, active]);

  const groups = useMemo(() => {
    if (active) return [];
    const rows: Partial<Record<GroupKey, Row[]>> = {};
    // Every applicable command, so the palette teaches the keys; opening the palette from itself is pointless.
    const commands = registry.applicable(ctx).filter((c) => c.id !== 'palette.open');
    if (type === 'all' || type === 'tasks') {
      const text = type === 'all' ? query : parsed.text;
      // Quick actions first: they are what the palette is for.
      const ordered = [...commands].sort((a, b) => Number(quickActionApplies(b.id, ctx)) - Number(quickActionApplies(a.id, ctx)));
      rows.commands = filterCommands(ordered, text, t)
        .slice(0, query.trim() === '' ? 100 : RESULT_CAPS.commands)
        .map((c) => ({ kind: 'command', key: `command:${c.id}`, command: c }));
    }
    if (query.trim() === '') {
      const recent: Row[] = [];
      for (const id of recentListIds) {
        const list = listsById.get(id);
        if (list) recent.push({ kind: 'list', key: `recent-list:${id}`, id, title: list.title });
      }
      const inMemory = recentTasks.some((task) => task.title === '') ? new Map(tasksInMemory(listsById.keys()).map((task) => [task.id, task.title])) : null;
      for (const task of recentTasks) {
        const title = task.title || inMemory?.get(task.id) || `#${task.id}`;
        recent.push({ kind: 'task', key: `recent-task:${task.id}`, id: task.id, title });
      }
      rows.recent = recent.slice(0, RESULT_CAPS.recent * 2);
      return groupResults(rows);
    }
    if (wants.tasks) {
      const local = taskIndex.search(parsed.text.trim() || query, RESULT_CAPS.tasks);
      rows.tasks = mergeResults(local, serverTasks, RESULT_CAPS.tasks).map((task) => ({
        kind: 'task',
        key: `task:${task.id}`,
        id: task.id,
        title: task.title,
        hint: listsById.get(task.listId)?.title,
      }));
    }
    if (wants.lists) {
      const needle = type === 'lists' ? (parsed.list ?? '') : query;
      rows.lists = listIndex.search(needle, RESULT_CAPS.lists).map((l) => ({ kind: 'list', key: `list:${l.id}`, id: l.id, title: l.title }));
    }
    if (wants.teams) rows.teams = teams.slice(0, RESULT_CAPS.teams).map((tm) => ({ kind: 'team', key: `team:${tm.id}`, id: tm.id, title: tm.name }));
    return groupResults(rows);
  }, [active, ctx, type, query, parsed, t, recentListIds, recentTasks, listsById, wants.tasks, wants.lists, wants.teams, taskIndex, serverTasks, listIndex, teams]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(null);
    setMessage(null);
  };

  const runActive = async () => {
    if (!active || running) return;
    if (query.trim() === '') {
      setMessage(t('palette.inputRequired'));
      return;
    }
    setRunning(true);
    try {
      const ran = await registry.run(active.id, ctx, query.trim());
      if (ran) close();
    } catch {
      // The command already showed the error; the typed text stays for another try.
    } finally {
      setRunning(false);
    }
  };

  const pick = (row: Row) => {
    if (row.kind === 'command') {
      const needsInput = !!row.command.input || quickActionApplies(row.command.id, ctx);
      if (needsInput) {
        setActive(row.command);
        setQuery('');
        setMessage(null);
        inputRef.current?.focus();
        return;
      }
      close();
      void registry.run(row.command.id, ctx).catch((err: unknown) => globalThis.reportError?.(err));
      return;
    }
    close();
    if (row.kind === 'task') {
      rememberTask({ id: row.id, title: row.title });
      ctx.navigate(pathFor('task.detail', { id: row.id }));
    } else if (row.kind === 'list') ctx.navigate(pathFor('list.index', { listId: row.id }));
    else ctx.navigate(pathFor('teams.edit', { id: row.id }));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && query === '' && active) {
      e.preventDefault();
      setActive(null);
      setMessage(null);
    } else if (e.key === 'Enter' && active) {
      // Stops cmdk from treating Enter as picking a row: the active command takes the text.
      e.preventDefault();
      void runActive();
    }
  };

  const currentList = ctx.listId !== null ? (listsById.get(ctx.listId) ?? null) : null;
  const target = targetFor(active?.id ?? null, {
    list: currentList,
    namespaceTitle: (id) => namespaces.find((n) => n.id === id)?.title ?? null,
  });
  const prefixes = prefixesFor(mode);
  const showPrefixes = prefixes && (active === null || active.id === 'palette.newTask');

  return (
    <Cmdk.Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      label={t('palette.title')}
      shouldFilter={false}
      loop
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      <div className="palette-input-row">
        {active && (
          <span className="palette-active" aria-live="polite">
            {t(active.title)}
          </span>
        )}
        <Cmdk.Input
          ref={inputRef}
          value={query}
          onValueChange={(v) => {
            setQuery(v);
            setMessage(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={t(active ? (QUICK_ACTIONS.find((a) => a.id === active.id)?.placeholder ?? active.input ?? 'palette.placeholder.search') : 'palette.placeholder.search')}
          aria-label={t('palette.inputLabel')}
          disabled={running}
        />
      </div>
      <div className="palette-hint" aria-live="polite">
        {message && (
          <p className="palette-message" role="alert">
            {message}
          </p>
        )}
        {target && <p>{t(target.kind === 'list' ? 'palette.hint.targetList' : 'palette.hint.targetNamespace', { title: target.title })}</p>}
        {showPrefixes && (
          <p>
            {t('palette.hint.prefixes', { label: prefixes.label, list: prefixes.list, priority: prefixes.priority, assignee: prefixes.assignee })}
          </p>
        )}
        {active && <p>{t('palette.hint.activeCommand')}</p>}
      </div>
      {!active && (
        <Cmdk.List className="palette-list">
          <Cmdk.Empty>{t('palette.noResults')}</Cmdk.Empty>
          {groups.map((group) => (
            <Cmdk.Group key={group.key} heading={t(`palette.group.${group.key}`)}>
              {group.items.map((row) => (
                <Cmdk.Item key={row.key} value={row.key} onSelect={() => pick(row)} className="palette-item">
                  <span className="palette-item-title">{row.kind === 'command' ? t(row.command.title) : row.title}</span>
                  {row.kind === 'task' && row.hint && <span className="palette-item-hint">{row.hint}</span>}
                  {row.kind === 'command' && keysOf(row.command).length > 0 && (
                    <span className="palette-keys">
                      {keysOf(row.command).map((k) => (
                        <kbd key={k}>{shortcutLabel(k, t('keyboardShortcuts.then'))}</kbd>
                      ))}
                    </span>
                  )}
                </Cmdk.Item>
              ))}
            </Cmdk.Group>
          ))}
        </Cmdk.List>
      )}
    </Cmdk.Dialog>
  );
}
