// The shared fuzzy ranking: what matches, in which order, and what never matches.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldText, rankByText } from '../../src/app/fuzzyRank';

const title = (s: string) => s;
const rank = (q: string, items: string[], limit?: number) => rankByText(q, items, title, limit);

describe('rankByText: what matches', () => {
  it.each([
    ['ali', ['bob', 'alice', 'carol'], ['alice']],
    ['fam', ['work', 'family', 'fun'], ['family']],
    ['Weekend Err', ['Weekend Errands', 'Week planning', 'Errands'], ['Weekend Errands']],
    ['ALI', ['alice'], ['alice']],
    ['zoe', ['Zoë Dubois', 'zoo'], ['Zoë Dubois']],
    ['cafe', ['Café crème', 'Cafeteria'], ['Cafeteria', 'Café crème']],
    ['Straße', ['strasse bauen', 'street'], ['strasse bauen']],
    ['err week', ['Weekend Errands', 'errands'], ['Weekend Errands']],
    ['wkd', ['weekend', 'work'], ['weekend']],
  ])('%s finds %j', (q, items, expected) => {
    expect(rank(q, items)).toEqual(expected);
  });

  it('does not match letters that are not there, or not in order', () => {
    expect(rank('xyz', ['alice', 'bob'])).toEqual([]);
    expect(rank('ila', ['alice'])).toEqual([]);
  });

  it('a single letter must appear literally (no scattered one-letter matches)', () => {
    expect(rank('q', ['quarter', 'aqua', 'bob'])).toEqual(['quarter', 'aqua']);
  });
});

describe('rankByText: order', () => {
  it('exact, then start of the title, then start of a word, then inside a word, then fuzzier', () => {
    const items = ['a family thing', 'infamous', 'f-a-m', 'families', 'fam', 'f a m x', 'famous'];
    expect(rank('fam', items)).toEqual(['fam', 'famous', 'families', 'a family thing', 'infamous', 'f-a-m', 'f a m x']);
  });

  it('ranks the "move" command before one that only contains the letters scattered', () => {
    const commands = ['Favourite this list', 'Remove the due date', 'Move the task to a list', 'Mark as done'];
    expect(rank('move', commands)[0]).toBe('Move the task to a list');
    expect(rank('move', commands)).toEqual(['Move the task to a list', 'Remove the due date']);
  });

  it('prefers an earlier word start and then the shorter text', () => {
    expect(rank('err', ['Weekend Errands', 'Errands', 'Big weekend errands list'])).toEqual([
      'Errands',
      'Weekend Errands',
      'Big weekend errands list',
    ]);
  });

  it('a word-start match later in the text beats an in-word match earlier', () => {
    expect(rank('art', ['start the party', 'party art'])).toEqual(['party art', 'start the party']);
  });

  it('keeps the input order for equal matches (stable)', () => {
    expect(rank('ab', ['ab1', 'ab2', 'ab3'])).toEqual(['ab1', 'ab2', 'ab3']);
  });

  it('an empty or blank query returns the items in input order, up to the limit', () => {
    expect(rank('', ['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
    expect(rank('   ', ['c', 'a', 'b'], 2)).toEqual(['c', 'a']);
  });

  it('honours the limit after ranking, not before', () => {
    expect(rank('fam', ['infamous', 'xfam', 'family'], 1)).toEqual(['family']);
  });
});

describe('rankByText: several texts per item', () => {
  const users = [
    { id: 1, name: 'Alice Martin', username: 'amartin' },
    { id: 2, name: 'Bob', username: 'bobali' },
    { id: 3, name: 'Carol', username: 'carol' },
  ];
  it('uses the best of the texts', () => {
    const ranked = rankByText('ali', users, (u) => [u.name, u.username]);
    expect(ranked.map((u) => u.id)).toEqual([1, 2]);
    expect(rankByText('amart', users, (u) => [u.name, u.username]).map((u) => u.id)).toEqual([1]);
  });

  it('an item with no texts never matches a non-empty query', () => {
    expect(rankByText('a', [{ t: [] as string[] }], (x) => x.t)).toEqual([]);
  });
});

describe('rankByText: the same array ranked again', () => {
  it('follows a text that changed since the last keystroke (another field, or an item edited in place)', () => {
    const items = [{ a: 'alpha', b: 'beta' }];
    expect(rankByText('alp', items, (x) => x.a)).toEqual(items);
    expect(rankByText('alp', items, (x) => x.b)).toEqual([]);
    items[0].a = 'gamma';
    expect(rankByText('alp', items, (x) => x.a)).toEqual([]);
    expect(rankByText('gam', items, (x) => [x.b, x.a])).toEqual(items);
  });
});

describe('rankByText: properties', () => {
  it('returns a subset of the items without duplicates, never more than the limit', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 30 }), fc.integer({ min: 0, max: 40 }), (q, items, limit) => {
        const idx = items.map((_, i) => i);
        const out = rankByText(q, idx, (i) => items[i], limit);
        expect(out.length).toBeLessThanOrEqual(limit);
        expect(new Set(out).size).toBe(out.length);
        for (const i of out) expect(idx).toContain(i);
      }),
    );
  });

  it('a text always finds itself first among texts it is not a prefix of', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((s) => s.trim() === s && !/\s\s/.test(s)), fc.array(fc.string(), { maxLength: 20 }), (needle, others) => {
        const items = [...others.filter((o) => foldText(o) !== foldText(needle)), needle];
        expect(rank(needle, items)[0]).toBe(needle);
      }),
    );
  });
});

describe('foldText', () => {
  it('lower-cases and strips accents', () => {
    expect(foldText('ÉLÈVE Ärger naïve')).toBe('eleve arger naive');
  });
});
