// Whether a failed request got no answer from the server (no network, the server away): kept apart from ApiError so
// the signed-out first page, which only needs the error itself, does not carry it.
import { ApiError } from './apiError';

const NETWORK_MESSAGE = /<no response>|failed to fetch|fetch failed|networkerror|load failed|network error/i;

/**
 * A failure for which the server's answer never came (no network, the server down behind a proxy): the write is
 * tried again. Anything else is the server's refusal of the write.
 */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  if (!(err instanceof ApiError)) return false;
  if (err.status === 502 || err.status === 503 || err.status === 504) return true;
  return err.status === 0 && !err.fromServer && NETWORK_MESSAGE.test(err.message);
}
