// Creates tasks from quick-add text: one per line, subtasks by indentation, labels created when missing, lists by name, assignees by name.
import { parseSubtasksViaIndention, parseTaskText, type ParsedTaskText } from '../../../parsers';
import type { Task, TaskLabel, UserRef } from '../../api/tasks';

/** A line named no list, there is no current list and no default list. Shown as list.create.addListRequired. */
export class NoListError extends Error {
  readonly code = 'NO_LIST';
  constructor() {
    super('NO_LIST');
  }
}
/** Empty input. Shown as list.create.addTitleRequired. */
export class TitleRequiredError extends Error {
  readonly code = 'TITLE_REQUIRED';
  constructor() {
    super('TITLE_REQUIRED');
  }
}

export interface AddTaskDeps {
  mode: string;
  now?: Date;
  /** The list being viewed, else null. */
  currentListId: number | null;
  /** The user's default list (settings), else 0/null. */
  defaultListId: number | null;
  lists: { id: number; title: string }[];
  labels: TaskLabel[];
  createTask: (listId: number, task: Partial<Task>) => Promise<Task>;
  createLabel: (title: string) => Promise<TaskLabel>;
  addLabelToTask: (taskId: number, labelId: number) => Promise<void>;
  findUsers: (query: string) => Promise<UserRef[]>;
  createRelation: (taskId: number, otherTaskId: number, kind: 'parenttask') => Promise<void>;
  /** Text spans to keep literally (dismissed tokens), as [start, end) of the whole input. */
  dismissed?: { start: number; end: number }[];
  /** The user's language: quick-add reads its date words besides English, and numeric dates in its order. */
  locale?: string;
}

const PRIVATE_USE = 0xe000;

/**
 * Hides dismissed spans from the parser: each character becomes its own private-use code point, which no
 * rule matches; `unmask` turns them back afterwards, so a dismissed token stays part of the title.
 */
export function maskSpans(text: string, spans: { start: number; end: number }[]): { masked: string; unmask: (s: string) => string } {
  if (!spans.length) return { masked: text, unmask: (s) => s };
  const originals: string[] = [];
  // Spans are in UTF-16 offsets; work on code units to keep them aligned.
  const units = text.split('');
  for (const { start, end } of spans) {
    for (let i = start; i < end && i < units.length; i += 1) {
      if (originals.length >= 6400) break;
      originals.push(units[i]);
      units[i] = String.fromCharCode(PRIVATE_USE + originals.length - 1);
    }
  }
  return {
    masked: units.join(''),
    unmask: (s) => s.replace(/[\ue000-\uf8ff]/g, (c) => originals[c.charCodeAt(0) - PRIVATE_USE] ?? c),
  };
}

export function parseLine(text: string, mode: string, now: Date, dismissed: { start: number; end: number }[] = [], locale = 'en'): ParsedTaskText {
  const { masked, unmask } = maskSpans(text, dismissed);
  const parsed = parseTaskText(masked, mode, now, locale);
  return { ...parsed, text: unmask(parsed.text), labels: parsed.labels.map(unmask), list: parsed.list === null ? null : unmask(parsed.list), assignees: parsed.assignees.map(unmask) };
}

const lower = (s: string) => s.toLocaleLowerCase();

/** Adds every line as a task; returns the created tasks (top-level and subtasks) in input order. */
export async function addTasksFromText(text: string, deps: AddTaskDeps): Promise<Task[]> {
  if (text.trim() === '') throw new TitleRequiredError();
  const now = deps.now ?? new Date();
  const { masked, unmask } = maskSpans(text, deps.dismissed ?? []);
  const lines = parseSubtasksViaIndention(masked, deps.mode);
  if (!lines.length) throw new TitleRequiredError();

  // Resolve every line's list first, so nothing is created when one line cannot be placed.
  const planned = lines.map((line) => {
    const parsed = parseTaskText(line.title, deps.mode, now, deps.locale);
    const listName = parsed.list !== null ? unmask(parsed.list) : line.list !== null ? unmask(line.list) : null;
    let listId: number | null = null;
    if (listName !== null) {
      const found = deps.lists.find((l) => lower(l.title) === lower(listName));
      if (!found) throw new NoListError();
      listId = found.id;
    } else {
      listId = deps.currentListId && deps.currentListId > 0 ? deps.currentListId : deps.defaultListId && deps.defaultListId > 0 ? deps.defaultListId : null;
    }
    if (listId === null) throw new NoListError();
    const title = unmask(parsed.text).trim();
    if (title === '') throw new TitleRequiredError();
    return { line, parsed, listId, title };
  });

  const knownLabels = [...deps.labels];
  const created: Task[] = [];
  const byTitle = new Map<string, Task>();
  for (const { line, parsed, listId, title } of planned) {
    const assignees: UserRef[] = [];
    for (const name of parsed.assignees.map(unmask)) {
      const users = await deps.findUsers(name);
      const match = users.find((u) => [u.username, u.name ?? '', u.email ?? ''].some((v) => v !== '' && lower(v) === lower(name)));
      if (match) assignees.push(match);
    }
    let task = await deps.createTask(listId, {
      title,
      dueDate: parsed.date,
      priority: parsed.priority ?? 0,
      repeatAfter: parsed.repeats ?? undefined,
      assignees,
    });
    const labels: TaskLabel[] = [];
    for (const labelTitle of parsed.labels.map(unmask)) {
      let label = knownLabels.find((l) => lower(l.title) === lower(labelTitle));
      if (!label) {
        label = await deps.createLabel(labelTitle);
        knownLabels.push(label);
      }
      if (labels.some((l) => l.id === label!.id)) continue;
      await deps.addLabelToTask(task.id, label.id);
      labels.push(label);
    }
    if (labels.length) task = { ...task, labels: [...task.labels, ...labels].sort((a, b) => a.title.localeCompare(b.title)) };
    if (line.parent !== null) {
      const parent = byTitle.get(line.parent);
      if (parent) {
        await deps.createRelation(task.id, parent.id, 'parenttask');
        task = { ...task, relatedTasks: { ...task.relatedTasks, parenttask: [parent] } };
      }
    }
    byTitle.set(line.title, task);
    created.push(task);
  }
  return created;
}
