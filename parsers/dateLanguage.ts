// What a quick-add language adds to the English date words: its own date phrases, its own time phrases and its numeric order.
import type { Found, TimeMatch } from './dateCandidates.js';
import type { Word } from './words.js';

export interface DateLanguage {
  /** The app locales it serves, e.g. ['de-DE']. */
  locales: readonly string[];
  /** Offers the date phrases that start at word i (see dateCandidates.offer). */
  matchAt(words: readonly Word[], i: number, now: Date, found: Found): void;
  /** A time phrase starting at word k ("um 17 Uhr", "à 17h"), or null. */
  timeAt(words: readonly Word[], k: number): TimeMatch | null;
  /** Where a date word ("bis", "до", "entro il") ending right before word i starts, or null (see parseDate's DATE_WORDS). */
  dateWordBefore?(words: readonly Word[], i: number): number | null;
  /** A weekday repeat starting at word i ("jeden Montag", "montags"). */
  everyWeekdayAt?(words: readonly Word[], i: number): EveryWeekday | null;
  /** Quick-add examples in the language, for the syntax help (written in the language, so not in the UI locale files). */
  examples: string;
}

/** "every monday" in a language: the weekday, the last word, and the offsets when the phrase is not whole words (Chinese). */
export interface EveryWeekday {
  weekday: number;
  last: number;
  start?: number;
  end?: number;
}
