// Quick-add prefixes: labels, lists, priorities and assignees in both prefix modes, quoting, e-mail addresses and tokens.
import { describe, expect, it } from 'vitest';
import { PrefixMode, parseTaskText, prefixesFor, textWithoutTokens } from '../../parsers/index.js';
import { THU, fmt } from './helpers.js';

const parse = (text: string, mode: string = PrefixMode.Default) => parseTaskText(text, mode, THU);

describe('prefix tables', () => {
  it('has the spec prefixes per mode', () => {
    expect(PrefixMode).toEqual({ Disabled: 'disabled', Default: 'vikunja', Todoist: 'todoist' });
    expect(prefixesFor(PrefixMode.Default)).toEqual({ label: '*', list: '+', priority: '!', assignee: '@' });
    expect(prefixesFor(PrefixMode.Todoist)).toEqual({ label: '@', list: '#', priority: '!', assignee: '+' });
    expect(prefixesFor(PrefixMode.Disabled)).toBeNull();
    expect(prefixesFor('something else')).toBeNull();
    expect(prefixesFor(undefined)).toBeNull();
  });
});

describe('labels', () => {
  it.each<[string, string, string[]]>([
    ['Lorem Ipsum *label1', 'Lorem Ipsum', ['label1']],
    ['Lorem Ipsum *label1 *label2', 'Lorem Ipsum', ['label1', 'label2']],
    ['*label1 Lorem Ipsum *label2', 'Lorem Ipsum', ['label1', 'label2']],
    ['*label1 Lorem Ipsum *label1 *label2', 'Lorem Ipsum', ['label1', 'label2']],
    ['Lorem *label1 Ipsum', 'Lorem Ipsum', ['label1']],
    ["Lorem *'label with space' Ipsum", 'Lorem Ipsum', ['label with space']],
    ['Lorem *"label with space" Ipsum', 'Lorem Ipsum', ['label with space']],
    ["Lorem Ipsum *'label with space'", 'Lorem Ipsum', ['label with space']],
    ["*'label with space' Lorem Ipsum", 'Lorem Ipsum', ['label with space']],
    ['Lorem *\'a b\' *"c d" *e', 'Lorem', ['a b', 'c d', 'e']],
    ['Lorem *Label *label', 'Lorem', ['Label']],
    ['Lorem *ünïcödé', 'Lorem', ['ünïcödé']],
    ['Lorem *label-with-dash *label_2', 'Lorem', ['label-with-dash', 'label_2']],
    ['Lorem *123', 'Lorem', ['123']],
    ["Lorem *it's", 'Lorem', ["it's"]],
    // No label: a prefix needs a word start and a value.
    ['Lorem ipsum* dolor', 'Lorem ipsum* dolor', []],
    ['Lorem ip*sum', 'Lorem ip*sum', []],
    ['* Lorem Ipsum', '* Lorem Ipsum', []],
    ['Lorem * Ipsum', 'Lorem * Ipsum', []],
    ["Lorem *'' Ipsum", "Lorem *'' Ipsum", []],
    ['5 * 3 = 15', '5 * 3 = 15', []],
  ])('%j → %j %j', (input, text, labels) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(result.labels).toEqual(labels);
  });

  it.each<[string, string, string[], string | null]>([
    ['Lorem Ipsum *today', 'Lorem Ipsum', ['today'], null],
    ['Lorem Ipsum *tomorrow', 'Lorem Ipsum', ['tomorrow'], null],
    ["Lorem Ipsum *'next week'", 'Lorem Ipsum', ['next week'], null],
    ['Lorem Ipsum *"in 3 days"', 'Lorem Ipsum', ['in 3 days'], null],
    ['Lorem Ipsum *17th', 'Lorem Ipsum', ['17th'], null],
    ['Lorem Ipsum *daily', 'Lorem Ipsum', ['daily'], null],
    ['Lorem Ipsum *label today', 'Lorem Ipsum', ['label'], '2022-02-17 09:00'],
    ['today Lorem *label', 'Lorem', ['label'], '2022-02-17 09:00'],
    ["Lorem *'some label' tomorrow at 17:00", 'Lorem', ['some label'], '2022-02-18 17:00'],
  ])('date words inside labels stay labels: %j', (input, text, labels, date) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(result.labels).toEqual(labels);
    expect(fmt(result.date)).toBe(date);
  });

  it('an unclosed quote reads the word without the quote', () => {
    const result = parse("Lorem *'open ended");
    expect(result.labels).toEqual(['open']);
    expect(result.text).toBe('Lorem ended');
  });
});

describe('lists', () => {
  it.each<[string, string, string | null]>([
    ['Lorem Ipsum +list', 'Lorem Ipsum', 'list'],
    ['+list Lorem Ipsum', 'Lorem Ipsum', 'list'],
    ['Lorem +list Ipsum', 'Lorem Ipsum', 'list'],
    ['Lorem Ipsum +Shopping', 'Lorem Ipsum', 'Shopping'],
    ["Lorem Ipsum +'My List'", 'Lorem Ipsum', 'My List'],
    ['Lorem Ipsum +"My List"', 'Lorem Ipsum', 'My List'],
    ["+'list with space' Lorem Ipsum", 'Lorem Ipsum', 'list with space'],
    // Only the first list is used; the others stay in the title.
    ['Lorem Ipsum +list1 +list2', 'Lorem Ipsum +list2', 'list1'],
    ['Lorem Ipsum +list1 +list2 +list3', 'Lorem Ipsum +list2 +list3', 'list1'],
    ['Lorem Ipsum', 'Lorem Ipsum', null],
    ['1 + 1 = 2', '1 + 1 = 2', null],
    ['C++ course', 'C++ course', null],
    ['Lorem +list today', 'Lorem', 'list'],
    ["Lorem +'next week'", 'Lorem', 'next week'],
  ])('%j → %j, %j', (input, text, list) => {
    const result = parse(input);
    expect(result.text).toBe(text);
    expect(result.list).toBe(list);
  });

  it('a second list is not read as a date', () => {
    const result = parse("Lorem +a +'next week'");
    expect(result.date).toBeNull();
    expect(result.text).toBe("Lorem +'next week'");
  });
});

describe('priorities', () => {
  for (const p of [1, 2, 3, 4, 5]) {
    it(`!${p} is priority ${p}`, () => {
      expect(parse(`Lorem Ipsum !${p}`)).toMatchObject({ text: 'Lorem Ipsum', priority: p });
      expect(parse(`!${p} Lorem Ipsum`)).toMatchObject({ text: 'Lorem Ipsum', priority: p });
      expect(parse(`Lorem !${p} Ipsum`)).toMatchObject({ text: 'Lorem Ipsum', priority: p });
    });
  }
  it.each(['!0', '!6', '!9', '!10', '!3a', '!-1', '!', '!!', '!1.5', '!03'])('%j is not a priority and stays', (p) => {
    expect(parse(`Lorem Ipsum ${p}`)).toMatchObject({ text: `Lorem Ipsum ${p}`, priority: null });
  });
  it.each<[string, string, number | null]>([
    ['Lorem Ipsum !2 !3', 'Lorem Ipsum !3', 2],
    ['Lorem Ipsum !9 !2', 'Lorem Ipsum !9', 2],
    ['Lorem !2 Ipsum !2', 'Lorem Ipsum', 2],
    ['Hello! World', 'Hello! World', null],
    ['Lorem!3', 'Lorem!3', null],
  ])('%j → %j, %j', (input, text, priority) => {
    expect(parse(input)).toMatchObject({ text, priority });
  });
  it('uses ! in todoist mode too', () => {
    expect(parse('Lorem Ipsum !4', PrefixMode.Todoist)).toMatchObject({ text: 'Lorem Ipsum', priority: 4 });
  });
});

describe('assignees', () => {
  it.each<[string, string[]]>([
    ['Lorem Ipsum @user', ['user']],
    ['@user Lorem Ipsum', ['user']],
    ['Lorem Ipsum @user1 @user2', ['user1', 'user2']],
    ['Lorem Ipsum @user1 @user1', ['user1']],
    ['Lorem Ipsum @User @user', ['User']],
    ["Lorem Ipsum @'user with long name'", ['user with long name']],
    ['Lorem Ipsum @"user with long name"', ['user with long name']],
    ['Lorem Ipsum anna@example.com', []],
    ['Mail anna@example.com about @bob', ['bob']],
    ['Lorem Ipsum @', []],
    ['Lorem @ Ipsum', []],
  ])('%j → %j (the text keeps them for the caller to resolve)', (input, assignees) => {
    const result = parse(input);
    expect(result.assignees).toEqual(assignees);
    expect(result.text).toBe(input.trim());
  });

  it('assignees that look like dates are not dates', () => {
    expect(parse('Lorem @today')).toMatchObject({ assignees: ['today'], date: null });
  });

  it('textWithoutTokens drops resolved assignees', () => {
    const input = 'Lorem @anna Ipsum @ghost *label';
    const result = parse(input);
    const drop = result.tokens.filter((t) => t.kind !== 'assignee' || t.value === 'anna');
    expect(textWithoutTokens(input, drop)).toBe('Lorem Ipsum @ghost');
  });

  it('removed with the resolved assignees gives the title without them, escapes included', () => {
    const input = '\\tomorrow call @anna @ghost *label';
    const result = parse(input);
    const anna = result.tokens.filter((t) => t.kind === 'assignee' && t.value === 'anna');
    expect(textWithoutTokens(input, [...result.removed, ...anna])).toBe('tomorrow call @ghost');
  });
});

describe('e-mail addresses are never labels or assignees', () => {
  it.each([
    ['Write to anna@example.com', PrefixMode.Default],
    ['Write to anna@example.com', PrefixMode.Todoist],
    ['Write to anna+tag@example.com', PrefixMode.Default],
    ['Write to anna+tag@example.com', PrefixMode.Todoist],
    ['Write to first.last@sub.example.org today', PrefixMode.Todoist],
  ])('%j in %s mode', (input, mode) => {
    const result = parse(input, mode);
    expect(result.labels).toEqual([]);
    expect(result.assignees).toEqual([]);
    expect(result.list).toBeNull();
    expect(result.text).toContain(input.split(' ').find((w) => w.includes('@')));
  });
});

describe('todoist mode', () => {
  it.each<[string, Partial<ReturnType<typeof parse>>]>([
    ['Lorem Ipsum @label', { text: 'Lorem Ipsum', labels: ['label'] }],
    ["Lorem Ipsum @'label with space'", { text: 'Lorem Ipsum', labels: ['label with space'] }],
    ['Lorem Ipsum #list', { text: 'Lorem Ipsum', list: 'list' }],
    ["Lorem Ipsum #'My List'", { text: 'Lorem Ipsum', list: 'My List' }],
    ['Lorem Ipsum +user', { text: 'Lorem Ipsum +user', assignees: ['user'] }],
    ['Lorem Ipsum *notalabel', { text: 'Lorem Ipsum *notalabel', labels: [] }],
    ['Lorem Ipsum @today', { text: 'Lorem Ipsum', labels: ['today'], date: null }],
    ['Lorem @a #b !3 +c tomorrow', { text: 'Lorem +c', labels: ['a'], list: 'b', priority: 3, assignees: ['c'] }],
    ['Issue #12 fix', { text: 'Issue fix', list: '12' }],
  ])('%j', (input, expected) => {
    expect(parse(input, PrefixMode.Todoist)).toMatchObject(expected);
  });
});

describe('disabled and unknown modes return the text untouched', () => {
  it.each([PrefixMode.Disabled, 'unknown', ''])('%j', (mode) => {
    const input = '  Lorem *label +list !3 @user today every day  ';
    expect(parse(input, mode)).toEqual({
      text: input,
      date: null,
      labels: [],
      list: null,
      priority: null,
      assignees: [],
      repeats: null,
      tokens: [],
      removed: [],
      hints: [],
    });
  });
  it('defaults to the vikunja mode', () => {
    expect(parseTaskText('Lorem *label').labels).toEqual(['label']);
  });
});

describe('everything together', () => {
  it('reads every part and leaves the title', () => {
    const input = "Buy *groceries *'weekly shop' +Home !3 @anna tomorrow at 17:00 every week milk and eggs";
    const result = parse(input);
    expect(result.text).toBe('Buy @anna milk and eggs');
    expect(result.labels).toEqual(['groceries', 'weekly shop']);
    expect(result.list).toBe('Home');
    expect(result.priority).toBe(3);
    expect(result.assignees).toEqual(['anna']);
    expect(fmt(result.date)).toBe('2022-02-18 17:00');
    expect(result.repeats).toEqual({ type: 'weeks', amount: 1 });
  });

  it('returns tokens with spans into the input', () => {
    const input = "Buy *milk +'Weekly Shop' !2 @bob tomorrow at 5pm every 2 days";
    const result = parse(input);
    const spans = result.tokens.map((t) => [t.kind, input.slice(t.start, t.end)]);
    expect(spans).toEqual([
      ['label', '*milk'],
      ['list', "+'Weekly Shop'"],
      ['priority', '!2'],
      ['assignee', '@bob'],
      ['date', 'tomorrow at 5pm'],
      ['repeat', 'every 2 days'],
    ]);
    expect(result.tokens.map((t) => t.value)).toEqual(['milk', 'Weekly Shop', 2, 'bob', result.date, { type: 'days', amount: 2 }]);
  });

  it('reports a separate time token when the time is away from the date', () => {
    const input = 'at 5pm call Bob tomorrow';
    const result = parse(input);
    expect(result.tokens.map((t) => input.slice(t.start, t.end))).toEqual(['at 5pm', 'tomorrow']);
    expect(result.text).toBe('call Bob');
  });

  it('keeps the words of the title and their case', () => {
    expect(parse('Ask ÄNNE about the Q3 report *work tomorrow').text).toBe('Ask ÄNNE about the Q3 report');
  });

  it('handles an empty string', () => {
    expect(parse('')).toMatchObject({ text: '', date: null, labels: [], tokens: [] });
  });
});
