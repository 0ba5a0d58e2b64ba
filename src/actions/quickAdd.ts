// Quick-add, the one action behind every door (the add-task box of each view, the overview, the palette's "create
// task"): one task per line through the outbox, subtasks by indentation, labels found or created, assignees by name.
import { parseSubtasksViaIndention, parseTaskText, textWithoutTokens, type ParsedTaskText } from '../../parsers';
import type { Task, UserRef } from '../api/tasks';
import { ApiError } from '../api/apiError';
import { success, error as toastError } from '../app/toast';
import { errorTextAsync } from '../app/errorText';
import { currentLanguage, t } from '../i18n';
import { appStore } from '../state/store';
import { listsByIdAtom } from '../state/namespaces';
import { userAtom } from '../state/session';
import { quickAddModeAtom } from '../state/taskSettings';
import { addTasksToList, taskAtomFamily } from '../state/tasks';
import { pendingDelete } from '../outbox/current';
import { assign, addLabel, create } from './tasks';
import { findOrCreate } from './labels';
import { add as addRelation } from './relations';
import { searchAssignees } from './users';

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

/** What could not be done for a line whose task was saved all the same. */
export type LineProblem =
  /** The person exists but cannot see the task's list: the task is saved without them (nothing to try again). */
  { kind: 'assigneeNoAccess'; name: string; list: string } | { kind: 'assignee' | 'label' | 'parent'; name: string; error: unknown };

export interface LineOutcome {
  task: Task;
  problems: LineProblem[];
  /** Every step of the line is done or settled; false: sending the line again tries what is left. */
  finished: boolean;
}

/**
 * Some line is not finished (a label or an assignee failed, or a task could not be created), which the action has
 * told already: every task that was saved stays, and sending the same text again finishes the rest instead of
 * creating anything twice. `lines` are the outcomes of the lines it got to.
 */
export class UnfinishedError extends Error {
  readonly code = 'UNFINISHED';
  constructor(readonly lines: LineOutcome[]) {
    super('UNFINISHED');
  }
}

export interface AddTasksOptions {
  /** The list tasks go to unless the text names another (+List); null or a pseudo list: the default list. */
  currentListId: number | null;
  /** Text spans to keep literally (dismissed tokens), as [start, end) of the whole input. */
  dismissed?: { start: number; end: number }[];
  /** Fills in what a view needs before each task is created (gantt dates, the kanban bucket); gets the task's list. */
  prepare?: (task: Partial<Task>, listId: number) => Partial<Task>;
  /** Called with the tasks this call created (also when it ends unfinished), after they are in their lists. */
  onCreated?: (tasks: Task[]) => void;
  /** The success toast's message key; the default says how many tasks were made. */
  saved?: string;
  now?: Date;
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
  return {
    ...parsed,
    text: unmask(parsed.text),
    labels: parsed.labels.map(unmask),
    list: parsed.list === null ? null : unmask(parsed.list),
    assignees: parsed.assignees.map(unmask),
  };
}

const lower = (s: string) => s.toLocaleLowerCase();

/** What is still to do for a line whose task exists: kept between calls so that sending it again finishes it. */
interface LineProgress {
  taskId: number;
  labels: string[];
  assignees: UserRef[];
  parent: boolean;
}

/**
 * The lines of the last call that did not finish, by line (list, parent, text, and which of equal lines it is). Only
 * one call's lines are kept: a call that finishes forgets them, so a line typed again later is a new task.
 */
let unfinished = new Map<string, LineProgress>();

interface PlannedLine {
  key: string;
  parent: string | null;
  title: string;
  parsed: ParsedTaskText;
  listId: number;
  unmask: (s: string) => string;
}

/** Every line's list and parsed text; throws before anything is made when a line cannot be placed or has no title. */
function plan(text: string, options: AddTasksOptions, mode: string, now: Date, locale: string): PlannedLine[] {
  if (text.trim() === '') throw new TitleRequiredError();
  const { masked, unmask } = maskSpans(text, options.dismissed ?? []);
  const lines = parseSubtasksViaIndention(masked, mode);
  if (!lines.length) throw new TitleRequiredError();
  // Pseudo lists (favorites, saved filters) hold no tasks of their own: they are neither a target nor a +name.
  const lists = [...appStore.get(listsByIdAtom).values()].filter((l) => l.id > 0);
  const current = options.currentListId !== null && options.currentListId > 0 ? options.currentListId : null;
  const defaultListId = appStore.get(userAtom)?.settings?.defaultListId ?? 0;
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const parsed = parseTaskText(line.title, mode, now, locale);
    const listName = parsed.list !== null ? unmask(parsed.list) : line.list !== null ? unmask(line.list) : null;
    let listId: number | null;
    if (listName !== null) {
      const found = lists.find((l) => lower(l.title) === lower(listName));
      if (!found) throw new NoListError();
      listId = found.id;
    } else listId = current ?? (defaultListId > 0 ? defaultListId : null);
    if (listId === null) throw new NoListError();
    if (unmask(parsed.text).trim() === '') throw new TitleRequiredError();
    const id = JSON.stringify([listId, line.parent, line.title]);
    const nth = (seen.get(id) ?? 0) + 1;
    seen.set(id, nth);
    return { key: `${id}#${nth}`, parent: line.parent, title: line.title, parsed, listId, unmask };
  });
}

/** The users the line's @names are, each with the token that named them; a name that matches nobody is left. */
async function findAssignees(line: PlannedLine): Promise<{ users: UserRef[]; tokens: { start: number; end: number }[]; problems: LineProblem[] }> {
  const users: UserRef[] = [];
  const tokens: { start: number; end: number }[] = [];
  const problems: LineProblem[] = [];
  const matches = new Map<string, UserRef | null>();
  for (const token of line.parsed.tokens) {
    if (token.kind !== 'assignee') continue;
    const name = line.unmask(token.value);
    if (!matches.has(lower(name))) {
      try {
        const found = await searchAssignees(name);
        matches.set(lower(name), found.find((u) => [u.username, u.name ?? '', u.email ?? ''].some((v) => v !== '' && lower(v) === lower(name))) ?? null);
      } catch (error) {
        // The name stays in the title: without an answer nobody can say whether it is a person.
        problems.push({ kind: 'assignee', name, error });
        matches.set(lower(name), null);
      }
    }
    const user = matches.get(lower(name));
    if (!user) continue;
    tokens.push(token);
    if (!users.some((u) => u.id === user.id)) users.push(user);
  }
  return { users, tokens, problems };
}

/** Creates the line's task (the title without what quick-add read, found @names included); throws on refusal. */
async function createLine(line: PlannedLine, options: AddTasksOptions): Promise<{ task: Task; progress: LineProgress; problems: LineProblem[] }> {
  const { users, tokens, problems } = await findAssignees(line);
  // A line that is only "@anna" keeps the name rather than become a task without a title.
  const title = line.unmask(textWithoutTokens(line.title, [...line.parsed.removed, ...tokens])).trim() || line.unmask(line.parsed.text).trim();
  const fields: Partial<Task> = { title, dueDate: line.parsed.date, priority: line.parsed.priority ?? 0, repeatAfter: line.parsed.repeats ?? undefined };
  // Assignees are added one by one after the task, so that one who cannot be assigned does not refuse the task.
  const task = await create(line.listId, options.prepare ? options.prepare(fields, line.listId) : fields);
  return { task, progress: { taskId: task.id, labels: line.parsed.labels.map(line.unmask), assignees: users, parent: line.parent !== null }, problems };
}

const NO_ACCESS_TO_LIST = 7003;

/** Does what is left of a line on its task; what fails stays in `progress` for the next try. */
async function finishLine(line: PlannedLine, progress: LineProgress, parent: Task | undefined): Promise<LineProblem[]> {
  const problems: LineProblem[] = [];
  // Read afresh for each step: each one adds to what the store shows. A task deleted meanwhile (a live event) has
  // nothing left to finish.
  const current = () => taskAtomFamily.peek(progress.taskId);
  for (const user of [...progress.assignees]) {
    const task = current();
    if (!task) return problems;
    try {
      await assign(task, user, { quiet: true });
      progress.assignees = progress.assignees.filter((u) => u !== user);
    } catch (error) {
      if (error instanceof ApiError && error.code === NO_ACCESS_TO_LIST) {
        progress.assignees = progress.assignees.filter((u) => u !== user);
        problems.push({ kind: 'assigneeNoAccess', name: user.username, list: appStore.get(listsByIdAtom).get(line.listId)?.title ?? '' });
      } else problems.push({ kind: 'assignee', name: user.username, error });
    }
  }
  for (const title of [...progress.labels]) {
    try {
      const label = await findOrCreate(title);
      const task = current();
      if (!task) return problems;
      await addLabel(task, label, { quiet: true });
      progress.labels = progress.labels.filter((l) => l !== title);
    } catch (error) {
      problems.push({ kind: 'label', name: title, error });
    }
  }
  if (progress.parent && parent) {
    try {
      await addRelation(progress.taskId, parent, 'parenttask', { quiet: true });
      progress.parent = false;
    } catch (error) {
      problems.push({ kind: 'parent', name: parent.title, error });
    }
  }
  return problems;
}

async function tell(task: Task, problem: LineProblem): Promise<void> {
  if (problem.kind === 'assigneeNoAccess') {
    await toastError(new Error(t('task.add.problem.assigneeNoAccess', { name: problem.name, list: problem.list, task: task.title })));
    return;
  }
  const reason = await errorTextAsync(problem.error);
  await toastError(new Error(t(`task.add.problem.${problem.kind}`, { name: problem.name, task: task.title, reason })));
}

/**
 * Adds every line of a quick-add text as a task and returns each line's outcome. Every write goes through the
 * outbox, so it works offline from every door. A line whose task is saved but whose label, assignee or parent link
 * failed is reported (a toast per problem) and kept, as is every task made before a line the server refused: the
 * call then throws UnfinishedError, and the same text sent again finishes those lines and skips the finished ones
 * instead of creating their tasks twice. Throws NoListError or TitleRequiredError before making anything.
 */
export async function addTasks(text: string, options: AddTasksOptions): Promise<LineOutcome[]> {
  const mode = appStore.get(quickAddModeAtom);
  const lines = plan(text, options, mode, options.now ?? new Date(), currentLanguage());
  const previous = unfinished;
  const kept = new Map<string, LineProgress>();
  const outcomes: LineOutcome[] = [];
  const made: Task[] = [];
  const byTitle = new Map<string, Task>();
  let refused = false;
  for (const line of lines) {
    let progress = previous.get(line.key);
    let task = progress ? taskAtomFamily.peek(progress.taskId) : undefined;
    // A task deleted since is gone: the line is a new task again.
    if (!task || pendingDelete(task.id)) progress = undefined;
    const problems: LineProblem[] = [];
    if (!progress) {
      try {
        const created = await createLine(line, options);
        progress = created.progress;
        task = created.task;
        problems.push(...created.problems);
        made.push(created.task);
      } catch (err) {
        // The lines before it stay made; this one and those after it are tried again with the same text.
        void toastError(err);
        refused = true;
        break;
      }
    }
    kept.set(line.key, progress);
    problems.push(...(await finishLine(line, progress, line.parent === null ? undefined : byTitle.get(line.parent))));
    const shown = taskAtomFamily.peek(progress.taskId) ?? task!;
    byTitle.set(line.title, shown);
    const finished = progress.labels.length === 0 && progress.assignees.length === 0 && !progress.parent;
    outcomes.push({ task: shown, problems, finished });
    for (const problem of problems) void tell(shown, problem);
  }

  const byList = new Map<number, Task[]>();
  for (const task of made) {
    const shown = taskAtomFamily.peek(task.id) ?? task;
    byList.set(shown.listId, [...(byList.get(shown.listId) ?? []), shown]);
  }
  for (const [listId, tasks] of byList) addTasksToList(listId, tasks);
  if (made.length) options.onCreated?.(made.map((task) => taskAtomFamily.peek(task.id) ?? task));

  const done = !refused && outcomes.every((o) => o.finished);
  unfinished = done ? new Map() : kept;
  if (!done) throw new UnfinishedError(outcomes);
  void success(options.saved ?? (outcomes.length > 1 ? 'task.createSuccessMany' : 'task.createSuccess'));
  return outcomes;
}
