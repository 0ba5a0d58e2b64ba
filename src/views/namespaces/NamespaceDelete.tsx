// namespace.settings.delete: deletes a namespace with all its lists and tasks after confirmation.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteNamespace } from '../../api/namespaces';
import { loadNamespaces } from '../../state/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useNamespaceParam } from './useNamespace';

export default function NamespaceDelete() {
  const t = useT();
  usePageTitle(t('namespace.delete.title'));
  const { namespace } = useNamespaceParam();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!namespace) return;
    setBusy(true);
    try {
      await deleteNamespace(namespace.id);
      await loadNamespaces();
      void success('namespace.delete.success');
      navigate(pathFor('home'), { replace: true });
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={t('namespace.delete.title')} fallback={pathFor('namespaces.index')} onSubmit={() => void submit()} submitLoading={busy}>
      {!namespace ? <Loading /> : <p>{t('namespace.delete.text', { title: namespace.title })}</p>}
    </RouteModal>
  );
}
