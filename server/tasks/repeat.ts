// Rescheduling a repeating task when it is marked done, for each repeat mode of the v0.20 API.
import { addMonths } from 'date-fns';

export const REPEAT_MODE = { default: 0, monthly: 1, fromCurrentDate: 2 } as const;

/** The dates a repeat moves; null = not set. All values are epoch milliseconds. */
export interface RepeatDates {
  due: number | null;
  start: number | null;
  end: number | null;
  reminders: number[];
}

/** Whether marking the task done reschedules it instead of leaving it done. */
export function repeats(mode: number, repeatAfter: number): boolean {
  return mode === REPEAT_MODE.monthly || repeatAfter > 0;
}

/** Adds `step` ms as often as needed to land after `now`, at least once. */
function pastNow(date: number, step: number, now: number): number {
  if (date + step > now) return date + step;
  const times = Math.floor((now - date) / step) + 1;
  return date + times * step;
}

/** The new dates of a task that repeats, computed from its stored dates. */
export function nextDates(mode: number, repeatAfterSeconds: number, d: RepeatDates, now: number): RepeatDates {
  const step = repeatAfterSeconds * 1000;
  if (mode === REPEAT_MODE.monthly) {
    const month = (t: number) => addMonths(new Date(t), 1).getTime();
    const start = d.start === null ? null : month(d.start);
    // End keeps its distance to start, so a month with fewer days doesn't shrink the span.
    const end = d.end === null ? null : start !== null && d.start !== null ? start + (d.end - d.start) : month(d.end);
    return { due: d.due === null ? null : month(d.due), start, end, reminders: d.reminders.map(month) };
  }
  if (step <= 0) return d;
  if (mode === REPEAT_MODE.fromCurrentDate) {
    const base = now + step;
    const earliest = d.reminders.length ? Math.min(...d.reminders) : 0;
    const reminders = d.reminders.map((r) => base + (r - earliest));
    if (d.due !== null) {
      return {
        due: base,
        start: d.start === null ? null : base - (d.due - d.start),
        end: d.end === null ? null : base - (d.due - d.end),
        reminders,
      };
    }
    if (d.start !== null) {
      return { due: null, start: base, end: d.end === null ? null : base + (d.end - d.start), reminders };
    }
    return { due: null, start: null, end: d.end === null ? null : base, reminders };
  }
  const move = (t: number | null) => (t === null ? null : pastNow(t, step, now));
  return { due: move(d.due), start: move(d.start), end: move(d.end), reminders: d.reminders.map((r) => pastNow(r, step, now)) };
}
