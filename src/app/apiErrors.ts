// What the sign-in screens read from a failed request: a module of its own, so the first page's core chunk stays
// without it (and kept out of the signed-in screens' shared chunk, see vite.config.ts).
import { ApiError } from '../api/apiError';

/** The catalogue code of an error from the API, or null (a network failure, a client error). */
export function errorCode(err: unknown): number | null {
  return err instanceof ApiError ? err.code : null;
}

/** The message the server sent with an error, or null when the error did not come from the server. */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.fromServer ? err.message : null;
}
