// What the sign-in screens read from a failed request: a module of its own, so the first page's core chunk stays
// without it (and kept out of the signed-in screens' shared chunk, see vite.config.ts).
import { ApiError } from '../api/apiError';
import { invalidFieldProblems } from '../model/accountRules';
import type { Params } from '../i18n';

/** The catalogue code of an error from the API, or null (a network failure, a client error). */
export function errorCode(err: unknown): number | null {
  return err instanceof ApiError ? err.code : null;
}

/** The message the server sent with an error, or null when the error did not come from the server. */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.fromServer ? err.message : null;
}

/**
 * The server's reasons per field of a validation error (400/2002 `invalid_fields`), translated where the reason is
 * one of the account rules, else in the server's words; empty for any other error.
 */
export function invalidFieldMessages(err: unknown, translate: (key: string, params?: Params) => string): Record<string, string> {
  if (!(err instanceof ApiError) || err.code !== 2002) return {};
  const out: Record<string, string> = {};
  for (const [field, problem] of invalidFieldProblems(err.invalidFields))
    out[field] = 'text' in problem ? problem.text : translate(problem.key, problem.params);
  return out;
}
