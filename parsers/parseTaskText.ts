// Quick-add: reads labels, list, priority, assignees, repeat and due date out of a typed task title, with the spans it recognised.
import { findDateInWords } from './parseDate.js';
import { findRepeatInWords } from './parseRepeat.js';
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
 * time. Assignees are reported but stay in the text, as in the reference client: only the caller knows
 * which of them are real users, and an "@name" that is not one must stay in the title. Use
 * `textWithoutTokens` to drop the assignee tokens that resolved.
 *
 * - Only the first list is used; further "+list" words stay in the title.
 * - The priority is the first "!N" with N 1-5; others (and "!9", "!0") stay in the title.
 * - Words inside labels, lists and assignees are never read as dates ("*today" is a label).
 */
export function parseTaskText(text: string, mode: PrefixMode | string = PrefixMode.Default, now: Date = new Date()): ParsedTaskText {
  const result: ParsedTaskText = {
    text,
    date: null,
    labels: [],
    list: null,
    priority: null,
    assignees: [],
    repeats: null,
    tokens: [],
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

  // Every prefixed item is masked, used or not, so "+'next week'" as a second list is not a date.
  let masks: Span[] = items;
  let words = splitWords(text, masks);
  const repeat = findRepeatInWords(words);
  const anchors: Span[] = [];
  if (repeat) {
    result.repeats = repeat.repeat;
    const repeatSpan = { start: repeat.start, end: repeat.end };
    tokens.push({ kind: 'repeat', ...repeatSpan, value: { ...repeat.repeat } });
    remove.push(repeatSpan);
    anchors.push(repeatSpan);
    masks = [...items, repeatSpan].sort((a, b) => a.start - b.start);
    words = splitWords(text, masks);
  }

  const date = findDateInWords(text, words, now, anchors);
  if (date) {
    result.date = date.date;
    for (const s of date.spans) {
      tokens.push({ kind: 'date', start: s.start, end: s.end, value: new Date(date.date.getTime()) });
      remove.push(s);
    }
  }

  tokens.sort((a, b) => a.start - b.start);
  result.tokens = tokens;
  result.text = removeSpans(text, remove);
  return result;
}

/**
 * The input without the given tokens, tidied the same way parseTaskText tidies its `text`. For the
 * add-task flow, which removes the assignee tokens of users it could resolve.
 */
export function textWithoutTokens(input: string, tokens: readonly Span[]): string {
  return removeSpans(input, tokens);
}
