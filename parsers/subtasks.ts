// Splits multi-line quick-add input into tasks, where indentation makes a line the subtask of the nearest less-indented line above.
import { PrefixMode, prefixesFor } from './prefixes.js';
import { isWhitespace } from './words.js';

export interface TaskWithParent {
  /** The line without indentation and bullet marker, still to be parsed with parseTaskText. */
  title: string;
  /** The list named in the line with the mode's list prefix, else the parent's list, else null. */
  list: string | null;
  /**
   * The parent's title, or null for a top-level line. With repeated titles the parent is the
   * nearest earlier task of that title in the returned order (the shape is fixed by the spec).
   */
  parent: string | null;
}

/** Tab stops every 4 columns, so a tab and four spaces indent the same. */
function indentOf(line: string): { width: number; length: number } {
  let width = 0;
  let i = 0;
  for (; i < line.length; i += 1) {
    const c = line[i];
    if (c === ' ') width += 1;
    else if (c === '\t') width += 4 - (width % 4);
    else break;
  }
  return { width, length: i };
}

/** Strips a leading "* ", "+ " or "- ", optionally followed by "[ ] " (or "[x] "). */
function stripBullet(line: string): string {
  let rest = line;
  const m = /^[*+-](?:[ \t]+|$)/.exec(rest);
  if (!m) return rest;
  rest = rest.slice(m[0].length);
  const box = /^\[[ xX]\](?:[ \t]+|$)/.exec(rest);
  if (box) rest = rest.slice(box[0].length);
  return rest;
}

function listIn(title: string, prefix: string | null): string | null {
  if (prefix === null) return null;
  for (let i = 0; i < title.length; i += 1) {
    if (title[i] !== prefix || (i > 0 && !isWhitespace(title.charCodeAt(i - 1)))) continue;
    const quote = title[i + 1];
    if (quote === '"' || quote === "'") {
      const close = title.indexOf(quote, i + 2);
      if (close > i + 2) return title.slice(i + 2, close);
    }
    let j = i + 1;
    while (j < title.length && !isWhitespace(title.charCodeAt(j))) j += 1;
    if (j > i + 1) return title.slice(i + 1, j);
  }
  return null;
}

/**
 * One task per non-blank line. A line's parent is the nearest line above with less indentation;
 * lines at the smallest indentation have none. Subtasks without a list of their own go to their
 * parent's list, so an indented block under "Trip +Travel" lands in Travel.
 */
export function parseSubtasksViaIndention(text: string, mode: PrefixMode | string = PrefixMode.Default): TaskWithParent[] {
  const listPrefix = prefixesFor(mode)?.list ?? null;
  const tasks: TaskWithParent[] = [];
  // Open ancestors: the chain of lines with strictly increasing indentation, so each line finds
  // its parent by popping, which keeps the whole split linear.
  const stack: { width: number; index: number }[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const { width, length } = indentOf(raw);
    const title = stripBullet(raw.slice(length)).trim();
    if (title === '') continue;
    while (stack.length > 0 && stack[stack.length - 1].width >= width) stack.pop();
    const parentIndex = stack.length > 0 ? stack[stack.length - 1].index : null;
    const parent = parentIndex === null ? null : tasks[parentIndex];
    tasks.push({
      title,
      list: listIn(title, listPrefix) ?? parent?.list ?? null,
      parent: parent?.title ?? null,
    });
    stack.push({ width, index: tasks.length - 1 });
  }
  return tasks;
}
