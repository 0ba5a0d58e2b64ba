// The position rule, label text colour, and list/namespace normalisation.
import { describe, expect, it } from 'vitest';
import { positionBetween, POSITION_STEP } from '../../../src/state/position';
import { textColorFor, normalizeLabel } from '../../../src/api/labels';
import { contrastRatio } from '../../../src/styles/readableText';
import { normalizeList, isSavedFilterList, filterIdOfList, listIdOfFilter } from '../../../src/api/lists';

describe('positionBetween', () => {
  it('takes the midpoint between neighbours', () => expect(positionBetween(100, 200)).toBe(150));
  it('adds one step after the last', () => expect(positionBetween(100, undefined)).toBe(100 + POSITION_STEP));
  it('halves the next when first', () => expect(positionBetween(undefined, 300)).toBe(150));
  it('is 0 with no neighbours', () => expect(positionBetween()).toBe(0));
  it('treats null as missing and 0 as a value', () => {
    expect(positionBetween(null, 0)).toBe(0);
    expect(positionBetween(0, null)).toBe(POSITION_STEP);
  });
});

describe('label colours', () => {
  it('uses dark text on light colours and white on dark ones', () => {
    expect(textColorFor('e8e8e8')).toBe('4a4a4a');
    expect(textColorFor('#ffffff')).toBe('4a4a4a');
    expect(textColorFor('000000')).toBe('ffffff');
    expect(textColorFor('0a53c2')).toBe('ffffff');
  });
  it('reaches 4.5:1 on mid colours, where neither the spec grey nor white does', () => {
    // White on the default task blue is 4.25:1 and #4a4a4a 2.1:1 (the axe audit found such labels).
    expect(textColorFor('1973ff')).toBe('000000');
    for (const hex of ['1973ff', 'e8e8e8', 'ff0000', '808080', '00a000', 'ffcc00', '4a90ff', '000000', 'ffffff']) {
      expect(contrastRatio(textColorFor(hex), hex)).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('defaults the colour to e8e8e8', () => {
    expect(normalizeLabel({ id: 1 }).hexColor).toBe('e8e8e8');
  });
});

describe('lists', () => {
  it('fills defaults and keeps maxRight', () => {
    const l = normalizeList({ id: 3, title: 'A' }, 1);
    expect(l).toMatchObject({ id: 3, title: 'A', isArchived: false, isFavorite: false, maxRight: 1, hexColor: '' });
  });
  it('maps saved filters to pseudo lists and back', () => {
    expect(listIdOfFilter(1)).toBe(-2);
    expect(filterIdOfList(-2)).toBe(1);
    expect(isSavedFilterList(-2)).toBe(true);
    expect(isSavedFilterList(-1)).toBe(false);
    expect(isSavedFilterList(5)).toBe(false);
  });
});
