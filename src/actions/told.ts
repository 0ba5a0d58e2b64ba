// A change the person is told the outcome of: its success message (when it has one), or the error, as a toast.
import { error as toastError, success } from '../app/toast';

/** Runs `change`; tells `message` (a key) when it succeeds and the error when it throws. Returns the result, or null when it threw. */
export async function told<T>(change: () => Promise<T>, message?: string): Promise<T | null> {
  try {
    const result = await change();
    if (message) void success(message);
    return result;
  } catch (err) {
    void toastError(err);
    return null;
  }
}

/** The same for a change without a result: whether it succeeded. */
export async function toldOk(change: () => Promise<unknown>, message?: string): Promise<boolean> {
  return (
    (await told(async () => {
      await change();
      return true;
    }, message)) !== null
  );
}
