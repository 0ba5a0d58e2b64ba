// list.settings.delete (and filter.settings.delete): confirm, delete, go home.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isSavedFilterList } from '../../model/lists';
import * as actions from '../../actions';
import { RouteModal } from '../../components/RouteModal';
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
    const deleted = await actions.lists.remove(id);
    setBusy(false);
    if (deleted) navigate(pathFor('home'), { replace: true });
  }

  return (
    <RouteModal title={title} fallback={pathFor('list.index', { listId: id })} onSubmit={() => void submit()} submitLoading={busy}>
      <p>{isFilter ? t('filters.delete.text') : t('list.delete.text')}</p>
    </RouteModal>
  );
}
