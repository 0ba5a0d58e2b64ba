// Client preferences: the server's frontend_settings win over the local mirror, which keeps them for the next start.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../src/state/store';
import { quickAddModeAtom } from '../../../src/state/taskSettings';
import { currentLanguage, setLanguage } from '../../../src/i18n';
import { clientPreferences, normalizeQuickAddMode, syncFromUser } from '../../../src/state/frontendSettings';
import { findLocale } from '../../../src/i18n/languages';

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en', false);
  appStore.set(quickAddModeAtom, 'vikunja');
});

describe('client preferences', () => {
  it('defaults to the vikunja mode and no sound; unknown modes count as disabled', () => {
    expect(clientPreferences(null)).toEqual({ quickAddMagicMode: 'vikunja', playSoundWhenDone: false });
    expect(normalizeQuickAddMode('nonsense')).toBe('disabled');
    expect(normalizeQuickAddMode(undefined)).toBe('vikunja');
  });

  it('uses the local mirror before the server answered', () => {
    localStorage.setItem('quickAddMagicMode', 'todoist');
    localStorage.setItem('playSoundWhenDone', 'true');
    expect(clientPreferences({ id: 1, username: 'ada' })).toEqual({ quickAddMagicMode: 'todoist', playSoundWhenDone: true });
  });

  it('takes the server copy after GET /user and mirrors it', () => {
    localStorage.setItem('quickAddMagicMode', 'todoist');
    syncFromUser({ id: 1, username: 'ada', settings: { frontendSettings: { quickAddMagicMode: 'disabled', playSoundWhenDone: true } } as never });
    expect(localStorage.getItem('quickAddMagicMode')).toBe('disabled');
    expect(localStorage.getItem('playSoundWhenDone')).toBe('true');
    expect(appStore.get(quickAddModeAtom)).toBe('disabled');
  });

  it('leaves the local values alone when the server has none', () => {
    localStorage.setItem('quickAddMagicMode', 'todoist');
    syncFromUser({ id: 1, username: 'ada', settings: { language: 'en' } });
    expect(localStorage.getItem('quickAddMagicMode')).toBe('todoist');
  });

  it("switches to the account's language", async () => {
    syncFromUser({ id: 1, username: 'ada', settings: { language: 'fr-FR' } });
    // The French messages are a lazily loaded chunk.
    await vi.waitFor(() => expect(currentLanguage()).toBe('fr-FR'), { timeout: 5000 });
  });

  it('finds languages by code or by their own name for the palette', () => {
    expect(findLocale('Deutsch')).toBe('de-DE');
    expect(findLocale('fr')).toBe('fr-FR');
    expect(findLocale('pt-pt')).toBe('pt-PT');
    expect(findLocale('Fran')).toBe('fr-FR');
    // de-swiss is written Swiss Standard German, not dialect, and is named so in the picker.
    expect(findLocale('Deutsch (Schweiz)')).toBe('de-swiss');
    expect(findLocale('klingon')).toBeNull();
  });
});
