// Checks of the settings forms, returning i18n keys of the message to show (null when fine).

/** The loose "something @ something" rule of the spec. */
export function emailError(email: string): string | null {
  return /^.+@.+$/.test(email.trim()) ? null : 'user.auth.emailInvalid';
}

export function passwordError(password: string): string | null {
  return password === '' ? 'user.auth.passwordRequired' : null;
}

/** The new password and its confirmation (settings wording, not the registration one). */
export function passwordConfirmError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'user.settings.passwordsDontMatch';
}

/** Deletion and its cancellation ask for the password with their own wording. */
export function deletionPasswordError(password: string): string | null {
  return password === '' ? 'user.deletion.passwordRequired' : null;
}

/** The server requires the overdue reminder time as H:MM or HH:MM on a 24-hour clock. */
export function overdueTimeError(time: string): string | null {
  return /^([01]?\d|2[0-3]):[0-5]\d$/.test(time.trim()) ? null : 'user.settings.general.overdueTimeInvalid';
}

/** The server stores H:MM; both H:MM and HH:MM are accepted, the form shows HH:MM. */
export function toTimeInput(value: string | undefined): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(value ?? '');
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : '09:00';
}
