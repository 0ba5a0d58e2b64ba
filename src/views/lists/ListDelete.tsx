// list.settings.delete (and filter.settings.delete): confirm, delete, go home.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { deleteList, filterIdOfList, isSavedFilterList } from '../../api/lists';
import { deleteFilter } from '../../api/filters';
import { loadNamespaces, removeListFromState } from '../../state/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';

export default function ListDelete() {
  const t = useT();
  const id = Number(useParams().listId);
  const isFilter = isSavedFilterList(id);
  const title = isFilter ? t('filters.delete.title') : t('list.delete.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    try {
      if (isFilter) {
        await deleteFilter(filterIdOfList(id));
        // Saved filters live in a pseudo namespace the server computes.
        await loadNamespaces();
        void success('filters.delete.success');
      } else {
        await deleteList(id);
        removeListFromState(id);
        void success('list.delete.success');
      }
      navigate(pathFor('home'), { replace: true });
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={title} fallback={pathFor('list.index', { listId: id })} onSubmit={() => void submit()} submitLoading={busy}>
      <p>{isFilter ? t('filters.delete.text') : t('list.delete.text')}</p>
    </RouteModal>
  );
}
