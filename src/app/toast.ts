// Toasts: success(key|message, action?) and error(err, action?); sonner is loaded on the first toast.
import { appStore } from '../state/store';
import { atom } from 'jotai/vanilla';
import { hasKey, t } from '../i18n';
import { errorTextAsync } from './errorText';

export interface ToastAction {
  /** i18n key or text. */
  label: string;
  onClick: () => void;
}

type Sonner = typeof import('sonner');

/** True once something asked for a toast: ToastHost then mounts the (lazy) Toaster. */
export const toasterWantedAtom = atom(false);

let ready: Promise<Sonner> | null = null;
let resolveMounted: (() => void) | null = null;
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});

/** Called by ToastHost once the Toaster is mounted (toasts sent before that would be lost). */
export function toasterMounted(): void {
  resolveMounted?.();
}

function sonner(): Promise<Sonner> {
  if (!ready) {
    appStore.set(toasterWantedAtom, true);
    // A chunk that could not load (offline, before the worker serves it): this toast is dropped (its promise never
    // settles, so no caller sees an error for a toast), and the next toast asks for the chunk again.
    ready = Promise.all([import('sonner'), mounted]).then(
      ([mod]) => mod,
      () => {
        ready = null;
        return new Promise<Sonner>(() => undefined);
      },
    );
  }
  return ready;
}

const text = (keyOrMessage: string) => (hasKey(keyOrMessage) ? t(keyOrMessage) : keyOrMessage);

function toActionOption(action?: ToastAction) {
  return action ? { action: { label: text(action.label), onClick: action.onClick } } : {};
}

export async function success(keyOrMessage: string, action?: ToastAction): Promise<void> {
  const s = await sonner();
  s.toast.success(t('notification.success'), { description: text(keyOrMessage), ...toActionOption(action) });
}

let telling: ((err: unknown) => unknown) | undefined;

/**
 * What of a failure is told: the failure itself, another (a message key), or null for nothing (src/local/serverAway.ts:
 * a read that got no answer while the signed-in app goes on without its server is no news, a write that got none
 * says it was not saved). Set by the signed-in session, so the first page does not carry the rule.
 */
export function tellErrors(rule: (err: unknown) => unknown): void {
  telling = rule;
}

export async function error(err: unknown, action?: ToastAction): Promise<void> {
  const told = telling ? telling(err) : err;
  if (told === null) return;
  const message = await errorTextAsync(told);
  const s = await sonner();
  s.toast.error(t('notification.error'), { description: message, ...toActionOption(action) });
}
