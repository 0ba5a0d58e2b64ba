// Chooses the shell for app routes by session: the signed-in layout or the reduced link-share layout.
import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai/react';
import { sessionAtom } from '../state/session';
import { LoadingScreen } from './ReadinessScreens';

const SignedInLayout = lazy(() => import('./SignedInLayout'));
const LinkShareLayout = lazy(() => import('./LinkShareLayout'));

export function AppLayout() {
  const session = useAtomValue(sessionAtom);
  // Without a session the guard has already redirected, or a startup query is about to.
  if (session.kind === 'none') return null;
  return <Suspense fallback={<LoadingScreen />}>{session.kind === 'linkShare' ? <LinkShareLayout /> : <SignedInLayout />}</Suspense>;
}

export function preloadSignedInLayout(): void {
  void import('./SignedInLayout');
}
