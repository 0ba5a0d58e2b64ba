// Mounts sonner's Toaster (bottom-left, two visible, 3 s) the first time a toast is asked for.
import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai/react';
import { toasterWantedAtom } from './toast';

const LazyToaster = lazy(() => import('./Toaster'));

export function ToastHost() {
  const wanted = useAtomValue(toasterWantedAtom);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
