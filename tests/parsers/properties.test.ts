// Property tests: the quick-add parser never throws, never invents characters, and its token spans point at what they claim.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PrefixMode, getDateFromText, parseDate, parseTaskText, type ParsedToken } from '../../parsers/index.js';
import { LEAP, NYE, THU, isSubsequence } from './helpers.js';

const vocabulary = [
  'today', 'tomorrow', 'next', 'monday', 'mon', 'sat', 'saturn', 'this', 'weekend', 'later', 'week', 'month',
  'end', 'of', 'in', '3', 'days', 'hours', 'at', '@', '5pm', '17:00', '3', 'pm', '17th', '31st', '17.', 'jan',
  'march', '2027', '17/02/2027', '2027-02-17', '06/26/2021', 'every', 'each', 'two', 'day', 'daily', 'anually',
  '*label', "*'two words'", '*"dq"', '+list', "+'My List'", '!3', '!9', '@anna', 'anna@example.com', '#todo',
  'Renovation', 'github', 'check', 'money', 'wedding', 'Lorem', 'Ipsum', "'", '"', '*', '+', '!', '(', ')', ',', '.',
  'ünï', '😀', 'İstanbul', 'constructor', '__proto__',
];
const separators = [' ', ' ', ' ', '  ', '\t', '\n', '', ', '];

const quickAddText = fc
  .array(fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(...separators)), { maxLength: 14 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

const anyText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  quickAddText,
);

const modes = fc.constantFrom(PrefixMode.Default, PrefixMode.Todoist, PrefixMode.Disabled);
const nows = fc.oneof(fc.constantFrom(THU, LEAP, NYE), fc.date({ min: new Date(1990, 0, 1), max: new Date(2090, 0, 1), noInvalidDate: true }));

const PREFIX_OF: Record<string, Record<string, string>> = {
  [PrefixMode.Default]: { label: '*', list: '+', priority: '!', assignee: '@' },
  [PrefixMode.Todoist]: { label: '@', list: '#', priority: '!', assignee: '+' },
};

function checkToken(input: string, mode: string, token: ParsedToken): void {
  expect(token.start).toBeGreaterThanOrEqual(0);
  expect(token.end).toBeGreaterThan(token.start);
  expect(token.end).toBeLessThanOrEqual(input.length);
  const slice = input.slice(token.start, token.end);
  switch (token.kind) {
    case 'label':
    case 'list':
    case 'assignee':
      expect(slice[0]).toBe(PREFIX_OF[mode][token.kind]);
      expect(slice.includes(token.value)).toBe(true);
      // Plain word, quoted value, or an unclosed quote read as a word without the quote.
      expect([slice.slice(1), slice.slice(2, -1), slice.slice(2)]).toContain(token.value);
      break;
    case 'priority':
      expect(slice).toBe(`!${token.value}`);
      break;
    case 'date':
      expect(slice.trim()).toBe(slice);
      expect(Number.isNaN(token.value.getTime())).toBe(false);
      break;
    case 'repeat':
      expect(slice.trim()).toBe(slice);
      expect(token.value.amount).toBeGreaterThan(0);
      break;
  }
}

describe('parseTaskText properties', () => {
  it('never throws on any string, in any mode, at any time', () => {
    fc.assert(
      fc.property(anyText, modes, nows, (text, mode, now) => {
        parseTaskText(text, mode, now);
      }),
      { numRuns: 3000 },
    );
  });

  it('only ever removes characters from the title', () => {
    fc.assert(
      fc.property(anyText, modes, nows, (text, mode, now) => {
        const result = parseTaskText(text, mode, now);
        expect(isSubsequence(result.text, text)).toBe(true);
        expect(result.text.length).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  it('reports tokens in order, without overlap, pointing at what they claim', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(PrefixMode.Default, PrefixMode.Todoist), nows, (text, mode, now) => {
        const result = parseTaskText(text, mode, now);
        let last = 0;
        for (const token of result.tokens) {
          expect(token.start).toBeGreaterThanOrEqual(last);
          last = token.end;
          checkToken(text, mode, token);
        }
        const dates = result.tokens.filter((t) => t.kind === 'date');
        if (result.date) expect(dates.every((t) => t.value.getTime() === result.date!.getTime())).toBe(true);
        else expect(dates).toEqual([]);
        const repeats = result.tokens.filter((t) => t.kind === 'repeat');
        expect(repeats.length).toBe(result.repeats ? 1 : 0);
        if (result.list !== null) expect(result.tokens.some((t) => t.kind === 'list' && t.value === result.list)).toBe(true);
        if (result.priority !== null) {
          expect(result.priority).toBeGreaterThanOrEqual(1);
          expect(result.priority).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('removed tokens (all but assignees) are no longer in the title when they were unique', () => {
    fc.assert(
      fc.property(quickAddText, nows, (text, now) => {
        const result = parseTaskText(text, PrefixMode.Default, now);
        for (const t of result.tokens) {
          if (t.kind === 'assignee') continue;
          const slice = text.slice(t.start, t.end);
          if (text.indexOf(slice) === text.lastIndexOf(slice) && slice.length > 3) {
            expect(result.text.includes(slice)).toBe(false);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a title without tokens is the trimmed input (a backslash before a word aside)', () => {
    fc.assert(
      fc.property(anyText, nows, (text, now) => {
        fc.pre(!text.includes('\\'));
        const result = parseTaskText(text, PrefixMode.Default, now);
        if (result.tokens.every((t) => t.kind === 'assignee')) expect(result.text).toBe(text.trim());
      }),
      { numRuns: 1000 },
    );
  });

  it('is linear: a long line with many candidates parses like a short one', () => {
    const long = Array.from({ length: 2000 }, (_, i) => vocabulary[i % vocabulary.length]).join(' ');
    const result = parseTaskText(long, PrefixMode.Default, THU);
    expect(isSubsequence(result.text, long)).toBe(true);
  });
});

describe('parseDate and getDateFromText properties', () => {
  it('never throw and only remove characters', () => {
    fc.assert(
      fc.property(anyText, nows, (text, now) => {
        const { newText, date } = parseDate(text, now);
        expect(isSubsequence(newText, text)).toBe(true);
        const found = getDateFromText(text, now);
        expect(found.date?.getTime()).toBe(date?.getTime());
        if (found.foundText !== null) expect(text.includes(found.foundText)).toBe(true);
        else expect(newText).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseDate and getDateFromText', () => {
  it.each<[string, string, string | null]>([
    ['Lorem Ipsum tomorrow', 'Lorem Ipsum', 'tomorrow'],
    ['Lorem Ipsum 27 jan Ad', 'Lorem Ipsum Ad', '27 jan'],
    ['Lorem Ipsum 17/02/2027 ad', 'Lorem Ipsum ad', '17/02/2027'],
    ['Lorem today at 3pm x', 'Lorem x', 'today at 3pm'],
    ['Lorem Ipsum', 'Lorem Ipsum', null],
    ['Lorem *today', 'Lorem *today', null],
    ['Lorem at 17:00', 'Lorem', 'at 17:00'],
  ])('%j', (input, newText, foundText) => {
    expect(parseDate(input, THU).newText).toBe(newText);
    expect(getDateFromText(input, THU).foundText).toBe(foundText);
  });
});
