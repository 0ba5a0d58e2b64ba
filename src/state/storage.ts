// The local storage keys of spec part 1 §3, and reads/writes that survive a browser without storage.
export const STORAGE_KEYS = {
  token: 'token',
  lastVisited: 'lastVisited',
  listView: 'listView',
  apiUrl: 'API_URL',
  menuActive: 'menuActive',
  colorScheme: 'color-scheme',
  language: 'language',
  listHistory: 'listHistory',
  emailConfirmToken: 'emailConfirmToken',
  passwordResetToken: 'passwordResetToken',
  openIdAuthenticating: 'authenticating',
  openIdState: 'state',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys that describe the device rather than the account, so logout keeps them (see the report). */
const DEVICE_KEYS: StorageKey[] = [STORAGE_KEYS.apiUrl, STORAGE_KEYS.colorScheme, STORAGE_KEYS.language];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works for this session.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // see writeStorage
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Logout clears everything that belongs to the account; the API address, scheme and language stay. */
export function clearAccountStorage(): void {
  const kept = DEVICE_KEYS.map((k) => [k, readStorage(k)] as const);
  try {
    window.localStorage.clear();
  } catch {
    return;
  }
  for (const [k, v] of kept) if (v !== null) writeStorage(k, v);
}
