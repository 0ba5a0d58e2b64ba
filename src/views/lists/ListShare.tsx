// list.settings.share: share with users and teams, and link shares.
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useListParam } from './useListParam';
import { ShareWith } from '../sharing/ShareWith';
import { LinkShares } from '../sharing/LinkShares';
import { NeedsConnection, useOnline } from '../../app/NeedsConnection';

export default function ListShare() {
  const t = useT();
  const { id, list } = useListParam();
  const title = list ? t('sharing.shareTitle', { title: list.title }) : t('sharing.share');
  usePageTitle(title);
  const right = list?.maxRight ?? 0;
  const online = useOnline();
  return (
    <RouteModal title={title} fallback={pathFor('list.index', { listId: id })}>
      {!online ? (
        <NeedsConnection />
      ) : !list ? (
        <Loading />
      ) : (
        <>
          <ShareWith target={{ kind: 'list', id }} isAdmin={right >= 2} />
          <h3 className="section-title">{t('sharing.links')}</h3>
          <LinkShares listId={id} canManage={right >= 1} />
        </>
      )}
    </RouteModal>
  );
}
