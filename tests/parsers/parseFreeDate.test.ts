// Free-text dates in a date field: what they read as, in English, German and French, and what is refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseFreeDate } from '../../parsers/parseFreeDate';

// Wednesday 25 November 2026, 09:30.
const NOW = new Date(2026, 10, 25, 9, 30);
const at = (m: number, d: number, h = 12, min = 0, y = 2026) => new Date(y, m - 1, d, h, min);

describe('parseFreeDate', () => {
  it.each([
    ['fri 5pm', at(11, 27, 17)],
    ['Friday 17:30', at(11, 27, 17, 30)],
    ['in 3 days', at(11, 28)],
    ['tomorrow', at(11, 26)],
    ['tomorrow 8am', at(11, 26, 8)],
    ['next month', at(12, 25)],
    ['in 2 hours', at(11, 25, 11, 30)],
    ['Dec 3', at(12, 3)],
    ['3 March', at(3, 3, 12, 0, 2027)],
    ['  today  ', at(11, 25)],
  ])('en: %s', (text, expected) => {
    expect(parseFreeDate(text, NOW, 'en')).toEqual({ ok: true, date: expected });
  });

  it.each([
    ['Freitag 17 Uhr', at(11, 27, 17)],
    ['morgen', at(11, 26)],
    ['tomorrow', at(11, 26)],
  ])('de-DE: %s', (text, expected) => {
    expect(parseFreeDate(text, NOW, 'de-DE')).toEqual({ ok: true, date: expected });
  });

  it.each([
    ['vendredi 17h', at(11, 27, 17)],
    ['demain', at(11, 26)],
  ])('fr-FR: %s', (text, expected) => {
    expect(parseFreeDate(text, NOW, 'fr-FR')).toEqual({ ok: true, date: expected });
  });

  it('never reads a past weekday', () => {
    const r = parseFreeDate('mon', NOW, 'en');
    expect(r.ok && r.date.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it.each([['fri blah'], ['blah'], ['buy milk on friday'], ['5 apples']])('refuses %s (not only a date)', (text) => {
    expect(parseFreeDate(text, NOW, 'en')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('an empty field is "empty", not an error about the text', () => {
    expect(parseFreeDate('   ', NOW)).toEqual({ ok: false, reason: 'empty' });
  });

  it('never throws and returns a valid date when it says ok', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('en', 'de-DE', 'fr-FR', 'xx'), (text, lang) => {
        const r = parseFreeDate(text, NOW, lang);
        if (r.ok) expect(Number.isNaN(r.date.getTime())).toBe(false);
      }),
    );
  });
});
