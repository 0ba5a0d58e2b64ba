// namespace.settings.share: share the namespace with users and teams.
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useNamespaceParam } from './useNamespace';
import { ShareWith } from '../sharing/ShareWith';
import { NeedsConnection, useOnline } from '../../app/NeedsConnection';

export default function NamespaceShare() {
  const t = useT();
  const { id, namespace } = useNamespaceParam();
  const title = namespace ? t('sharing.shareTitle', { title: namespace.title }) : t('sharing.share');
  usePageTitle(title);
  const online = useOnline();
  return (
    <RouteModal title={title} fallback={pathFor('namespaces.index')}>
      {!online ? <NeedsConnection /> : !namespace ? <Loading /> : <ShareWith target={{ kind: 'namespace', id }} isAdmin={namespace.maxRight === 2} />}
    </RouteModal>
  );
}
