// The one reader of a date typed on its own (the task's `d` field, the date fields, the palette's due date): the words quick-add reads, in the UI language and English.
import type { DateTimes } from './defaultTime.js';
import { findDate } from './parseDate.js';
import { removeSpans } from './words.js';

export type ReadDateResult = { ok: true; date: Date } | { ok: false; reason: 'empty' | 'unknown' };

/**
 * Reads `text` as a date when all of it is one ("fri 5pm", "in 3 days", "завтра", "15. Dezember",
 * "by friday"); "fri blah" or "buy milk on friday" are refused rather than half read. The same words
 * and the same default time as quick-add, so a phrase that works in one place works in every other.
 */
export function readDate(text: string, now: Date, language = 'en', times?: DateTimes): ReadDateResult {
  const input = typeof text === 'string' ? text.trim() : '';
  if (input === '') return { ok: false, reason: 'empty' };
  const match = findDate(input, now, [], language, times, true);
  if (!match || removeSpans(input, match.spans) !== '') return { ok: false, reason: 'unknown' };
  return { ok: true, date: match.date };
}
