// Splits quick-add text into whitespace-separated words with their offsets, for the word-level date and repeat matchers.

/** A run of non-whitespace characters of the input, with offsets into that input. */
export interface Word {
  /** Offsets of the whole run, [start, end). */
  start: number;
  end: number;
  /** The run without surrounding punctuation such as "(", quotes, "," or a final ".". */
  cs: number;
  ce: number;
  /** Like ce, but a trailing "." is kept, for day numbers written "17.". */
  ceDot: number;
  /** The core (cs..ce) lower-cased, for matching only; offsets always come from cs/ce. */
  lower: string;
  /** The same for cs..ceDot. */
  lowerDot: string;
  /** What follows the core inside the run (usually ""), e.g. "," or ".". */
  trail: string;
  /** True when only spaces or tabs (no line break, no removed token) separate it from the previous word. */
  joinPrev: boolean;
}

export interface Span {
  start: number;
  end: number;
}

export function isWhitespace(code: number): boolean {
  // The same set String.prototype.trim() removes, checked by code so the scan stays cheap.
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isLeadPunct(code: number): boolean {
  // ( [ " '
  return code === 40 || code === 91 || code === 34 || code === 39;
}

function isTrailPunct(code: number): boolean {
  // , ; : ! ? ) ] " '
  return code === 44 || code === 59 || code === 58 || code === 33 || code === 63 || code === 41 || code === 93 || code === 34 || code === 39;
}

/**
 * Splits `text` into words, skipping the masked spans (tokens already taken, such as labels), which
 * also break adjacency so that a phrase never spans a removed token. `masks` must be sorted and
 * non-overlapping. Runs in one pass over the text.
 */
export function splitWords(text: string, masks: readonly Span[] = []): Word[] {
  const words: Word[] = [];
  const n = text.length;
  let m = 0;
  let i = 0;
  let joinable = false;
  while (i < n) {
    if (m < masks.length && i >= masks[m].start) {
      i = Math.max(i, masks[m].end);
      m += 1;
      joinable = false;
      continue;
    }
    const code = text.charCodeAt(i);
    if (isWhitespace(code)) {
      if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) joinable = false;
      i += 1;
      continue;
    }
    const start = i;
    const limit = m < masks.length ? Math.min(n, masks[m].start) : n;
    while (i < limit && !isWhitespace(text.charCodeAt(i))) i += 1;
    const end = i;
    let cs = start;
    while (cs < end && isLeadPunct(text.charCodeAt(cs))) cs += 1;
    let ceDot = end;
    while (ceDot > cs && isTrailPunct(text.charCodeAt(ceDot - 1))) ceDot -= 1;
    let ce = ceDot;
    while (ce > cs) {
      const c = text.charCodeAt(ce - 1);
      if (c === 46 || isTrailPunct(c)) ce -= 1;
      else break;
    }
    const lowerDot = text.slice(cs, ceDot).toLowerCase();
    const lower = ce === ceDot ? lowerDot : text.slice(cs, ce).toLowerCase();
    const trail = ce === end ? '' : text.slice(ce, end);
    words.push({ start, end, cs, ce, ceDot, lower, lowerDot, trail, joinPrev: joinable && words.length > 0 });
    joinable = true;
  }
  return words;
}

/**
 * Whether word b directly follows word a within one phrase: b is the next word on the same line,
 * nothing was removed between them, b has no leading punctuation, and a has no trailing
 * punctuation other than the one `allow` permits (an abbreviation's "." or the "," before a year).
 */
export function linked(words: readonly Word[], a: number, b: number, allow: '' | '.' | ',' = ''): boolean {
  if (b !== a + 1 || a < 0 || b >= words.length) return false;
  const wa = words[a];
  const wb = words[b];
  if (!wb.joinPrev || wb.cs !== wb.start) return false;
  return wa.trail === '' || (allow !== '' && wa.trail === allow);
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

function isClosingPunct(code: number): boolean {
  // , . ; : ! ? ) ]
  return code === 44 || code === 46 || code === 59 || code === 58 || code === 33 || code === 63 || code === 41 || code === 93;
}

/**
 * Removes the spans from the text and tidies only the seams: where a removal leaves whitespace on
 * both sides, one side's whitespace is kept (the one with a line break, else the left one); where it
 * leaves a space before closing punctuation or after an opening bracket, that space goes. Everything else is the user's text as
 * typed; the result is trimmed. Only ever deletes characters.
 */
export function removeSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text.trim();
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  // Kept pieces in order; seams only ever touch the last piece, which keeps this linear.
  const pieces: string[] = [];
  let pos = 0;
  let seam = false;
  for (const span of sorted) {
    if (span.start > pos) append(pieces, text.slice(pos, span.start), seam);
    if (span.end > pos) pos = span.end;
    seam = true;
  }
  if (pos < text.length) append(pieces, text.slice(pos), seam);
  return pieces.join('').trim();
}

function append(pieces: string[], right: string, seam: boolean): void {
  if (!seam || pieces.length === 0) {
    pieces.push(right);
    return;
  }
  const left = pieces[pieces.length - 1];
  let l = left.length;
  while (l > 0 && isWhitespace(left.charCodeAt(l - 1))) l -= 1;
  let r = 0;
  while (r < right.length && isWhitespace(right.charCodeAt(r))) r += 1;
  const leftBreak = hasLineBreak(left, l, left.length);
  const rightBreak = hasLineBreak(right, 0, r);
  if (l < left.length && r > 0) {
    if (rightBreak && !leftBreak) pieces[pieces.length - 1] = left.slice(0, l);
    else right = right.slice(r);
  } else if (l < left.length && r < right.length && isClosingPunct(right.charCodeAt(0)) && !leftBreak) {
    pieces[pieces.length - 1] = left.slice(0, l);
  } else if (l === left.length && l > 0 && r > 0 && !rightBreak && (left[l - 1] === '(' || left[l - 1] === '[')) {
    right = right.slice(r);
  }
  if (right !== '') pieces.push(right);
}

function hasLineBreak(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (isLineBreak(s.charCodeAt(i))) return true;
  return false;
}
