// Signing in by other doors than the login form (a link share, an OpenID provider) and the account mails (e-mail
// confirmation, password reset), each written once. They throw on failure: the sign-in screens show it at their place.
import * as user from '../api/user';
import { appStore } from '../state/store';
import { checkAuth, rememberLinkSharePassword, saveToken } from '../state/session';
import { linkShareLogoVisibleAtom } from '../state/linkShare';

/** Confirms an e-mail address with the token from the mail. */
export async function confirmEmail(token: string): Promise<void> {
  await user.confirmEmail(token);
}

/** Mails a password reset link. */
export async function requestPasswordReset(email: string): Promise<void> {
  await user.requestPasswordReset(email);
}

/** Sets a new password with the token from the reset mail. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await user.resetPassword(token, password);
}

/** Signs in with the code an OpenID provider sent back; the session and user are loaded. */
export async function signInWithOpenId(provider: string, code: string): Promise<void> {
  const { token } = await user.openIdCallback(provider, code);
  saveToken(token);
  await checkAuth({ forceRefresh: true });
}

/** Signs in as a link share (with its password, '' when it has none). Returns the id of the shared list. */
export async function signInWithLinkShare(hash: string, password: string, opts: { logoVisible: boolean }): Promise<number> {
  const res = await user.linkShareAuth(hash, password);
  saveToken(res.token);
  rememberLinkSharePassword(password);
  appStore.set(linkShareLogoVisibleAtom, opts.logoVisible);
  await checkAuth();
  return res.listId;
}
