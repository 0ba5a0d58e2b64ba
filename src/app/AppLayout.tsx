// Chooses the shell for app routes by session: the signed-in layout or the reduced link-share layout.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useAtomValue } from 'jotai/react';
import { sessionAtom } from '../state/session';
import { LoadingScreen } from './ReadinessScreens';

let signedInLayout: ComponentType | null = null;

/**
 * Loads the signed-in shell (once). A signed-in route's code awaits it beside the view's (src/app/router.tsx), so the
 * shell renders at once instead of suspending: React throttles the reveal of a suspended boundary to 300 ms after its
 * fallback showed, and the first rows (inside the shell) waited for that.
 */
export function loadSignedInLayout(): Promise<ComponentType> {
  return import('./SignedInLayout').then((m) => (signedInLayout = m.default));
}

const LazySignedInLayout = lazy(() => loadSignedInLayout().then((C) => ({ default: C })));
const LinkShareLayout = lazy(() => import('./LinkShareLayout'));

function SignedInShell() {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the whole shell.
  const [Shell] = useState<ComponentType>(() => signedInLayout ?? LazySignedInLayout);
  return <Shell />;
}

export function AppLayout() {
  const session = useAtomValue(sessionAtom);
  // Without a session the guard has already redirected, or a startup query is about to.
  if (session.kind === 'none') return null;
  return <Suspense fallback={<LoadingScreen />}>{session.kind === 'linkShare' ? <LinkShareLayout /> : <SignedInShell />}</Suspense>;
}
