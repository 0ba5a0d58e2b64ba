// Reads a date typed on its own into a date field ("fri 5pm", "in 3 days", "next month"), in the UI language or English.
//
// chrono-node is right here and not in quick-add (parseDate.ts): the whole text is meant as a date, so there is no task
// title whose "may" or "sat" it could eat, and the field shows what it understood before saving.
import * as chrono from 'chrono-node';

/** A day without a time said lands at noon, as a day picked in the date picker does. */
export const FREE_DATE_DEFAULT_HOUR = 12;

export type FreeDateResult = { ok: true; date: Date } | { ok: false; reason: 'empty' | 'unknown' };

function parserFor(language: string): chrono.Chrono[] {
  const lang = language.toLowerCase();
  // English is always tried too: people type "tomorrow" whatever the UI language is.
  if (lang.startsWith('de')) return [chrono.de.casual, chrono.en.casual];
  if (lang.startsWith('fr')) return [chrono.fr.casual, chrono.en.casual];
  return [chrono.en.casual];
}

/** Letters or digits outside what chrono read mean it only understood part of the text ("fri blah"). */
const leftover = (text: string, from: number, to: number) => /[\p{L}\p{N}]/u.test(text.slice(0, from) + text.slice(to));

export function parseFreeDate(text: string, now: Date, language = 'en'): FreeDateResult {
  const input = text.trim();
  if (input === '') return { ok: false, reason: 'empty' };
  for (const parser of parserFor(language)) {
    const results = parser.parse(input, now, { forwardDate: true });
    if (results.length !== 1) continue;
    const [r] = results;
    if (leftover(input, r.index, r.index + r.text.length)) continue;
    const date = r.start.date();
    if (!r.start.isCertain('hour')) date.setHours(FREE_DATE_DEFAULT_HOUR, 0, 0, 0);
    else date.setSeconds(0, 0);
    return { ok: true, date };
  }
  return { ok: false, reason: 'unknown' };
}
