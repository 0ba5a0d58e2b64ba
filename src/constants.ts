// Business constants of spec part 1 §9 that more than one module needs.
export const CLIENT_VERSION = '0.20.5';
export const PRODUCT_NAME = 'Keyflow';

export const DEFAULT_API_PORT = 3456;
export const API_SUFFIX = '/api/v1';

export const TOKEN_RENEWAL_DELAY_MS = 5000;
export const RENEW_ON_FOCUS_THRESHOLD_MS = 60 * 60 * 60 * 1000; // 60 hours
export const USER_REFRESH_THROTTLE_MS = 60 * 1000;
export const FIELD_VALIDATION_DEBOUNCE_MS = 100;
export const LOADING_INDICATOR_DELAY_MS = 100;
export const MOBILE_BREAKPOINT_PX = 768;
export const VISIBLE_TOASTS = 2;
export const TOAST_DURATION_MS = 3000;
export const HOTKEY_SEQUENCE_RESET_MS = 1500;
export const OPENID_STATE_LENGTH = 24;
export const PRIDE_MONTH_INDEX = 5; // June
export const DEFAULT_LANGUAGE = 'en';
/** The user setting's default first day of the week (spec part 2 §9): 0 is Sunday. */
export const DEFAULT_WEEK_START = 0;
export const SUPPORTED_LOCALES = [
  'en', 'de-DE', 'de-swiss', 'ru-RU', 'fr-FR', 'vi-VN', 'it-IT', 'cs-CZ', 'pl-PL', 'nl-NL', 'pt-PT', 'zh-CN', 'no-NO',
] as const;
