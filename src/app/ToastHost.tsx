// Mounts sonner's Toaster (bottom-left, two visible, 3 s) the first time a toast is asked for.
import { lazy, Suspense, type ReactElement } from 'react';
import { useAtomValue } from 'jotai/react';
import { toasterWantedAtom } from './toast';

// Offline on a page the service worker does not control yet, the chunk cannot load: no toasts then, rather than the
// whole page replaced by the error screen.
const LazyToaster = lazy((): Promise<{ default: () => ReactElement | null }> => import('./Toaster').catch(() => ({ default: () => null })));

export function ToastHost() {
  const wanted = useAtomValue(toasterWantedAtom);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
