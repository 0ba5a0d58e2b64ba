// Quick-add: reads labels, list, priority, assignees, repeat and due date out of a typed task title, with the spans it recognised.
import { nextWeekday, startOfDay } from './dateCandidates.js';
import type { DateTimes } from './defaultTime.js';
import { dateLanguageFor, readsMonthFirst } from './languages/index.js';
import { findDateInWords } from './parseDate.js';
import { findRepeatInWords, findWorkdayRepeat } from './parseRepeat.js';
import { PrefixMode, prefixesFor, type Prefixes } from './prefixes.js';
import type { RepeatAfter } from './repeat.js';
import { isWhitespace, removeSpans, splitWords, type Span } from './words.js';

interface TokenBase {
  /** Offsets into the original input, [start, end). */
  start: number;
  end: number;
}

export type ParsedToken =
  | (TokenBase & { kind: 'label' | 'list' | 'assignee'; value: string })
  | (TokenBase & { kind: 'priority'; value: number })
  | (TokenBase & { kind: 'date'; value: Date })
  | (TokenBase & { kind: 'repeat'; value: RepeatAfter });

export type TokenKind = ParsedToken['kind'];

/**
 * Something the user typed that quick-add understood but cannot do, left in the title:
 * repeatWorkdays is "every weekday", which the API cannot store as one repeat.
 */
export interface ParseHint {
  code: 'repeatWorkdays';
  start: number;
  end: number;
}

export interface ParsedTaskText {
  /** What remains for the title. */
  text: string;
  date: Date | null;
  labels: string[];
  list: string | null;
  priority: number | null;
  assignees: string[];
  repeats: RepeatAfter | null;
  /** Every span of the input that was recognised, in input order. */
  tokens: ParsedToken[];
  /** The spans taken out of the input to make `text` (assignees are not: see parseTaskText). */
  removed: Span[];
  hints: ParseHint[];
}

type PrefixKind = 'label' | 'list' | 'priority' | 'assignee';

interface PrefixItem extends Span {
  kind: PrefixKind;
  value: string;
}

const PRIORITY_VALUE = /^[1-5]$/;

/**
 * Reads one prefixed item starting at `i` (the prefix character): a quoted value up to the matching
 * quote, else the rest of the word. An empty value ("* ", "*''") is no item, so a Markdown bullet
 * or a lone "@" stays text. An unclosed quote is read as an ordinary word without the quote.
 */
function readItem(text: string, i: number, kind: PrefixKind): PrefixItem | null {
  const quote = text[i + 1];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, i + 2);
    if (close > i + 2) return { kind, start: i, end: close + 1, value: text.slice(i + 2, close) };
    if (close === i + 2) return null;
  }
  let j = i + 1;
  while (j < text.length && !isWhitespace(text.charCodeAt(j))) j += 1;
  let value = text.slice(i + 1, j);
  if (quote === '"' || quote === "'") value = value.slice(1);
  return value === '' ? null : { kind, start: i, end: j, value };
}

/**
 * All prefixed items, in order. A prefix counts only at the start of a word (start of text or after
 * whitespace), which is what keeps "anna@example.com" from being an assignee or a label.
 */
function scanPrefixes(text: string, prefixes: Prefixes): PrefixItem[] {
  const kinds = new Map<string, PrefixKind>([
    [prefixes.label, 'label'],
    [prefixes.list, 'list'],
    [prefixes.priority, 'priority'],
    [prefixes.assignee, 'assignee'],
  ]);
  const items: PrefixItem[] = [];
  let wordStart = true;
  let i = 0;
  while (i < text.length) {
    if (isWhitespace(text.charCodeAt(i))) {
      wordStart = true;
      i += 1;
      continue;
    }
    if (wordStart) {
      const kind = kinds.get(text[i]);
      const item = kind ? readItem(text, i, kind) : null;
      if (item) {
        items.push(item);
        i = item.end;
        wordStart = false;
        continue;
      }
    }
    wordStart = false;
    i += 1;
  }
  return items;
}

/** The closing quote of an opening one (straight, English, German, French, single), or -1. */
function closingQuote(code: number): number {
  switch (code) {
    case 34: // "
    case 39: // '
      return code;
    case 0x201c: // “ … ”
      return 0x201d;
    case 0x201e: // „ … “
      return 0x201c;
    case 0x00ab: // « … »
      return 0x00bb;
    case 0x2018: // ‘ … ’
      return 0x2019;
    default:
      return -1;
  }
}

function closesWord(text: string, i: number): boolean {
  if (i >= text.length) return true;
  const c = text.charCodeAt(i);
  // whitespace , . ; : ! ? ) ]
  return isWhitespace(c) || c === 44 || c === 46 || c === 59 || c === 58 || c === 33 || c === 63 || c === 41 || c === 93;
}

function opensWord(text: string, i: number): boolean {
  return i === 0 || isWhitespace(text.charCodeAt(i - 1)) || text[i - 1] === '(' || text[i - 1] === '[';
}

/**
 * Text the user asked to keep as typed, outside the prefixed items: a quotation ("Tomorrow and
 * Tomorrow", opened at the start of a word and closed at the end of one, on one line) and a word
 * after a backslash (\tomorrow). Returns the spans to hide from the date and repeat rules, and the
 * backslashes to remove from the title. A backslash counts only at the start of a word and before
 * something other than a space or another backslash, so paths such as C:\Users keep theirs.
 */
function literalSpans(text: string, items: readonly Span[]): { literal: Span[]; escapes: Span[] } {
  const literal: Span[] = [];
  const escapes: Span[] = [];
  // Where a search for a closing quote last gave up, per closing quote: an opener before that point
  // cannot find one either, which keeps a line full of unclosed quotes linear.
  const noCloseBefore = new Map<number, number>();
  let m = 0;
  let i = 0;
  while (i < text.length) {
    if (m < items.length && i >= items[m].start) {
      i = Math.max(i, items[m].end);
      m += 1;
      continue;
    }
    const limit = m < items.length ? items[m].start : text.length;
    const c = text.charCodeAt(i);
    if (c === 92 && i + 1 < limit && opensWord(text, i) && !isWhitespace(text.charCodeAt(i + 1)) && text.charCodeAt(i + 1) !== 92) {
      let end = i + 1;
      while (end < limit && !isWhitespace(text.charCodeAt(end))) end += 1;
      escapes.push({ start: i, end: i + 1 });
      literal.push({ start: i, end });
      i = end;
      continue;
    }
    const close = closingQuote(c);
    if (close !== -1 && opensWord(text, i) && i >= (noCloseBefore.get(close) ?? -1)) {
      let j = i + 1;
      while (j < limit && !(text.charCodeAt(j) === close && closesWord(text, j + 1)) && text.charCodeAt(j) !== 10) j += 1;
      if (j < limit && text.charCodeAt(j) === close && j > i + 1) {
        literal.push({ start: i, end: j + 1 });
        i = j + 1;
        continue;
      }
      noCloseBefore.set(close, j);
    }
    i += 1;
  }
  return { literal, escapes };
}

function pushUnique(list: string[], seen: Set<string>, value: string): void {
  // Labels, lists and users are matched case-insensitively later, so "Home" and "home" are one.
  const key = value.toLowerCase();
  if (seen.has(key)) return;
  seen.add(key);
  list.push(value);
}

/**
 * Parses quick-add text. In a disabled (or unknown) mode nothing is read and the text is returned
 * as typed.
 *
 * What is removed from `text`: labels, the first list, the priority, the repeat and the date with its
 * time. Assignees are reported but stay in the text: only the caller knows which of them are real
 * users, and an "@name" that is not one must stay in the title. Use `textWithoutTokens` with
 * `removed` and the assignee tokens that resolved to drop those too.
 *
 * - Only the first list is used; further "+list" words stay in the title.
 * - The priority is the first "!N" with N 1-5; others (and "!9", "!0") stay in the title.
 * - Words inside labels, lists and assignees are never read as dates ("*today" is a label).
 */
export function parseTaskText(
  text: string,
  mode: PrefixMode | string = PrefixMode.Default,
  now: Date = new Date(),
  locale = 'en',
  times?: DateTimes,
): ParsedTaskText {
  const result: ParsedTaskText = {
    text,
    date: null,
    labels: [],
    list: null,
    priority: null,
    assignees: [],
    repeats: null,
    tokens: [],
    removed: [],
    hints: [],
  };
  const prefixes = prefixesFor(mode);
  if (prefixes === null || typeof text !== 'string') return result;

  const items = scanPrefixes(text, prefixes);
  const tokens: ParsedToken[] = [];
  const remove: Span[] = [];
  const seenLabels = new Set<string>();
  const seenAssignees = new Set<string>();
  for (const item of items) {
    const { start, end, value } = item;
    switch (item.kind) {
      case 'label':
        pushUnique(result.labels, seenLabels, value);
        tokens.push({ kind: 'label', start, end, value });
        remove.push(item);
        break;
      case 'list':
        if (result.list === null) {
          result.list = value;
          tokens.push({ kind: 'list', start, end, value });
          remove.push(item);
        }
        break;
      case 'priority':
        if (PRIORITY_VALUE.test(value)) {
          const priority = Number(value);
          if (result.priority === null) result.priority = priority;
          if (priority === result.priority) {
            tokens.push({ kind: 'priority', start, end, value: priority });
            remove.push(item);
          }
        }
        break;
      case 'assignee':
        pushUnique(result.assignees, seenAssignees, value);
        tokens.push({ kind: 'assignee', start, end, value });
        break;
    }
  }

  // Every prefixed item is masked, used or not, so "+'next week'" as a second list is not a date;
  // so is the text the user asked to keep literal.
  const { literal, escapes } = literalSpans(text, items);
  remove.push(...escapes);
  const language = dateLanguageFor(locale);
  let masks: Span[] = literal.length ? [...items, ...literal].sort((a, b) => a.start - b.start) : items;
  let words = splitWords(text, masks);
  const repeat = findRepeatInWords(words, language);
  const anchors: Span[] = [];
  if (repeat) {
    result.repeats = repeat.repeat;
    const repeatSpan = { start: repeat.start, end: repeat.end };
    tokens.push({ kind: 'repeat', ...repeatSpan, value: { ...repeat.repeat } });
    remove.push(repeatSpan);
    anchors.push(repeatSpan);
    masks = [...masks, repeatSpan].sort((a, b) => a.start - b.start);
    words = splitWords(text, masks);
  } else {
    const workdays = findWorkdayRepeat(words);
    if (workdays) result.hints.push({ code: 'repeatWorkdays', ...workdays });
  }

  const date = findDateInWords(text, words, now, {
    anchors,
    language,
    monthFirst: readsMonthFirst(locale),
    // A repeat needs a date to repeat from: "every tuesday" the next Tuesday, "every 3 days" today.
    fallbackDay: !repeat ? null : repeat.weekday === undefined ? startOfDay(now) : nextWeekday(now, repeat.weekday),
    times,
  });
  if (date) {
    result.date = date.date;
    for (const s of date.spans) {
      tokens.push({ kind: 'date', start: s.start, end: s.end, value: new Date(date.date.getTime()) });
      remove.push(s);
    }
  }

  tokens.sort((a, b) => a.start - b.start);
  result.tokens = tokens;
  result.removed = remove;
  result.text = removeSpans(text, remove);
  return result;
}

/**
 * The input without the given spans, tidied the same way parseTaskText tidies its `text`. For the
 * add-task flow: `removed` plus the assignee tokens of users it could resolve.
 */
export function textWithoutTokens(input: string, tokens: readonly Span[]): string {
  return removeSpans(input, tokens);
}
