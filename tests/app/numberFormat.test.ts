// Numbers follow the interface language through Intl; de-swiss (the app's name for Swiss Standard German) uses de-CH.
import { describe, expect, it } from 'vitest';
import { formatFileSize, formatNumber, formatPercent } from '../../src/i18n/numberFormat';
import { intlLocale } from '../../src/i18n/intlLocale';

// ICU versions differ on the Swiss grouping mark (’ in current CLDR, ' in older data): both are Swiss usage.
const SWISS_GROUP = "[’']";
// Which space a language puts before a unit or % (plain, no-break, narrow no-break) also varies between ICU versions.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('intlLocale', () => {
  it.each([
    ['de-swiss', 'de-CH'],
    ['no-NO', 'nb-NO'],
    ['de-DE', 'de-DE'],
    ['pt-PT', 'pt-PT'],
    ['en', 'en'],
  ])('%s → %s', (app, intl) => expect(intlLocale(app)).toBe(intl));
});

describe('de-swiss', () => {
  it('groups thousands with an apostrophe and uses a decimal point', () => {
    expect(formatNumber(1234.5, {}, 'de-swiss')).toMatch(new RegExp(`^1${SWISS_GROUP}234\\.5$`));
    expect(formatNumber(1234567, {}, 'de-swiss')).toMatch(new RegExp(`^1${SWISS_GROUP}234${SWISS_GROUP}567$`));
  });

  it('writes percentages without a space, unlike German', () => {
    expect(formatPercent(0.5, 'de-swiss')).toBe('50%');
    expect(spaced(formatPercent(0.5, 'de-DE'))).toBe('50 %');
  });

  it('writes file sizes with the Swiss number format', () => {
    expect(spaced(formatFileSize(1.5 * 1024 * 1024, 'de-swiss'))).toBe('1.5 MB');
    expect(spaced(formatFileSize(1023, 'de-swiss'))).toMatch(new RegExp(`^1${SWISS_GROUP}023 Byte$`));
  });
});

describe('formatFileSize', () => {
  it('picks the largest binary unit that keeps the number at 1 or more', () => {
    expect(formatFileSize(0, 'en')).toBe('0 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(16, 'en')).toBe('16 bytes');
    expect(formatFileSize(1023, 'en')).toBe('1,023 bytes');
    expect(formatFileSize(1024, 'en')).toBe('1 kB');
    expect(formatFileSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
    expect(formatFileSize(3 * 1024 ** 3 + 512 * 1024 ** 2, 'en')).toBe('3.5 GB');
  });

  it('uses each language’s own separators and unit names', () => {
    expect(spaced(formatFileSize(1.5 * 1024 * 1024, 'de-DE'))).toBe('1,5 MB');
    expect(spaced(formatFileSize(1.5 * 1024, 'fr-FR'))).toBe('1,5 ko');
    expect(spaced(formatFileSize(1023, 'nl-NL'))).toBe('1.023 byte');
    expect(spaced(formatFileSize(16, 'fr-FR'))).toBe('16 octets');
  });
});
