// Finds Markdown checklist items ("* [ ]", "- [x]") in a task description and counts them for the task row summary.

export interface ChecklistStatistics {
  total: number;
  checked: number;
}

interface Checkbox {
  offset: number;
  checked: boolean;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/**
 * Checkbox items: a line that starts (after optional indentation) with "*" or "-", a space, then
 * "[ ]" or "[x]" ("[X]" counts as checked too, as Markdown editors write it). One pass over the text.
 */
function scan(text: string): Checkbox[] {
  const found: Checkbox[] = [];
  let lineStart = 0;
  const n = text.length;
  while (lineStart < n) {
    let i = lineStart;
    while (i < n && isBlank(text.charCodeAt(i))) i += 1;
    const marker = text[i];
    if ((marker === '*' || marker === '-') && text[i + 1] === ' ' && text[i + 2] === '[' && text[i + 4] === ']') {
      const mark = text[i + 3];
      if (mark === ' ') found.push({ offset: i, checked: false });
      else if (mark === 'x' || mark === 'X') found.push({ offset: i, checked: true });
    }
    const next = text.indexOf('\n', i);
    if (next === -1) break;
    lineStart = next + 1;
  }
  return found;
}

/** Offsets of the "*" or "-" that starts each checklist item, in text order. */
export function findCheckboxesInText(text: string): number[] {
  return scan(text).map((c) => c.offset);
}

export function getChecklistStatistics(text: string): ChecklistStatistics {
  const boxes = scan(text);
  return { total: boxes.length, checked: boxes.filter((b) => b.checked).length };
}
