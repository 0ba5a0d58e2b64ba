// Key names follow the UI language: Strg in German, Ctrl in English (⌘ on Apple, where navigator.platform says so).
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/i18n';
import { shortcutLabel } from '../../src/app/shortcutLabel';

describe('shortcut labels by language', () => {
  afterAll(() => setLanguage('en', false));

  it('names keys in English', async () => {
    await setLanguage('en', false);
    expect(shortcutLabel('$mod+k')).toBe('Ctrl+K');
    expect(shortcutLabel('g u')).toBe('G then U');
    expect(shortcutLabel('Shift+Enter')).toBe('Shift+Enter');
  });

  it('names keys in German and French', async () => {
    await setLanguage('de-DE', false);
    expect(shortcutLabel('$mod+k')).toBe('Strg+K');
    expect(shortcutLabel('g u')).toBe('G dann U');
    expect(shortcutLabel('Delete')).toBe('Entf');
    await setLanguage('fr-FR', false);
    expect(shortcutLabel('Shift+Enter')).toBe('Maj+Entrée');
  });
});
