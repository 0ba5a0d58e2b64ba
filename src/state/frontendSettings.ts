// Quick-add mode and pop sound: kept in the user's frontend_settings on the server and mirrored in local storage.
import type { FrontendSettings, QuickAddMode } from '../api/settings';
import type { User } from '../api/user';
import { appStore } from './store';
import { currentLanguage, resolveLanguage, setLanguage } from '../i18n';
import { quickAddModeAtom } from './taskSettings';

/**
 * The local mirror lets quick-add and the done sound work before GET /user has answered. The keys
 * are the ones the task screens read (src/state/taskSettings.ts).
 */
export const LOCAL_KEYS = { quickAddMagicMode: 'quickAddMagicMode', playSoundWhenDone: 'playSoundWhenDone' } as const;

export const QUICK_ADD_MODES: readonly QuickAddMode[] = ['disabled', 'vikunja', 'todoist'];

function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the server copy still holds the setting.
  }
}

/** A stored mode as the form shows it: nothing stored is the default (vikunja), anything unknown is disabled. */
export function normalizeQuickAddMode(value: unknown): QuickAddMode {
  if (value === undefined || value === null || value === '') return 'vikunja';
  return QUICK_ADD_MODES.includes(value as QuickAddMode) ? (value as QuickAddMode) : 'disabled';
}

export interface ClientPreferences {
  quickAddMagicMode: QuickAddMode;
  playSoundWhenDone: boolean;
}

/** The server's values when it sent them, else the local mirror, else the defaults. */
export function clientPreferences(user: User | null): ClientPreferences {
  const server = (user?.settings as { frontendSettings?: FrontendSettings } | undefined)?.frontendSettings ?? {};
  const localSound = readLocal(LOCAL_KEYS.playSoundWhenDone);
  return {
    quickAddMagicMode: normalizeQuickAddMode(server.quickAddMagicMode ?? readLocal(LOCAL_KEYS.quickAddMagicMode)),
    playSoundWhenDone: typeof server.playSoundWhenDone === 'boolean' ? server.playSoundWhenDone : localSound === 'true',
  };
}

/** Writes the local mirror. */
export function mirrorPreferences(prefs: ClientPreferences): void {
  writeLocal(LOCAL_KEYS.quickAddMagicMode, prefs.quickAddMagicMode);
  writeLocal(LOCAL_KEYS.playSoundWhenDone, String(prefs.playSoundWhenDone));
}

/** The frontend_settings object to send: what the server had (other keys survive) with our two values. */
export function mergedFrontendSettings(user: User | null, prefs: ClientPreferences): FrontendSettings {
  const server = (user?.settings as { frontendSettings?: FrontendSettings } | undefined)?.frontendSettings ?? {};
  return { ...server, quickAddMagicMode: prefs.quickAddMagicMode, playSoundWhenDone: prefs.playSoundWhenDone };
}

/** Writes the mirror and tells the open quick-add boxes, which read the mode from an atom. */
export function applyPreferences(prefs: ClientPreferences): void {
  mirrorPreferences(prefs);
  appStore.set(quickAddModeAtom, prefs.quickAddMagicMode);
}

/**
 * After GET /user: the server's copies (language, quick-add mode, pop sound) win over the local ones,
 * so a preference set in another browser arrives here too. Without a server copy local values stay.
 */
export function syncFromUser(user: User | null): void {
  // The account's language follows the person to every browser they sign in on.
  const language = user?.settings?.language;
  if (language && resolveLanguage(language) !== currentLanguage()) void setLanguage(language);
  const server = (user?.settings as { frontendSettings?: FrontendSettings } | undefined)?.frontendSettings;
  if (!server || (server.quickAddMagicMode === undefined && server.playSoundWhenDone === undefined)) return;
  applyPreferences(clientPreferences(user));
}
