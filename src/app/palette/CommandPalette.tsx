// The quick actions palette (cmdk in a Radix dialog): everything plain text finds ranked together, the spec's two-step commands, and nested pick pages.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useAtom, useAtomValue } from 'jotai/react';
import { registry, type Command, type PickOption } from '../../../commands/registry';
import {
  QUICK_ACTIONS,
  RESULT_CAPS,
  groupResults,
  groupsFor,
  isCommandTitle,
  mergeResults,
  quickActionApplies,
  rankEntries,
  searchTypeFor,
  targetFor,
  type EntryKind,
  type GroupKey,
} from '../../../commands/palette';
import { keysOf } from '../../../commands/keyOverrides';
import { prefixesFor } from '../../../parsers';
import { parsePaletteQuery } from './query';
import { paletteCommandAtom, paletteOpenAtom } from '../../state/ui';
import { labelsAtom, labelsLoadedAtom, listsByIdAtom, loadLabels, namespacesAtom } from '../../state/namespaces';
import { listTasksAtom } from '../../state/tasks';
import { quickAddModeAtom } from '../../state/taskSettings';
import { recentListIdsAtom } from '../../state/recentLists';
import { recentTasksAtom, rememberTask } from '../../state/recent';
import { userAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { selectedTaskIdsAtom } from '../../state/selection';
import { isSavedFilterList } from '../../api/lists';
import type { Task } from '../../api/tasks';
import type { Team } from '../../api/teams';
import { pathFor } from '../../routes';
import { cancelIntent, intendPath } from '../routeData';
import { useCommandContext } from '../useCommand';
import { useShortcutLabel } from '../shortcutLabel';
import { rankByText } from '../fuzzyRank';
import { currentLanguage, useT } from '../../i18n';
import { createSearchIndex, type SearchItem } from './searchIndex';
import { searchTasksOnServer, searchTeamsOnServer, taskTitles } from './actions';
import { restoreFocus, takeEarlyKeys } from './paletteFocus';
import './palette.css';
import { useOnline } from '../NeedsConnection';

export const SEARCH_DEBOUNCE_MS = 150;
/** One ranked list of everything: long enough to show each kind, short enough to render on every keystroke. */
const RESULTS_CAP = 30;
const PICK_CAP = 50;

type Row =
  | { kind: 'command'; key: string; title: string; command: Command; disabledReason?: string }
  | { kind: Exclude<EntryKind, 'command'>; key: string; id: number; title: string; hint?: string }
  | { kind: 'create'; key: string; what: 'task' | 'list' | 'namespace'; title: string; text: string; disabledReason?: string }
  | { kind: 'option'; key: string; title: string; option: PickOption };

/** The rows plain text finds (ranked together). */
type EntryRow = Extract<Row, { kind: EntryKind }>;

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

/** What the palette shows: the search, a command waiting for typed input, or a command's pick page. */
type Page = { kind: 'search' } | { kind: 'input'; command: Command } | { kind: 'pick'; command: Command };

export default function CommandPalette() {
  const t = useT();
  const keyLabel = useShortcutLabel();
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [requested, setRequested] = useAtom(paletteCommandAtom);
  const baseCtx = useCommandContext();
  const selected = useAtomValue(selectedTaskIdsAtom);
  const ctx = useMemo(() => ({ ...baseCtx, selectedTaskIds: selected, fromPalette: true }), [baseCtx, selected]);
  const mode = useAtomValue(quickAddModeAtom);
  const listsById = useAtomValue(listsByIdAtom);
  const namespaces = useAtomValue(namespacesAtom);
  const labels = useAtomValue(labelsAtom);
  const recentListIds = useAtomValue(recentListIdsAtom);
  const recentTasks = useAtomValue(recentTasksAtom);
  const defaultListId = useAtomValue(userAtom)?.settings?.defaultListId ?? 0;

  const [query, setQuery] = useState('');
  const [page, setPage] = useState<Page>({ kind: 'search' });
  const [serverTasks, setServerTasks] = useState<TaskItem[]>([]);
  const [teams, setTeams] = useState<Team[]>([]);
  const [options, setOptions] = useState<PickOption[] | null>(null);
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const active = page.kind === 'search' ? null : page.command;

  // cmdk computes aria-activedescendant before the newly highlighted option is rendered, so it names the previous one
  // (often an option no longer in the list) and screen readers announce the wrong row. The attribute is kept on the
  // option that is really highlighted.
  useEffect(() => {
    if (!open) return;
    let observer: MutationObserver | null = null;
    const timer = window.setTimeout(() => {
      const root = document.querySelector('.palette');
      if (!root) return;
      const sync = () => {
        const id = root.querySelector('[cmdk-item][aria-selected="true"]')?.id;
        for (const el of root.querySelectorAll('[cmdk-input], [cmdk-list]')) {
          if (id && el.getAttribute('aria-activedescendant') !== id) el.setAttribute('aria-activedescendant', id);
          else if (!id && el.hasAttribute('aria-activedescendant')) el.removeAttribute('aria-activedescendant');
        }
      };
      observer = new MutationObserver(sync);
      observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'aria-activedescendant'] });
      sync();
    }, 0);
    return () => {
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [open]);

  // Text typed between the key that opened the palette and its field taking the focus is added to the query.
  const takeTypedAhead = () => {
    const early = takeEarlyKeys();
    if (!early) return;
    setQuery((q) => {
      const next = q + early;
      // The dialog may select its field's text as it focuses it; the next key must extend the text, not replace it.
      window.setTimeout(() => inputRef.current?.setSelectionRange(next.length, next.length), 0);
      return next;
    });
  };

  const openPage = (next: Page) => {
    setPage(next);
    setQuery('');
    setMessage(null);
    setOptions(null);
    inputRef.current?.focus();
  };

  // A key that runs a command needing a choice (b on a kanban card) opens the palette on that command's page.
  useEffect(() => {
    if (!open || requested === null) return;
    const command = registry.get(requested);
    setRequested(null);
    if (command) openPage(command.pick ? { kind: 'pick', command } : { kind: 'input', command });
    // openPage is a new function each render; a request is handled once, when it arrives while the palette is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, requested]);

  // Labels are one of the kinds plain text finds; they load with the palette when no screen has loaded them.
  useEffect(() => {
    if (open && !appStore.get(labelsLoadedAtom)) loadLabels().catch(() => undefined);
  }, [open]);

  // Recent tasks opened elsewhere were remembered by id; their titles come from the server once.
  useEffect(() => {
    if (!open) return;
    const missing = recentTasks.filter((task) => task.title === '').map((task) => task.id);
    if (missing.length === 0) return;
    const known = new Map(tasksInMemory(listsById.keys()).map((task) => [task.id, task.title]));
    for (const id of missing) if (known.get(id)) rememberTask({ id, title: known.get(id)! });
    const unknown = missing.filter((id) => !known.get(id));
    if (unknown.length > 0) taskTitles(unknown).then((found) => found.forEach((task) => rememberTask(task)), () => undefined);
    // Once per opening: the titles it fills in change recentTasks, which must not start another round of requests.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const lists = useMemo(() => [...listsById.values()].filter((l) => (l.id > 0 || isSavedFilterList(l)) && !l.isArchived), [listsById]);
  const taskIndex = useMemo(() => createSearchIndex(open ? tasksInMemory(listsById.keys()) : []), [open, listsById]);

  const language = currentLanguage();
  const parsed = useMemo(() => parsePaletteQuery(query, mode, new Date(), language), [query, mode, language]);
  const type = searchTypeFor(query, parsed);
  const wants = groupsFor(type);
  /** Plain text (no list, label or assignee prefix): every kind of thing is searched and ranked together. */
  const plain = parsed.list === null && parsed.labels.length === 0 && parsed.assignees.length === 0;

  // Server search: debounced, the latest query wins. Offline only what this tab has loaded is found (said below).
  const online = useOnline();
  useEffect(() => {
    setServerTasks([]);
    setTeams([]);
    if (page.kind !== 'search' || query.trim() === '' || !online) return;
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
  }, [query, mode, page, online]);

  // A pick page's choices follow the typed text (users are searched on the server; a date is read from words).
  useEffect(() => {
    if (page.kind !== 'pick' || !page.command.pick) return;
    let stale = false;
    const load = () =>
      Promise.resolve(page.command.pick!.options(ctx, query)).then(
        (found) => !stale && setOptions(found),
        () => !stale && setOptions([]),
      );
    const timer = window.setTimeout(load, options === null ? 0 : SEARCH_DEBOUNCE_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
    // ctx changes identity with the store; the page and the text decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, query]);

  const groups = useMemo(() => {
    const rows: Partial<Record<GroupKey, Row[]>> = {};
    if (page.kind === 'input') return [];
    if (page.kind === 'pick') {
      const all = options ?? [];
      const ranked = rankByText(query, all.filter((o) => !o.fixed), (o) => o.title, PICK_CAP);
      rows.results = [...ranked, ...all.filter((o) => o.fixed)].map((option) => ({ kind: 'option', key: `option:${option.id}`, title: option.title, option }));
      return groupResults(rows);
    }
    // Opening the palette from itself is pointless.
    const commands = registry.visible(ctx).filter((c) => c.id !== 'palette.open');
    const commandRow = (c: Command): EntryRow => ({
      kind: 'command',
      key: `command:${c.id}`,
      title: t(c.title),
      command: c,
      disabledReason: registry.isEnabled(c, ctx) ? undefined : t(registry.reasonFor(c, ctx) ?? 'palette.unavailable'),
    });
    if (query.trim() === '') {
      const recent: Row[] = [];
      for (const id of recentListIds) {
        const list = listsById.get(id);
        if (list) recent.push({ kind: 'list', key: `recent-list:${id}`, id, title: list.title });
      }
      for (const task of recentTasks) {
        // Titles still being fetched show as the loading text rather than a bare id.
        recent.push({ kind: 'task', key: `recent-task:${task.id}`, id: task.id, title: task.title || t('palette.loadingTitle') });
      }
      rows.recent = recent.slice(0, RESULT_CAPS.recent * 2);
      // Quick actions first: they are what the palette is for.
      const ordered = [...commands].sort((a, b) => Number(quickActionApplies(b.id, ctx)) - Number(quickActionApplies(a.id, ctx)));
      rows.commands = ordered.map(commandRow);
      return groupResults(rows);
    }
    const nsTitle = (id: number) => namespaces.find((n) => n.id === id)?.title;
    const taskRows = (needle: string): EntryRow[] =>
      mergeResults(taskIndex.search(needle, RESULT_CAPS.tasks), serverTasks, RESULT_CAPS.tasks).map((task) => ({
        kind: 'task',
        key: `task:${task.id}`,
        id: task.id,
        title: task.title,
        hint: listsById.get(task.listId)?.title,
      }));
    const listRows = (): EntryRow[] =>
      lists.map((l) => ({ kind: isSavedFilterList(l) ? 'filter' : 'list', key: `list:${l.id}`, id: l.id, title: l.title, hint: nsTitle(l.namespaceId) }));
    const labelRows = (): EntryRow[] => labels.map((l) => ({ kind: 'label', key: `label:${l.id}`, id: l.id, title: l.title }));
    const teamRows = (): EntryRow[] => teams.slice(0, RESULT_CAPS.teams).map((tm) => ({ kind: 'team', key: `team:${tm.id}`, id: tm.id, title: tm.name }));

    if (plain) {
      // Everything, ranked together by the text.
      const text = query.trim();
      const entries: EntryRow[] = [
        ...commands.map(commandRow),
        ...listRows(),
        ...namespaces.filter((n) => n.id > 0 && !n.isArchived).map((n): EntryRow => ({ kind: 'namespace', key: `namespace:${n.id}`, id: n.id, title: n.title })),
        ...labelRows(),
        ...teamRows(),
        ...taskRows(text),
      ];
      rows.results = rankEntries(text, entries, RESULTS_CAP);
      if (!isCommandTitle(text, commands.map((c) => t(c.title)))) {
        const taskTarget = ctx.listId !== null && ctx.listId > 0 ? ctx.listId : defaultListId > 0 ? defaultListId : null;
        rows.create = [
          {
            kind: 'create',
            key: 'create:task',
            what: 'task',
            text,
            title: t('palette.create.task', { title: text }),
            disabledReason: taskTarget === null ? t('palette.create.noList') : undefined,
          },
          { kind: 'create', key: 'create:list', what: 'list', text, title: t('palette.create.list', { title: text }) },
          { kind: 'create', key: 'create:namespace', what: 'namespace', text, title: t('palette.create.namespace', { title: text }) },
        ];
      }
      return groupResults(rows);
    }
    // A quick-add prefix narrows the search to its kind (spec: only a list means lists, only assignees teams).
    if (type === 'lists') rows.lists = rankEntries(parsed.list ?? '', listRows(), RESULT_CAPS.lists);
    else if (type === 'labels') rows.labels = rankEntries(parsed.labels.join(' '), labelRows(), RESULT_CAPS.lists);
    else if (type === 'teams') rows.teams = teamRows();
    else {
      if (wants.tasks) rows.tasks = taskRows(parsed.text.trim() || query);
      if (wants.lists && parsed.list) rows.lists = rankEntries(parsed.list, listRows(), RESULT_CAPS.lists);
      if (wants.teams) rows.teams = teamRows();
    }
    return groupResults(rows);
  }, [page, options, ctx, type, plain, query, parsed, t, recentListIds, recentTasks, listsById, lists, namespaces, labels, defaultListId, wants.tasks, wants.lists, wants.teams, taskIndex, serverTasks, teams]);


  // The highlighted row is held here, not inside cmdk: cmdk highlights the first row from a scheduled effect that can
  // run before the rows for the new text are in place, and then keeps a row that is gone, so nothing was highlighted
  // and Enter did nothing (seen about once in four palette runs on a busy machine). Here the highlight is the row the
  // arrows chose while it is shown, else the first row, on every render.
  const rowKeys = useMemo(() => groups.flatMap((group) => group.items.map((row) => row.key)), [groups]);
  const highlightedKey = rowKeys.includes(highlighted) ? highlighted : (rowKeys[0] ?? '');
  // The highlighted list starts loading, so Enter opens it with its tasks already there (or on their way).
  const highlightedList = groups.flatMap((group) => group.items).find((row) => row.key === highlightedKey && row.kind === 'list');
  const highlightedListId = highlightedList?.kind === 'list' ? highlightedList.id : null;
  useEffect(() => {
    if (!open || highlightedListId === null) return cancelIntent();
    intendPath(pathFor('list.index', { listId: highlightedListId }));
  }, [open, highlightedListId]);

  const close = () => {
    setOpen(false);
    restoreFocus();
    setQuery('');
    setPage({ kind: 'search' });
    setMessage(null);
    setOptions(null);
  };

  /** Runs a command with input; the palette closes when it ran, and keeps the text when it failed. */
  const runWith = async (command: Command, input?: string) => {
    if (running) return;
    setRunning(true);
    try {
      const ran = await registry.run(command.id, ctx, input);
      if (ran) close();
      else setMessage(t(registry.reasonFor(command, ctx) ?? 'palette.unavailable'));
    } catch {
      // The command already showed the error; the typed text stays for another try.
    } finally {
      setRunning(false);
    }
  };

  const runActive = () => {
    if (page.kind !== 'input') return;
    if (query.trim() === '') {
      setMessage(t('palette.inputRequired'));
      return;
    }
    void runWith(page.command, query.trim());
  };

  const create = async (row: Extract<Row, { kind: 'create' }>) => {
    if (row.what === 'task') {
      setRunning(true);
      try {
        const { createTaskFromPalette } = await import('./createTask');
        await createTaskFromPalette(ctx, row.text);
        close();
      } catch {
        // createTaskFromPalette showed why; the text stays.
      } finally {
        setRunning(false);
      }
      return;
    }
    const command = registry.get(row.what === 'list' ? 'list.new' : 'namespace.new');
    if (command) await runWith(command, row.text);
  };

  const pick = (row: Row) => {
    if ((row.kind === 'command' || row.kind === 'create') && row.disabledReason) {
      setMessage(row.disabledReason);
      return;
    }
    if (row.kind === 'option') {
      if (page.kind === 'pick') void runWith(page.command, row.option.id);
      return;
    }
    if (row.kind === 'create') {
      void create(row);
      return;
    }
    if (row.kind === 'command') {
      if (row.command.pick) return openPage({ kind: 'pick', command: row.command });
      if (row.command.input || quickActionApplies(row.command.id, ctx)) return openPage({ kind: 'input', command: row.command });
      close();
      void registry.run(row.command.id, ctx).catch((err: unknown) => globalThis.reportError?.(err));
      return;
    }
    close();
    if (row.kind === 'task') {
      rememberTask({ id: row.id, title: row.title });
      ctx.navigate(pathFor('task.detail', { id: row.id }));
    } else if (row.kind === 'list' || row.kind === 'filter') ctx.navigate(pathFor('list.index', { listId: row.id }));
    else if (row.kind === 'namespace') ctx.navigate(`${pathFor('namespaces.index')}#namespace-${row.id}`);
    else if (row.kind === 'label') ctx.navigate(pathFor('labels.index'));
    else ctx.navigate(pathFor('teams.edit', { id: row.id }));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && query === '' && page.kind !== 'search') {
      e.preventDefault();
      openPage({ kind: 'search' });
    } else if (e.key === 'Enter' && page.kind === 'input') {
      // Stops cmdk from treating Enter as picking a row: the active command takes the text.
      e.preventDefault();
      runActive();
    }
  };

  const currentList = ctx.listId !== null ? (listsById.get(ctx.listId) ?? null) : null;
  const target = targetFor(page.kind === 'input' ? page.command.id : null, {
    list: currentList,
    namespaceTitle: (id) => namespaces.find((n) => n.id === id)?.title ?? null,
  });
  const prefixes = prefixesFor(mode);
  const showPrefixes = prefixes && (page.kind === 'search' || active?.id === 'palette.newTask');
  const placeholder =
    page.kind === 'pick'
      ? page.command.pick!.placeholder
      : page.kind === 'input'
        ? (QUICK_ACTIONS.find((a) => a.id === page.command.id)?.placeholder ?? page.command.input ?? 'palette.placeholder.search')
        : 'palette.placeholder.search';

  return (
    <Cmdk.Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      label={t('palette.title')}
      shouldFilter={false}
      value={highlightedKey}
      onValueChange={setHighlighted}
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
          onFocus={takeTypedAhead}
          placeholder={t(placeholder)}
          aria-label={page.kind === 'search' ? t('palette.inputLabel') : `${t(active!.title)}: ${t(placeholder)}`}
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
        {page.kind === 'search' && query.trim() !== '' && !online && <p className="needs-connection">{t('outbox.searchOffline')}</p>}
        {page.kind === 'input' && <p>{t('palette.hint.activeCommand')}</p>}
        {page.kind === 'pick' && <p>{t('palette.hint.pick')}</p>}
      </div>
      {page.kind !== 'input' && (
        <Cmdk.List className="palette-list">
          <Cmdk.Empty>{page.kind === 'pick' && options === null ? t('palette.loading') : t('palette.noResults')}</Cmdk.Empty>
          {groups.map((group) => (
            <Cmdk.Group key={group.key} heading={t(`palette.group.${group.key}`)}>
              {group.items.map((row) => {
                const unavailable = (row.kind === 'command' || row.kind === 'create') && row.disabledReason ? row.disabledReason : null;
                return (
                  <Cmdk.Item key={row.key} value={row.key} onSelect={() => pick(row)} className={`palette-item${unavailable ? ' is-unavailable' : ''}`}>
                    <span className="palette-item-title">{row.title}</span>
                    {unavailable && <span className="palette-item-hint">{unavailable}</span>}
                    {row.kind !== 'command' && row.kind !== 'create' && row.kind !== 'option' && group.key === 'results' && <span className="palette-kind">{t(`palette.kind.${row.kind}`)}</span>}
                    {(row.kind === 'task' || row.kind === 'list' || row.kind === 'filter') && row.hint && <span className="palette-item-hint">{row.hint}</span>}
                    {row.kind === 'option' && row.option.hint && <span className="palette-item-hint">{row.option.hint}</span>}
                    {row.kind === 'command' && keysOf(row.command).length > 0 && (
                      <span className="palette-keys">
                        {keysOf(row.command).map((k) => (
                          <kbd key={k}>{keyLabel(k)}</kbd>
                        ))}
                      </span>
                    )}
                  </Cmdk.Item>
                );
              })}
            </Cmdk.Group>
          ))}
        </Cmdk.List>
      )}
    </Cmdk.Dialog>
  );
}
