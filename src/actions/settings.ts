// Account settings actions, each written once: the general settings (and the signed-in user the store holds), password,
// e-mail, avatar, two-factor, CalDAV tokens, account deletion and the data export. They throw on failure: each
// settings form reports it at its place.
import * as settings from '../api/settings';
import type { AvatarProvider, GeneralSettings } from '../api/settings';
import { currentUser, saveGeneralSettings, type User } from '../api/user';
import * as totp from '../api/totp';
import type { Totp } from '../api/totp';
import * as caldav from '../api/caldav';
import type { CaldavToken } from '../api/caldav';
import * as deletion from '../api/deletion';
import { requestExport as askForExport } from '../api/export';
import { appStore } from '../state/store';
import { refreshUser, userAtom } from '../state/session';
import { bumpAvatarVersion } from '../state/avatar';
import { applyPreferences, type ClientPreferences } from '../state/frontendSettings';

/** Saves the general settings; the client preferences apply and the signed-in user shows the new ones at once. */
export async function saveGeneral(user: User, next: GeneralSettings, prefs: ClientPreferences): Promise<void> {
  await settings.saveSettings(next);
  applyPreferences(prefs);
  const current = appStore.get(userAtom) ?? user;
  appStore.set(userAtom, { ...current, name: next.name, settings: { ...current.settings, ...next } });
}

/** Saves the account's language, the other settings as they are; the signed-in user shows it at once. Throws on failure. */
export async function saveLanguage(language: string): Promise<void> {
  const user = appStore.get(userAtom);
  if (!user?.settings) return;
  await saveGeneralSettings({ ...user.settings, language });
  appStore.set(userAtom, { ...user, settings: { ...user.settings, language } });
}

/** The time zones the server knows. */
export const loadTimezones = (): Promise<string[]> => settings.getTimezones();

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await settings.updatePassword(oldPassword, newPassword);
}

/** Asks to change the e-mail address; returns whether it waits for the mailed confirmation. The user is reloaded. */
export async function changeEmail(email: string, password: string): Promise<{ confirmationSent: boolean }> {
  const res = await settings.updateEmail(email, password);
  // The answer is the only hint whether the change applied or waits for the mailed confirmation link.
  const confirmationSent = /confirm/i.test(res.message ?? '');
  await refreshUser(true).catch(() => undefined);
  return { confirmationSent };
}

export const loadAvatarProvider = (): Promise<AvatarProvider> => settings.getAvatarProvider();

/** Chooses where the avatar comes from; every image of it loads again. */
export async function chooseAvatarProvider(provider: AvatarProvider): Promise<void> {
  await settings.setAvatarProvider(provider);
  bumpAvatarVersion();
}

/** Uploads a (cropped) avatar image; every image of it loads again. */
export async function uploadAvatar(png: Blob): Promise<void> {
  await settings.uploadAvatar(png, 'avatar.png');
  bumpAvatarVersion();
}

/**
 * The two-factor enrolment, or null. Without one, GET …/totp answers 412, which the browser logs as an error;
 * a server that says in /user whether one exists is asked only when it does.
 */
export async function loadTotp(): Promise<Totp | null> {
  const me = await currentUser();
  if (me.totpEnrolled === false) return null;
  return totp.getTotp();
}
export const enrollTotp = (): Promise<Totp> => totp.enrollTotp();
export async function enableTotp(passcode: string): Promise<void> {
  await totp.enableTotp(passcode);
}
export async function disableTotp(password: string): Promise<void> {
  await totp.disableTotp(password);
}
/** The QR code of the pending two-factor secret as an object URL (the server's own image); revoke it when done. */
export const totpQrCode = (): Promise<string> => totp.totpQrCodeUrl();

export const loadCaldavTokens = (): Promise<CaldavToken[]> => caldav.listCaldavTokens();
export const createCaldavToken = (): Promise<CaldavToken> => caldav.createCaldavToken();
export async function deleteCaldavToken(id: number): Promise<void> {
  await caldav.deleteCaldavToken(id);
}

/** Asks for the account's deletion (a confirmation link is mailed). */
export async function requestDeletion(password: string): Promise<void> {
  await deletion.requestDeletion(password);
}

/** Cancels a scheduled deletion: the user shows none at once, then is reloaded. */
export async function cancelDeletion(password: string): Promise<void> {
  await deletion.cancelDeletion(password);
  const current = appStore.get(userAtom);
  if (current) appStore.set(userAtom, { ...current, deletionScheduledAt: null });
}

/** Asks for an export of the account's data (a download link is mailed). */
export async function requestExport(password: string): Promise<void> {
  await askForExport(password);
}
