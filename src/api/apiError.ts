// The one error type every failed API call becomes: {code, message, status}.

export class ApiError extends Error {
  /** The API's error code (e.g. 1017), or null when the server sent none. */
  readonly code: number | null;
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  /** True when `message` came from the server rather than from the client. */
  readonly fromServer: boolean;
  readonly invalidFields: string[];
  /** The whole error body the server sent (a 412 of a stale If-Match carries the current entity in it). */
  readonly body: unknown;

  constructor(opts: { code?: number | null; message: string; status: number; fromServer?: boolean; invalidFields?: string[]; body?: unknown }) {
    super(opts.message);
    this.name = 'ApiError';
    this.code = opts.code ?? null;
    this.status = opts.status;
    this.fromServer = opts.fromServer ?? false;
    this.invalidFields = opts.invalidFields ?? [];
    this.body = opts.body ?? null;
  }
}

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  invalid_fields?: unknown;
}

/** Turns whatever a failed request threw (ofetch FetchError, network TypeError, …) into an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { status?: number; statusCode?: number; data?: unknown; message?: string } | null;
  const status = e?.status ?? e?.statusCode ?? 0;
  const body = (e?.data && typeof e.data === 'object' ? e.data : {}) as ErrorBody;
  const serverMessage = typeof body.message === 'string' && body.message !== '' ? body.message : null;
  return new ApiError({
    code: typeof body.code === 'number' ? body.code : null,
    message: serverMessage ?? (err instanceof Error ? err.message : String(err)),
    status,
    fromServer: serverMessage !== null,
    invalidFields: Array.isArray(body.invalid_fields) ? body.invalid_fields.map(String) : [],
    body: e?.data ?? null,
  });
}
