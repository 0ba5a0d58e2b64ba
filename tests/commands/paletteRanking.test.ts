// Palette ranking: plain text finds every kind of thing, ranked together; a match at the start of a title or word wins.
import { describe, expect, it } from 'vitest';
import { isCommandTitle, rankEntries, type EntryKind, type PaletteEntry } from '../../commands/palette';

const entry = (kind: EntryKind, title: string, id = title): PaletteEntry => ({ kind, key: `${kind}:${id}`, title });

// Shaped like the palette's entries with tasks selected in a list: commands, places and tasks together.
const entries: PaletteEntry[] = [
  entry('command', 'Add list to or remove it from favorites'),
  entry('command', 'Mark the selected tasks done'),
  entry('command', 'Remove the selection'),
  entry('command', 'Move the selected tasks to a list'),
  entry('command', 'Go to the overview'),
  entry('list', 'Weekend Errands'),
  entry('list', 'Move-out checklist'),
  entry('list', 'Work'),
  entry('namespace', 'Weekend'),
  entry('label', 'errand'),
  entry('task', 'Move boxes'),
  entry('task', 'Weekend errands: buy paint'),
  entry('task', 'Call to remove the van'),
];

const titles = (query: string, limit = 5) => rankEntries(query, entries, limit).map((e) => e.title);

describe('palette ranking', () => {
  it('"move" ranks "Move … to a list" first, never the favourites command', () => {
    const ranked = titles('move', 10);
    expect(ranked[0]).toBe('Move the selected tasks to a list');
    // Title starts come before matches inside a word ("Remove", "removal").
    expect(ranked.indexOf('Move-out checklist')).toBeLessThan(ranked.indexOf('Remove the selection'));
    expect(ranked.indexOf('Move boxes')).toBeLessThan(ranked.indexOf('Call to remove the van'));
    expect(ranked.indexOf('Add list to or remove it from favorites')).toBeGreaterThan(ranked.indexOf('Move boxes'));
  });

  it('finds a list by plain text: "Weekend Err" → the list "Weekend Errands", before tasks that start alike', () => {
    const ranked = titles('Weekend Err');
    expect(ranked[0]).toBe('Weekend Errands');
    expect(ranked).toContain('Weekend errands: buy paint');
    expect(ranked.indexOf('Weekend Errands')).toBeLessThan(ranked.indexOf('Weekend errands: buy paint'));
  });

  it('finds lists, namespaces, labels, tasks and commands by the same text', () => {
    const kinds = new Set(rankEntries('week', entries, 20).map((e) => e.kind));
    expect(kinds).toEqual(new Set(['list', 'namespace', 'task']));
    expect(rankEntries('errand', entries, 20).map((e) => e.kind)).toEqual(expect.arrayContaining(['label', 'list', 'task']));
    expect(titles('overview')).toEqual(['Go to the overview']);
  });

  it('prefers a word start to a match inside a word, and partial words in any order', () => {
    expect(titles('errands')[0]).toBe('Weekend Errands');
    expect(titles('sel mark')[0]).toBe('Mark the selected tasks done');
  });

  it('is case- and accent-insensitive and caps the result', () => {
    expect(titles('WEEKEND ERR')[0]).toBe('Weekend Errands');
    expect(rankEntries('e', entries, 3)).toHaveLength(3);
  });

  it('knows when the text is a command title (then no create offers)', () => {
    expect(isCommandTitle(' move the selected TASKS to a list ', ['Move the selected tasks to a list'])).toBe(true);
    expect(isCommandTitle('move', ['Move the selected tasks to a list'])).toBe(false);
  });
});
