// The server's rules for usernames and passwords (POST /register, password change and reset), checked before sending.

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 8;
/** The longest username, e-mail address or password the server takes. */
export const ACCOUNT_FIELD_MAX = 250;

/** A message to show at a field: its i18n key and the key's parameters. */
export interface FieldProblem {
  key: string;
  params?: Record<string, number>;
}

/** What is wrong with a username, in the order the server checks it; null when it would be accepted. */
export function usernameProblem(username: string): FieldProblem | null {
  const name = username.trim();
  if (name === '') return { key: 'user.auth.usernameRequired' };
  if (name.length < USERNAME_MIN || name.length > ACCOUNT_FIELD_MAX)
    return { key: 'user.auth.usernameLength', params: { min: USERNAME_MIN, max: ACCOUNT_FIELD_MAX } };
  if (/\s/.test(name)) return { key: 'user.auth.usernameNoSpaces' };
  if (name.includes('@')) return { key: 'user.auth.usernameNoAt' };
  return null;
}

/** What is wrong with a new password; null when the server would take it. */
export function newPasswordProblem(password: string): FieldProblem | null {
  if (password === '') return { key: 'user.auth.passwordRequired' };
  if (password.length < PASSWORD_MIN || password.length > ACCOUNT_FIELD_MAX)
    return { key: 'user.auth.passwordLength', params: { min: PASSWORD_MIN, max: ACCOUNT_FIELD_MAX } };
  return null;
}

/** The reasons the server gives in `invalid_fields` ("username: must not contain spaces"), as field problems. */
const SERVER_REASONS: [RegExp, (field: string, m: RegExpExecArray) => FieldProblem][] = [
  [
    /^must be between (\d+) and (\d+) characters long$/,
    (field, m) => ({
      key: field.endsWith('password') ? 'user.auth.passwordLength' : 'user.auth.usernameLength',
      params: { min: Number(m[1]), max: Number(m[2]) },
    }),
  ],
  [/^must not contain spaces$/, () => ({ key: 'user.auth.usernameNoSpaces' })],
  [/^must not contain @$/, () => ({ key: 'user.auth.usernameNoAt' })],
  [/^does not validate as email$/, () => ({ key: 'user.auth.emailInvalid' })],
];

/**
 * The server's `invalid_fields` entries by field name: a known reason as a translatable problem, any other as the
 * server's own words (`text`). The first entry per field wins, as the server lists them in the order it checks.
 */
export function invalidFieldProblems(invalidFields: readonly string[]): Map<string, FieldProblem | { text: string }> {
  const out = new Map<string, FieldProblem | { text: string }>();
  for (const entry of invalidFields) {
    const colon = entry.indexOf(':');
    if (colon < 1) continue;
    const field = entry.slice(0, colon).trim();
    const reason = entry.slice(colon + 1).trim();
    if (out.has(field)) continue;
    let problem: FieldProblem | { text: string } = { text: reason };
    for (const [pattern, make] of SERVER_REASONS) {
      const m = pattern.exec(reason);
      if (m) {
        problem = make(field, m);
        break;
      }
    }
    out.set(field, problem);
  }
  return out;
}
