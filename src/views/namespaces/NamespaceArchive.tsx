// namespace.settings.archive: archives (with all its lists) or un-archives a namespace after confirmation.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { updateNamespace } from '../../api/namespaces';
import { loadNamespaces } from '../../state/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { error as toastError, success } from '../../app/toast';
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
    try {
      await updateNamespace({ ...namespace, isArchived: !archived }, { onMerged: () => void success('namespace.conflictMerged') });
      await loadNamespaces();
      void success(archived ? 'namespace.archive.unarchiveSuccess' : 'namespace.archive.success');
      navigate(pathFor('namespaces.index'), { replace: true });
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={title} fallback={pathFor('namespaces.index')} onSubmit={() => void submit()} submitLoading={busy}>
      {!namespace ? <Loading /> : <p>{archived ? t('namespace.archive.unarchiveText', { title: namespace.title }) : t('namespace.archive.text', { title: namespace.title })}</p>}
    </RouteModal>
  );
}
