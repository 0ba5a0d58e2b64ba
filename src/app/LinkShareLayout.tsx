// The reduced layout for link-share visitors: the list title, an optional logo and the content.
import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { currentListAtom } from '../state/ui';
import { sessionAtom } from '../state/session';
import { linkShareLogoVisibleAtom, linkShareMayOpen } from '../state/linkShare';
import { useRouteName } from './Root';
import { pathFor } from '../routes';
import { Logo } from './Logo';
import { useT } from '../i18n';
import './shell.css';

export default function LinkShareLayout() {
  const t = useT();
  const [query] = useSearchParams();
  const list = useAtomValue(currentListAtom);
  const session = useAtomValue(sessionAtom);
  const { name } = useRouteName();
  // The auth link's choice is kept for the whole visit, since later pages lose the query.
  const logoVisible = useAtomValue(linkShareLogoVisibleAtom) && query.get('logoVisible') !== 'false';
  const sharedListId = session.kind === 'linkShare' ? Number(session.claims.list_id ?? 0) : 0;
  if (session.kind === 'linkShare' && sharedListId > 0 && !linkShareMayOpen(name)) {
    // Everything else (namespaces, labels, teams, settings…) is out of a link share's reach.
    return <Navigate to={pathFor('list.list', { listId: sharedListId })} replace />;
  }
  return (
    <div className="link-share">
      <header className="link-share-header">
        {logoVisible && <Logo width={123} height={36} />}
        <h1 className="link-share-title">{list?.title ?? t('sharing.linkShare')}</h1>
      </header>
      <main id="main" className="link-share-main">
        <Outlet />
      </main>
    </div>
  );
}
