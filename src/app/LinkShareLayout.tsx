// The reduced layout for link-share visitors: the list title, an optional logo and the content.
import { Outlet, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { currentListAtom } from '../state/ui';
import { Logo } from './Logo';
import { useT } from '../i18n';
import './shell.css';

export default function LinkShareLayout() {
  const t = useT();
  const [query] = useSearchParams();
  const list = useAtomValue(currentListAtom);
  const logoVisible = query.get('logoVisible') !== 'false';
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
