// The error catalogue of the v0.20 API: each code with its HTTP status, and the error type routes throw.

/** code → [HTTP status, message] */
export const ERRORS = {
  1: [403, 'Forbidden.'],
  1001: [400, 'A user with this username already exists.'],
  1002: [400, 'A user with this email address already exists.'],
  1004: [400, 'No username and password provided.'],
  1005: [404, 'The user does not exist.'],
  1006: [400, 'Could not get the user id.'],
  1008: [412, 'No password reset token provided.'],
  1009: [412, 'Invalid password reset token.'],
  1010: [412, 'Invalid email confirm token.'],
  1011: [412, 'Wrong username or password.'],
  1012: [412, 'The email address of this user is not confirmed.'],
  1013: [412, 'The new password is empty.'],
  1014: [412, 'The old password is empty.'],
  1015: [412, 'TOTP is already enabled for this user.'],
  1016: [412, 'TOTP is not enabled for this user.'],
  1017: [412, 'Invalid totp passcode.'],
  1018: [412, 'Invalid avatar type.'],
  1019: [412, 'The OpenID provider did not return an email address.'],
  1020: [412, 'This account is disabled.'],
  1021: [412, 'This account is not a local account.'],
  2001: [400, 'ID cannot be empty or 0.'],
  2002: [400, 'Invalid Data'],
  // Keyflow's own: an import or upload refused before it could exhaust memory (size once unpacked, ratio, count).
  2090: [400, 'The file is too large to import once unpacked, or compressed suspiciously well.'],
  3001: [404, 'This list does not exist.'],
  3004: [403, 'You need to have read permissions on this list to perform this action.'],
  3005: [400, 'The list title cannot be empty.'],
  3006: [404, 'The list share does not exist.'],
  3007: [400, 'A list with this identifier already exists.'],
  3008: [412, 'This list is archived. Editing or creating new tasks is not possible.'],
  3009: [412, 'This is a pseudo namespace; lists cannot be moved into it.'],
  3010: [412, 'A list needs a namespace.'],
  4001: [400, 'The task title cannot be empty.'],
  4002: [404, 'This task does not exist.'],
  4003: [400, 'All tasks of a bulk edit must belong to the same list.'],
  4004: [400, 'Need at least one task when bulk editing.'],
  4005: [403, 'You do not have the right to see this task.'],
  4006: [403, 'A task cannot be its own parent.'],
  4007: [400, 'The task relation kind is invalid.'],
  4008: [409, 'This task relation already exists.'],
  4009: [404, 'This task relation does not exist.'],
  4010: [400, 'A task cannot be related to itself.'],
  4011: [404, 'This task attachment does not exist.'],
  4012: [400, 'The task attachment is too large.'],
  4013: [400, 'The task sort parameter is invalid.'],
  4014: [400, 'The task sort order is invalid.'],
  4015: [404, 'This task comment does not exist.'],
  4016: [400, 'The task field is invalid.'],
  4017: [400, 'The task filter comparator is invalid.'],
  4018: [400, 'The task filter concatenator is invalid.'],
  4019: [400, 'The task filter value is invalid.'],
  4020: [400, 'The cover image attachment does not belong to this task.'],
  4021: [400, 'This user is already assigned to this task.'],
  // Keyflow's own, beyond the v0.20 catalogue: an update sent with an If-Match that no longer matches. Numbered
  // apart from 4022–4025, which later upstream versions took.
  4090: [412, 'The task was changed since you loaded it.'],
  5001: [404, 'This namespace does not exist.'],
  5003: [403, 'You do not have access to this namespace.'],
  5006: [400, 'The namespace title cannot be empty.'],
  5009: [403, 'You need to have namespace read access to perform this action.'],
  5010: [403, 'This team does not have access to this namespace.'],
  5011: [409, 'This user already has access to this namespace.'],
  5012: [412, 'This namespace is archived. Editing or creating new lists is not possible.'],
  6001: [400, 'The team name cannot be empty.'],
  6002: [404, 'This team does not exist.'],
  6004: [409, 'This team already has access.'],
  6005: [409, 'This user is already a member of this team.'],
  6006: [400, 'Cannot delete the last team member.'],
  6007: [403, 'This team does not have access to this list.'],
  7002: [409, 'This user already has access to this list.'],
  7003: [403, 'You do not have access to this list.'],
  8001: [400, 'This label already exists on this task.'],
  8002: [404, 'This label does not exist.'],
  8003: [403, 'You do not have access to this label.'],
  9001: [400, 'The right is invalid.'],
  10001: [404, 'This bucket does not exist.'],
  10002: [400, 'This bucket does not belong to this list.'],
  10003: [412, 'You cannot remove the last bucket of a list.'],
  10004: [412, 'You cannot add the task to this bucket as it has already reached its limit.'],
  10005: [412, 'There can be only one done bucket per list.'],
  11001: [404, 'This saved filter does not exist.'],
  11002: [412, 'Saved filters are not available for link shares.'],
  12001: [412, 'The subscription entity type is invalid.'],
  12002: [412, 'You are already subscribed to this entity or one of its parents.'],
  13001: [412, 'This link share requires a password for authentication.'],
  13002: [403, 'The provided link share password is invalid.'],
} as const satisfies Record<number, readonly [number, string]>;

export type ErrorCode = keyof typeof ERRORS;

/** An error answered as `{code, message}` (plus `invalid_fields` for validation) with the catalogue's status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly invalidFields?: string[];
  /** More of the answer's body, beside code and message (e.g. the current entity of a 412). */
  readonly extra?: Record<string, unknown>;

  constructor(status: number, code: number | null, message: string, invalidFields?: string[], extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.invalidFields = invalidFields;
    this.extra = extra;
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = this.code === null ? { message: this.message } : { code: this.code, message: this.message };
    if (this.invalidFields) body.invalid_fields = this.invalidFields;
    return this.extra ? { ...body, ...this.extra } : body;
  }
}

/** The catalogue error for `code`, optionally with a more specific message. */
export function apiError(code: ErrorCode, message?: string): ApiError {
  const [status, text] = ERRORS[code];
  return new ApiError(status, code, message ?? text);
}

/** A 400/2002 validation error naming the invalid fields, e.g. `["title: non zero value required"]`. */
export function invalidData(...fields: string[]): ApiError {
  return new ApiError(400, 2002, 'Invalid Data', fields);
}

/** Framework-style errors without a code. */
export const forbidden = (message = 'Forbidden') => new ApiError(403, null, message);
export const notFound = (message = 'Not Found') => new ApiError(404, null, message);
export const unauthorized = (message = 'missing or malformed jwt') => new ApiError(401, null, message);
export const badRequest = (message: string) => new ApiError(400, null, message);
/** 1011 for a password checked behind a session: the username is not in question, so the message does not name it. */
export const wrongPassword = () => apiError(1011, 'Wrong password.');

/** A database unique-index violation, from SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/** Whether a unique violation is the one-local-account-per-address index (else it is the username's). */
export function isEmailTaken(err: unknown): boolean {
  const e = err as { constraint?: string; message?: string };
  return isUniqueViolation(err) && /users_local_email_unique/.test(`${e?.constraint ?? ''} ${e?.message ?? ''}`);
}
