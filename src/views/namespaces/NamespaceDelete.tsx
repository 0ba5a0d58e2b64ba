// namespace.settings.delete: deletes a namespace with all its lists and tasks after confirmation.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as actions from '../../actions/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
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
    const deleted = await actions.remove(namespace.id);
    setBusy(false);
    if (deleted) navigate(pathFor('home'), { replace: true });
  }

  return (
    <RouteModal title={t('namespace.delete.title')} fallback={pathFor('namespaces.index')} onSubmit={() => void submit()} submitLoading={busy}>
      {!namespace ? <Loading /> : <p>{t('namespace.delete.text', { title: namespace.title })}</p>}
    </RouteModal>
  );
}
