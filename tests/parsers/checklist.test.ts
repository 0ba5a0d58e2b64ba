// Checklist items in descriptions: offsets and checked/total statistics.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findCheckboxesInText, getChecklistStatistics } from '../../parsers/index.js';

describe('findCheckboxesInText', () => {
  it.each<[string, number[]]>([
    ['', []],
    ['no boxes here', []],
    ['* [ ] one', [0]],
    ['- [ ] one', [0]],
    ['* [x] one', [0]],
    ['- [x] one', [0]],
    ['- [X] one', [0]],
    ['* [ ] one\n* [x] two\n- [ ] three', [0, 10, 20]],
    ['Intro\n\n- [ ] a\n  - [x] nested', [7, 17]],
    ['\t* [ ] tabbed', [1]],
    ['text * [ ] not at line start', []],
    ['+ [ ] plus is not a checkbox', []],
    ['*[ ] no space', []],
    ['* [] empty', []],
    ['* [y] other mark', []],
    ['* [ ]', [0]],
    ['line\r\n- [ ] crlf', [6]],
  ])('%j → %j', (text, offsets) => {
    expect(findCheckboxesInText(text)).toEqual(offsets);
  });
});

describe('getChecklistStatistics', () => {
  it.each<[string, number, number]>([
    ['', 0, 0],
    ['* [ ] one', 1, 0],
    ['* [x] one', 1, 1],
    ['* [ ] one\n* [x] two\n- [ ] three\n- [x] four', 4, 2],
    ['- [x] a\n- [x] b', 2, 2],
    ['plain\n* item\n- [ ] box', 1, 0],
  ])('%j → %d total, %d checked', (text, total, checked) => {
    expect(getChecklistStatistics(text)).toEqual({ total, checked });
  });

  it('agrees with the offsets and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('* [ ] a', '- [x] b', '  - [ ] c', 'text', '', '* x')), fc.string(), (lines, extra) => {
        const text = lines.join('\n') + extra;
        const stats = getChecklistStatistics(text);
        const offsets = findCheckboxesInText(text);
        expect(stats.total).toBe(offsets.length);
        expect(stats.checked).toBeLessThanOrEqual(stats.total);
        for (const o of offsets) expect('*-').toContain(text[o]);
      }),
    );
  });
});
