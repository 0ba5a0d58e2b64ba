// Sends uncaught errors and unhandled rejections to an error toast.
import { error as errorToast } from './toast';

export function installGlobalErrorHandler(): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load errors and cross-origin "Script error." carry nothing useful to show.
    if (!event.error && !event.message) return;
    void errorToast(event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    void errorToast(event.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
