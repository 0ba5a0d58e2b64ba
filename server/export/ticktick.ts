// The "ticktick" migrator: a TickTick CSV backup turned into import content (the data export's shape).
//
// A backup starts with a few lines about the file (date, version, the status legend), then a header row
// beginning with "Folder Name", then one row per task. Folders become namespaces, lists lists, kanban
// columns buckets, tags labels, parentId subtask relations; reminders are durations before the due date.
import { parse } from 'csv-parse/sync';
import { badRequest } from '../errors.js';
import type { ImportContent } from './importExport.js';
import { NO_FILES } from './importSteps.js';
import type { ExportLabel, ExportRelatedTask, ExportTask } from './format.js';

const DAY_S = 86_400;
/** Repeat frequencies that are a fixed number of seconds (RFC 5545 FREQ). */
const FREQ_SECONDS: Record<string, number> = { MINUTELY: 60, HOURLY: 3_600, DAILY: DAY_S, WEEKLY: 7 * DAY_S, YEARLY: 365 * DAY_S };
/** TickTick priorities 0 none, 1 low, 3 medium, 5 high → the API's 0 unset, 1 low, 2 medium, 3 high. */
const PRIORITY: Record<string, number> = { '0': 0, '1': 1, '3': 2, '5': 3 };
const DEFAULT_NAMESPACE = 'Imported from TickTick';
const ZERO = '0001-01-01T00:00:00Z';

type Row = Record<string, string>;
/** The part of an exported task a backup fills; labels and related tasks carry only what the import reads. */
type TaskOut = Pick<
  ExportTask,
  | 'id'
  | 'title'
  | 'description'
  | 'done'
  | 'done_at'
  | 'due_date'
  | 'start_date'
  | 'repeat_after'
  | 'repeat_mode'
  | 'priority'
  | 'bucket_id'
  | 'index'
  | 'position'
  | 'kanban_position'
  | 'created'
  | 'updated'
> & {
  reminder_dates: string[];
  labels: Pick<ExportLabel, 'id' | 'title'>[];
  related_tasks: Record<string, Pick<ExportRelatedTask, 'id'>[]>;
};

/** A TickTick date ("2022-05-20T22:00:00+0000") as RFC 3339, or null when empty or unreadable. */
export function tickTickDate(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const d = new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Seconds of an ISO 8601 duration such as "-P1DT2H30M" or "PT0S" (negative before), or null. */
export function durationSeconds(value: string): number | null {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!m || value.trim().replace(/^[+-]/, '') === 'P') return null;
  const [, sign, w, d, h, min, s] = m;
  const total = (Number(w ?? 0) * 7 + Number(d ?? 0)) * DAY_S + Number(h ?? 0) * 3_600 + Number(min ?? 0) * 60 + Number(s ?? 0);
  return sign === '-' ? -total : total;
}

/** An RRULE as the API's repeat: fixed intervals in seconds, monthly as repeat mode 1. Unknown rules repeat nothing. */
export function tickTickRepeat(rule: string): { repeat_after: number; repeat_mode: number } {
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((p) => p.split('=') as [string, string])
      .filter((p) => p.length === 2)
      .map(([k, v]) => [k.trim().toUpperCase(), v.trim().toUpperCase()]),
  );
  const freq = parts.get('FREQ') ?? '';
  const interval = Math.max(1, Number.parseInt(parts.get('INTERVAL') ?? '1', 10) || 1);
  // Monthly repeats keep the day of the month (repeat mode 1), which only exists for one month at a time;
  // every N months has no exact form in the API and becomes N × 30 days.
  if (freq === 'MONTHLY') return interval === 1 ? { repeat_after: 0, repeat_mode: 1 } : { repeat_after: interval * 30 * DAY_S, repeat_mode: 0 };
  const seconds = FREQ_SECONDS[freq];
  return seconds ? { repeat_after: seconds * interval, repeat_mode: 0 } : { repeat_after: 0, repeat_mode: 0 };
}

/** Checklist items as markdown task items, so they show and toggle as a checklist: ▫ open, ▪ done. */
function checklistMarkdown(content: string): string {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^\s*▫\s?/, '* [ ] ').replace(/^\s*▪\s?/, '* [x] '))
    .join('\n');
}

function readRows(csv: string): Row[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    throw badRequest(`This TickTick backup could not be read as CSV: ${(err as Error).message}`);
  }
  const headerAt = records.findIndex((r) => r[0]?.trim() === 'Folder Name');
  if (headerAt < 0 || !records[headerAt].some((c) => c.trim() === 'Title')) {
    throw badRequest('This is not a TickTick backup: the header row ("Folder Name", …, "Title", …) is missing.');
  }
  const header = records[headerAt].map((c) => c.trim());
  return records.slice(headerAt + 1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** Converts a TickTick CSV backup into import content. Throws 400 for files that are not such a backup. */
export function tickTickContent(csv: string, now: Date = new Date()): ImportContent {
  const rows = readRows(csv);
  const stamp = now.toISOString();
  const namespaces = new Map<string, { title: string; lists: Map<string, { title: string; columns: Map<string, number>; tasks: TaskOut[] }> }>();
  const labelIds = new Map<string, number>();
  const taskIdOf = new Map<string, number>();
  const parents: { child: TaskOut; parentKey: string }[] = [];
  let nextId = 1;

  for (const row of rows) {
    const folder = row['Folder Name']?.trim() || DEFAULT_NAMESPACE;
    const listTitle = row['List Name']?.trim() || 'Inbox';
    let ns = namespaces.get(folder);
    if (!ns) namespaces.set(folder, (ns = { title: folder, lists: new Map() }));
    let list = ns.lists.get(listTitle);
    if (!list) ns.lists.set(listTitle, (list = { title: listTitle, columns: new Map(), tasks: [] }));

    const column = row['Column Name']?.trim() ?? '';
    if (column && !list.columns.has(column)) list.columns.set(column, Number.parseFloat(row['Column Order'] ?? '') || list.columns.size);

    const due = tickTickDate(row['Due Date']);
    const start = tickTickDate(row['Start Date']);
    const anchor = due ?? start;
    const reminders = anchor
      ? (row.Reminder ?? '')
          .split(',')
          .map((r) => durationSeconds(r))
          .filter((s): s is number => s !== null)
          .map((s) => new Date(Date.parse(anchor) + s * 1000).toISOString())
      : [];
    const status = row.Status?.trim() ?? '0';
    const done = status === '1' || status === '2';
    const content = row.Content ?? '';
    const labels = (row.Tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((title) => {
        let id = labelIds.get(title);
        if (id === undefined) labelIds.set(title, (id = labelIds.size + 1));
        return { id, title };
      });
    const created = tickTickDate(row['Created Time']) ?? stamp;
    const index = list.tasks.length + 1;
    const task: TaskOut = {
      id: nextId++,
      title: row.Title?.trim() ?? '',
      description: row.Kind?.trim().toUpperCase() === 'CHECKLIST' || row['Is Check list']?.trim() === 'Y' ? checklistMarkdown(content) : content,
      done,
      done_at: done ? (tickTickDate(row['Completed Time']) ?? stamp) : ZERO,
      due_date: due ?? ZERO,
      start_date: start ?? ZERO,
      reminder_dates: reminders,
      ...tickTickRepeat(row.Repeat ?? ''),
      priority: PRIORITY[row.Priority?.trim() ?? '0'] ?? 0,
      labels,
      bucket_id: column ? [...list.columns.keys()].indexOf(column) + 1 : 0,
      index,
      position: index * 65_536,
      kanban_position: index * 65_536,
      related_tasks: {},
      created,
      updated: created,
    };
    list.tasks.push(task);
    const key = row.taskId?.trim();
    if (key) taskIdOf.set(key, task.id);
    const parentKey = row.parentId?.trim();
    if (parentKey) parents.push({ child: task, parentKey });
  }

  // Subtasks: both sides of the relation, as an export carries them.
  const byId = new Map<number, TaskOut>();
  for (const ns of namespaces.values()) for (const l of ns.lists.values()) for (const t of l.tasks) byId.set(t.id, t);
  for (const { child, parentKey } of parents) {
    const parent = byId.get(taskIdOf.get(parentKey) ?? 0);
    if (!parent || parent === child) continue;
    (child.related_tasks.parenttask ??= []).push({ id: parent.id });
    (parent.related_tasks.subtask ??= []).push({ id: child.id });
  }

  let listId = 0;
  const data = [...namespaces.values()].map((ns, nsIndex) => ({
    id: nsIndex + 1,
    title: ns.title,
    lists: [...ns.lists.values()].map((l) => {
      listId += 1;
      // Buckets take the columns' ids (1…n in first-seen order) and are placed by the columns' order.
      const buckets = [...l.columns.entries()].map(([title, order], i) => ({ id: i + 1, title, order }));
      const ranked = [...buckets].sort((a, b) => a.order - b.order);
      return {
        id: listId,
        title: l.title,
        position: listId * 65_536,
        buckets: buckets.map((b) => ({ id: b.id, title: b.title, position: (ranked.indexOf(b) + 1) * 65_536 })),
        tasks: l.tasks,
      };
    }),
  }));
  return { namespaces: data, filters: [], files: NO_FILES };
}
