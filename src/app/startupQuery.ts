// Query parameters the app reacts to on load: accountDeletionConfirm, userPasswordReset, userEmailConfirm.
import { confirmAccountDeletion } from '../api/user';
import { writeStorage, STORAGE_KEYS } from '../state/storage';
import { navigateTo } from '../state/navigator';
import { refreshUser } from '../state/session';
import { pathFor } from '../routes';
import { error as errorToast, success as successToast } from './toast';

/** Handles the parameters once the app is ready; returns true when it navigated away. */
export async function handleStartupQuery(search: string): Promise<boolean> {
  const query = new URLSearchParams(search);
  const deletionToken = query.get('accountDeletionConfirm');
  if (deletionToken) {
    try {
      await confirmAccountDeletion(deletionToken);
      void successToast('user.deletion.confirmSuccess');
      await refreshUser(true);
    } catch (err) {
      void errorToast(err);
    }
  }
  const resetToken = query.get('userPasswordReset');
  if (resetToken) {
    writeStorage(STORAGE_KEYS.passwordResetToken, resetToken);
    navigateTo(pathFor('user.password-reset.reset'), { replace: true });
    return true;
  }
  const confirmToken = query.get('userEmailConfirm');
  if (confirmToken) {
    writeStorage(STORAGE_KEYS.emailConfirmToken, confirmToken);
    navigateTo(pathFor('user.login'), { replace: true });
    return true;
  }
  return false;
}
