// The error rule of spec §8: the translated message for the code, else the server message, else the client message.
import { ApiError } from '../api/apiError';
import { ensureErrorMessages, hasKey, t } from '../i18n';

export function errorCodeKey(code: number): string {
  return `error.${String(code).padStart(4, '0')}`;
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code !== null && hasKey(errorCodeKey(err.code))) return t(errorCodeKey(err.code));
    if (err.message) return err.message;
  }
  if (err instanceof Error && err.message) return hasKey(err.message) ? t(err.message) : err.message;
  if (typeof err === 'string' && err !== '') return hasKey(err) ? t(err) : err;
  return t('error.unknown');
}

/** errorText once the error catalogue has loaded (it is fetched on demand). */
export async function errorTextAsync(err: unknown): Promise<string> {
  await ensureErrorMessages();
  return errorText(err);
}
