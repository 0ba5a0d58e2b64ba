// Tasks as VTODO components and back: the field mapping between Keyflow tasks and iCalendar.
import type { TaskRow } from '../tasks/serialize.js';
import { normaliseReminders } from '../tasks/input.js';
import {
  IcalError,
  escapeText,
  unescapeText,
  splitTextList,
  formatUtc,
  parseDateValue,
  parseDuration,
  parseIcal,
  prop,
  props,
  serializeIcal,
  type IcalComponent,
  type IcalProperty,
} from './ical.js';

export const PRODID = '-//Keyflow//Keyflow CalDAV//EN';

/** What one task needs to become a VTODO. */
export interface TaskForIcal {
  task: TaskRow;
  reminders: string[];
  labels: string[];
}

/**
 * Tasks made through the API carry no uid; they get a stable derived one so every task has a resource name.
 * Clients that PUT back such a task keep addressing it by that name.
 */
export function taskUid(task: Pick<TaskRow, 'id' | 'uid'>): string {
  return task.uid || `keyflow-task-${task.id}`;
}

/** The task id encoded in a derived uid, or null. */
export function derivedUidTaskId(uid: string): number | null {
  const m = /^keyflow-task-(\d+)$/.exec(uid);
  return m ? Number(m[1]) : null;
}

/**
 * Priority mapping. Keyflow uses 0 (unset), 1 low, 2 medium, 3 high, 4 urgent, 5 "do now";
 * iCalendar uses 0 (undefined) and 1 (highest) … 9 (lowest), with 1–4 high, 5 medium and 6–9 low.
 * Ours → iCal: 5→1, 4→2, 3→3, 2→5, 1→9. iCal → ours: 1→5, 2→4, 3–4→3, 5→2, 6–9→1. Both directions round-trip.
 */
export function priorityToIcal(p: number): number {
  return ({ 5: 1, 4: 2, 3: 3, 2: 5, 1: 9 } as Record<number, number>)[p] ?? 0;
}

export function priorityFromIcal(p: number): number {
  if (!Number.isInteger(p) || p <= 0 || p > 9) return 0;
  if (p === 1) return 5;
  if (p === 2) return 4;
  if (p <= 4) return 3;
  if (p === 5) return 2;
  return 1;
}

const UNITS: [string, number][] = [
  ['WEEKLY', 604800],
  ['DAILY', 86400],
  ['HOURLY', 3600],
  ['MINUTELY', 60],
  ['SECONDLY', 1],
];

/**
 * Repeats as RRULE. Mode 1 (monthly) is FREQ=MONTHLY;INTERVAL=1. A repeat_after in seconds becomes the largest unit
 * that divides it evenly. Mode 2 ("from current date") has no iCalendar form and is written like mode 0.
 */
export function repeatToRrule(mode: number, repeatAfter: number): string | null {
  if (mode === 1) return 'FREQ=MONTHLY;INTERVAL=1';
  if (repeatAfter <= 0) return null;
  for (const [freq, secs] of UNITS) {
    if (repeatAfter % secs === 0) return `FREQ=${freq};INTERVAL=${repeatAfter / secs}`;
  }
  return null;
}

/**
 * RRULE → (mode, repeat_after). FREQ=MONTHLY;INTERVAL=1 is mode 1; other monthly and yearly rules have no exact
 * equivalent and are approximated as 30 and 365 days per interval. BYDAY, COUNT, UNTIL and the like are not kept.
 */
export function rruleToRepeat(rule: string): { mode: number; repeatAfter: number } {
  const parts = new Map(
    rule
      .split(';')
      .map((kv) => kv.split('='))
      .filter((kv) => kv.length === 2)
      .map(([k, v]) => [k.trim().toUpperCase(), v.trim().toUpperCase()]),
  );
  const freq = parts.get('FREQ') ?? '';
  const interval = Math.max(1, Number.parseInt(parts.get('INTERVAL') ?? '1', 10) || 1);
  if (freq === 'MONTHLY') return interval === 1 ? { mode: 1, repeatAfter: 0 } : { mode: 0, repeatAfter: interval * 30 * 86400 };
  if (freq === 'YEARLY') return { mode: 0, repeatAfter: interval * 365 * 86400 };
  const unit = UNITS.find(([f]) => f === freq);
  return unit ? { mode: 0, repeatAfter: interval * unit[1] } : { mode: 0, repeatAfter: 0 };
}

const text = (name: string, value: string): IcalProperty => ({ name, params: {}, value: escapeText(value) });
const utc = (name: string, iso: string): IcalProperty => ({ name, params: {}, value: formatUtc(iso) });

/** The VCALENDAR text of one task. Deterministic for a given stored state, so it can be hashed into an ETag. */
export function taskToIcal({ task, reminders, labels }: TaskForIcal): string {
  const p: IcalProperty[] = [
    { name: 'UID', params: {}, value: escapeText(taskUid(task)) },
    utc('DTSTAMP', task.updated),
    utc('CREATED', task.created),
    utc('LAST-MODIFIED', task.updated),
    text('SUMMARY', task.title),
  ];
  if (task.description) p.push(text('DESCRIPTION', task.description));
  const priority = priorityToIcal(task.priority);
  if (priority) p.push({ name: 'PRIORITY', params: {}, value: String(priority) });
  if (task.start_date) p.push(utc('DTSTART', task.start_date));
  if (task.due_date) p.push(utc('DUE', task.due_date));
  // VTODO has no DTEND in RFC 5545; it is written anyway because the task model has an end date independent of
  // the due date (DUE and DURATION exclude each other) and clients ignore properties they don't know.
  if (task.end_date) p.push(utc('DTEND', task.end_date));
  if (task.done) {
    p.push({ name: 'STATUS', params: {}, value: 'COMPLETED' });
    if (task.done_at) p.push(utc('COMPLETED', task.done_at));
  } else {
    p.push({ name: 'STATUS', params: {}, value: 'NEEDS-ACTION' });
  }
  // Progress is written as stored (not forced to 100 when done) so a round trip never changes it.
  if (task.percent_done > 0) p.push({ name: 'PERCENT-COMPLETE', params: {}, value: String(Math.round(task.percent_done * 100)) });
  const rrule = repeatToRrule(task.repeat_mode, task.repeat_after);
  if (rrule) p.push({ name: 'RRULE', params: {}, value: rrule });
  if (labels.length) p.push({ name: 'CATEGORIES', params: {}, value: labels.map(escapeText).join(',') });
  const alarms: IcalComponent[] = reminders.map((r) => ({
    name: 'VALARM',
    props: [
      { name: 'TRIGGER', params: { VALUE: 'DATE-TIME' }, value: formatUtc(r) },
      { name: 'ACTION', params: {}, value: 'DISPLAY' },
      text('DESCRIPTION', task.title),
    ],
    components: [],
  }));
  return serializeIcal({
    name: 'VCALENDAR',
    props: [
      { name: 'VERSION', params: {}, value: '2.0' },
      { name: 'PRODID', params: {}, value: PRODID },
    ],
    components: [{ name: 'VTODO', props: p, components: alarms }],
  });
}

/** The task fields a VTODO carries, as the task model stores them. */
export interface VtodoFields {
  uid: string | null;
  title: string;
  description: string;
  due: string | null;
  start: string | null;
  end: string | null;
  done: boolean;
  priority: number;
  repeatMode: number;
  repeatAfter: number;
  reminders: string[];
  labels: string[];
  /** 0–1, or null when the VTODO has no PERCENT-COMPLETE. */
  percentDone: number | null;
  created: string | null;
}

/** Thrown when the body is valid iCalendar but holds no VTODO (a VEVENT, say). */
export class NotATodoError extends IcalError {}

/** Reads the first VTODO of a calendar object; dates without a zone are read in `zone` (the user's). */
export function parseVtodo(body: string, zone = 'UTC'): VtodoFields {
  const cal = parseIcal(body);
  if (cal.name !== 'VCALENDAR') throw new IcalError('Not a VCALENDAR');
  const todo = cal.components.find((c) => c.name === 'VTODO');
  if (!todo) throw new NotATodoError('The calendar object holds no VTODO');
  const date = (name: string): string | null => {
    const pr = prop(todo, name);
    return pr && pr.value.trim() ? parseDateValue(pr.value, pr.params, zone) : null;
  };
  const due = date('DUE');
  const start = date('DTSTART');
  let end = date('DTEND');
  const duration = prop(todo, 'DURATION');
  if (!end && duration && start) end = new Date(Date.parse(start) + parseDuration(duration.value)).toISOString();

  const status = prop(todo, 'STATUS')?.value.trim().toUpperCase();
  const done = status ? status === 'COMPLETED' : Boolean(prop(todo, 'COMPLETED'));

  const rrule = prop(todo, 'RRULE');
  const repeat = rrule ? rruleToRepeat(rrule.value) : { mode: 0, repeatAfter: 0 };

  const reminders: string[] = [];
  for (const alarm of todo.components.filter((c) => c.name === 'VALARM')) {
    const trig = prop(alarm, 'TRIGGER');
    if (!trig) continue;
    const v = trig.value.trim();
    if (trig.params.VALUE?.toUpperCase() === 'DATE-TIME' || /^\d{8}T/.test(v)) {
      reminders.push(parseDateValue(v, trig.params, zone));
      continue;
    }
    // A relative trigger counts from DTSTART (RELATED=START, the default) or DUE (RELATED=END).
    const relatedEnd = trig.params.RELATED?.toUpperCase() === 'END';
    const base = relatedEnd ? (due ?? end) : (start ?? due);
    if (base) reminders.push(new Date(Date.parse(base) + parseDuration(v)).toISOString());
  }

  const labels = [
    ...new Set(
      props(todo, 'CATEGORIES')
        .flatMap((c) => splitTextList(c.value))
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  const pc = prop(todo, 'PERCENT-COMPLETE');
  const pcValue = pc ? Number.parseInt(pc.value, 10) : NaN;
  const prio = prop(todo, 'PRIORITY');
  const created = prop(todo, 'CREATED');
  const uid = prop(todo, 'UID');
  return {
    uid: uid ? unescapeText(uid.value).trim() || null : null,
    title: unescapeText(prop(todo, 'SUMMARY')?.value ?? '').trim(),
    description: unescapeText(prop(todo, 'DESCRIPTION')?.value ?? ''),
    due,
    start,
    end,
    done,
    priority: prio ? priorityFromIcal(Number.parseInt(prio.value, 10)) : 0,
    repeatMode: repeat.mode,
    repeatAfter: repeat.repeatAfter,
    reminders: normaliseReminders(reminders),
    labels,
    percentDone: Number.isFinite(pcValue) ? Math.min(100, Math.max(0, pcValue)) / 100 : null,
    created: created && created.value.trim() ? parseDateValue(created.value, created.params, zone) : null,
  };
}
