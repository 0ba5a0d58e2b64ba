// Multi-line quick-add: subtasks by indentation, bullet stripping and list inheritance.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PrefixMode, parseSubtasksViaIndention } from '../../parsers/index.js';

const titles = (text: string, mode: string = PrefixMode.Default) =>
  parseSubtasksViaIndention(text, mode).map((t) => [t.title, t.parent, t.list]);

describe('parseSubtasksViaIndention', () => {
  it('makes one task of a single line', () => {
    expect(titles('Lorem Ipsum')).toEqual([['Lorem Ipsum', null, null]]);
  });

  it('keeps unindented lines at the top level', () => {
    expect(titles('Task one\nTask two\nTask three')).toEqual([
      ['Task one', null, null],
      ['Task two', null, null],
      ['Task three', null, null],
    ]);
  });

  it('nests by indentation', () => {
    expect(titles('Parent\n  Child one\n  Child two\n    Grandchild\n  Child three\nSecond parent\n  Its child')).toEqual([
      ['Parent', null, null],
      ['Child one', 'Parent', null],
      ['Child two', 'Parent', null],
      ['Grandchild', 'Child two', null],
      ['Child three', 'Parent', null],
      ['Second parent', null, null],
      ['Its child', 'Second parent', null],
    ]);
  });

  it.each([
    ['* Parent\n  * Child', 'Parent', 'Child'],
    ['- Parent\n  - Child', 'Parent', 'Child'],
    ['+ Parent\n  + Child', 'Parent', 'Child'],
    ['* [ ] Parent\n  * [ ] Child', 'Parent', 'Child'],
    ['- [ ] Parent\n  - [ ] Child', 'Parent', 'Child'],
    ['- [x] Parent\n  - [X] Child', 'Parent', 'Child'],
    ['Parent\n\t* Child', 'Parent', 'Child'],
  ])('strips bullets: %j', (text, parent, child) => {
    expect(titles(text)).toEqual([
      [parent, null, null],
      [child, parent, null],
    ]);
  });

  it('does not strip a label or list prefix that is not a bullet', () => {
    expect(titles('*label task\n  +list sub')).toEqual([
      ['*label task', null, null],
      ['+list sub', '*label task', 'list'],
    ]);
  });

  it('finds the nearest less-indented line above, across dedents', () => {
    expect(titles('A\n        B\n    C\n      D')).toEqual([
      ['A', null, null],
      ['B', 'A', null],
      ['C', 'A', null],
      ['D', 'C', null],
    ]);
  });

  it('gives an indented first line no parent', () => {
    expect(titles('  First\n  Second\nThird\n  Fourth')).toEqual([
      ['First', null, null],
      ['Second', null, null],
      ['Third', null, null],
      ['Fourth', 'Third', null],
    ]);
  });

  it('skips blank lines and handles CRLF', () => {
    expect(titles('Parent\r\n\r\n  Child\r\n   \r\n* \nOther')).toEqual([
      ['Parent', null, null],
      ['Child', 'Parent', null],
      ['Other', null, null],
    ]);
  });

  it('reads lists and passes them to subtasks', () => {
    expect(titles('Trip +Travel\n  Book hotel\n  Pack +Home\n    Socks')).toEqual([
      ['Trip +Travel', null, 'Travel'],
      ['Book hotel', 'Trip +Travel', 'Travel'],
      ['Pack +Home', 'Trip +Travel', 'Home'],
      ['Socks', 'Pack +Home', 'Home'],
    ]);
    expect(titles("Trip +'Summer Trip'\n  Book")[1]).toEqual(['Book', "Trip +'Summer Trip'", 'Summer Trip']);
  });

  it('uses the list prefix of the mode', () => {
    expect(titles('Trip #Travel\n  Book', PrefixMode.Todoist)).toEqual([
      ['Trip #Travel', null, 'Travel'],
      ['Book', 'Trip #Travel', 'Travel'],
    ]);
    expect(titles('Trip +Travel', PrefixMode.Disabled)).toEqual([['Trip +Travel', null, null]]);
  });

  it('returns exactly title, list and parent', () => {
    expect(parseSubtasksViaIndention('Same\n  A\nSame\n  B')).toEqual([
      { title: 'Same', list: null, parent: null },
      { title: 'A', list: null, parent: 'Same' },
      { title: 'Same', list: null, parent: null },
      { title: 'B', list: null, parent: 'Same' },
    ]);
  });

  it('never throws and every parent is an earlier task', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('', ' ', '  ', '\t', '    '), fc.constantFrom('* ', '- [ ] ', '', '+ '), fc.string())), (lines) => {
        const tasks = parseSubtasksViaIndention(lines.map(([i, b, t]) => i + b + t).join('\n'));
        tasks.forEach((t, i) => {
          if (t.parent !== null) expect(tasks.slice(0, i).some((p) => p.title === t.parent)).toBe(true);
          expect(t.title).toBe(t.title.trim());
          expect(t.title).not.toBe('');
        });
      }),
    );
  });
});
