// namespace.settings.archive: archives (with all its lists) or un-archives a namespace after confirmation.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as actions from '../../actions/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useNamespaceParam } from './useNamespace';

export default function NamespaceArchive() {
  const t = useT();
  const { namespace } = useNamespaceParam();
  const navigate = useNavigate();
  const archived = namespace?.isArchived ?? false;
  const title = archived ? t('namespace.archive.unarchiveTitle') : t('namespace.archive.title');
  usePageTitle(title);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!namespace) return;
    setBusy(true);
    const saved = await actions.setArchived(namespace, !archived);
    setBusy(false);
    if (saved) navigate(pathFor('namespaces.index'), { replace: true });
  }

  return (
    <RouteModal title={title} fallback={pathFor('namespaces.index')} onSubmit={() => void submit()} submitLoading={busy}>
      {!namespace ? <Loading /> : <p>{archived ? t('namespace.archive.unarchiveText', { title: namespace.title }) : t('namespace.archive.text', { title: namespace.title })}</p>}
    </RouteModal>
  );
}
