// Validation of task bodies: every known field must have the right type; unknown fields are ignored.
import { invalidData } from '../errors.js';
import { fromWireDate } from '../clock.js';

/** Every integer column is 32-bit in PostgreSQL: larger numbers must be refused before they reach it. */
export const MAX_INT = 2_147_483_647;
/** The client's priorities: unset, low, medium, high, urgent, do now. */
export const MAX_PRIORITY = 5;
/** The longest repeat interval: ten years, in seconds. Longer is a typing slip (1e20 was once accepted). */
export const MAX_REPEAT_AFTER = 10 * 366 * 24 * 60 * 60;
/** More reminders than anyone sets on one task; the cap keeps one request from writing unbounded rows. */
export const MAX_REMINDERS = 100;
/** Most assignees or labels one request may name, as many as a bulk edit's tasks: more overflows SQL parameters. */
export const MAX_LINKED_IDS = 1000;

export interface TaskInput {
  title: string | undefined;
  description: string;
  done: boolean;
  due_date: string | null;
  start_date: string | null;
  end_date: string | null;
  repeat_after: number;
  repeat_mode: number;
  priority: number;
  hex_color: string;
  percent_done: number;
  position: number;
  kanban_position: number;
  cover_image_attachment_id: number;
  is_favorite: boolean;
  reminders: string[];
  assignees: number[];
  bucket_id: number;
  list_id: number;
  /** Keys present in the body, for bulk edits that only write what was sent. */
  present: Set<string>;
}

export type Body = Record<string, unknown>;

export function asBody(body: unknown): Body {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidData('body: must be a JSON object');
  return body as Body;
}

/** Field readers that collect every problem before failing, so the client sees all invalid fields at once. */
export class Fields {
  readonly errors: string[] = [];
  constructor(readonly body: Body) {}

  private bad(key: string, why: string): undefined {
    this.errors.push(`${key}: ${why}`);
    return undefined;
  }

  str(key: string, max?: number): string | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') return this.bad(key, 'must be a string');
    if (max !== undefined && [...v].length > max) return this.bad(key, `must be at most ${max} characters`);
    return v;
  }

  int(key: string, min = -MAX_INT, max = MAX_INT): number | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.bad(key, 'must be an integer');
    if (v < Math.max(min, -MAX_INT) || v > Math.min(max, MAX_INT))
      return this.bad(key, `must be between ${Math.max(min, -MAX_INT)} and ${Math.min(max, MAX_INT)}`);
    return v;
  }

  num(key: string, min?: number, max?: number): number | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.bad(key, 'must be a number');
    if ((min !== undefined && v < min) || (max !== undefined && v > max)) return this.bad(key, 'out of range');
    return v;
  }

  bool(key: string): boolean | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') return this.bad(key, 'must be a boolean');
    return v;
  }

  date(key: string): string | null {
    const d = fromWireDate(this.body[key]);
    if (d === undefined) {
      this.bad(key, 'must be an RFC 3339 date between the years 1000 and 9999');
      return null;
    }
    return d;
  }

  color(key: string): string | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (v !== '' && !/^[0-9a-fA-F]{1,6}$/.test(v)) return this.bad(key, 'must be a hex colour of at most 6 characters without #');
    return v;
  }

  /** Ids from an array of objects carrying `id` (how the client sends users and labels). */
  ids(key: string): number[] | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) return this.bad(key, 'must be an array');
    if (v.length > MAX_LINKED_IDS) return this.bad(key, `must have at most ${MAX_LINKED_IDS} entries`);
    const out: number[] = [];
    for (const item of v) {
      const id = typeof item === 'number' ? item : item && typeof item === 'object' ? (item as Body).id : undefined;
      if (typeof id !== 'number' || !Number.isInteger(id) || Math.abs(id) > MAX_INT) return this.bad(key, 'every entry needs a numeric id');
      out.push(id);
    }
    return [...new Set(out)];
  }

  dates(key: string): string[] | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) return this.bad(key, 'must be an array of dates');
    if (v.length > MAX_REMINDERS) return this.bad(key, `must have at most ${MAX_REMINDERS} entries`);
    const out: string[] = [];
    for (const item of v) {
      // A null entry is no date at all; the zero date is the wire's "not set" and is dropped.
      if (item === null || item === '') return this.bad(key, 'entries must be dates, not null');
      const d = fromWireDate(item);
      if (d === undefined) return this.bad(key, 'must be an array of dates between the years 1000 and 9999');
      if (d !== null) out.push(d);
    }
    return out;
  }

  done(): void {
    if (this.errors.length) throw invalidData(...this.errors);
  }
}

/** Reminders deduplicated per second and sorted ascending. */
export function normaliseReminders(dates: string[]): string[] {
  const secs = new Set(dates.map((d) => Math.floor(Date.parse(d) / 1000)));
  return [...secs].sort((a, b) => a - b).map((s) => new Date(s * 1000).toISOString());
}

/** Reads a task body; absent and null fields take their zero value, as the full-replace update wants. */
export function parseTaskBody(raw: unknown): TaskInput {
  const body = asBody(raw);
  const f = new Fields(body);
  const input: TaskInput = {
    title: f.str('title', 250),
    description: f.str('description') ?? '',
    done: f.bool('done') ?? false,
    due_date: f.date('due_date'),
    start_date: f.date('start_date'),
    end_date: f.date('end_date'),
    repeat_after: f.int('repeat_after', 0, MAX_REPEAT_AFTER) ?? 0,
    repeat_mode: f.int('repeat_mode', 0, 2) ?? 0,
    priority: f.int('priority', 0, MAX_PRIORITY) ?? 0,
    hex_color: f.color('hex_color') ?? '',
    percent_done: f.num('percent_done', 0, 1) ?? 0,
    position: f.num('position') ?? 0,
    kanban_position: f.num('kanban_position') ?? 0,
    cover_image_attachment_id: f.int('cover_image_attachment_id', 0) ?? 0,
    is_favorite: f.bool('is_favorite') ?? false,
    reminders: normaliseReminders(f.dates('reminder_dates') ?? []),
    assignees: f.ids('assignees') ?? [],
    bucket_id: f.int('bucket_id', 0) ?? 0,
    list_id: f.int('list_id') ?? 0,
    present: new Set(Object.keys(body).filter((k) => body[k] !== undefined)),
  };
  f.done();
  return input;
}
