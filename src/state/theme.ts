// The colour scheme (light, dark or auto), stored locally, default light, applied to <html data-theme>.
import { atom } from 'jotai/vanilla';
import { readStorage, writeStorage, STORAGE_KEYS } from './storage';

export type ColorScheme = 'light' | 'dark' | 'auto';

export function storedColorScheme(): ColorScheme {
  const v = readStorage(STORAGE_KEYS.colorScheme);
  return v === 'dark' || v === 'auto' || v === 'light' ? v : 'light';
}

export function applyColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.theme = scheme;
}

const schemeBase = atom<ColorScheme>(storedColorScheme());

export const colorSchemeAtom = atom(
  (get) => get(schemeBase),
  (_get, set, scheme: ColorScheme) => {
    set(schemeBase, scheme);
    writeStorage(STORAGE_KEYS.colorScheme, scheme);
    applyColorScheme(scheme);
  },
);
