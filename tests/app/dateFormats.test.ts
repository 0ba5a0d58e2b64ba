// Every language writes the shown dates its own way: day order, month abbreviation, era marks and a 24-hour clock.
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT, DATE_FORMAT_SPELLED_DAY, DATE_FORMAT_TIME, formatDate } from '../../src/i18n/dateLocale';
import { SUPPORTED_LOCALES } from '../../src/constants';

const day = new Date(2026, 11, 1, 18, 5);

describe('formatDate', () => {
  it.each([
    ['en', '1 Dec 2026'],
    ['de-DE', '1. Dez. 2026'],
    ['de-swiss', '1. Dez. 2026'],
    ['fr-FR', '1 déc. 2026'],
    ['ru-RU', '1 дек. 2026 г.'],
    ['pl-PL', '1 gru 2026'],
    ['it-IT', '1 dic 2026'],
    ['nl-NL', '1 dec 2026'],
    ['no-NO', '1. des. 2026'],
    ['zh-CN', '2026年12月1日'],
  ])('writes a short date in %s as %s', (language, expected) => {
    expect(formatDate(day, DATE_FORMAT_SHORT, language)).toBe(expected);
  });

  it.each(SUPPORTED_LOCALES.map((l) => [l]))('shows 18:05 on a 24-hour clock in %s, with the date', (language) => {
    expect(formatDate(day, DATE_FORMAT_TIME, language)).toBe('18:05');
    const long = formatDate(day, DATE_FORMAT_LONG, language);
    expect(long).toContain('18:05');
    expect(long).toContain('2026');
    expect(long).not.toMatch(/PM|AM/i);
  });

  it('spells a day out in the language: German and Chinese', () => {
    expect(formatDate(day, DATE_FORMAT_SPELLED_DAY, 'de-DE')).toBe('Dienstag, 1. Dezember 2026');
    expect(formatDate(day, DATE_FORMAT_SPELLED_DAY, 'zh-CN')).toBe('2026年12月1日星期二');
  });

  it('reads an unknown language as British English instead of throwing', () => {
    expect(formatDate(day, DATE_FORMAT_SHORT, 'tlh')).toBe('1 Dec 2026');
  });
});
