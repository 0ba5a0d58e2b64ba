// list.settings.archive: archives a list (read-only from then on) or un-archives it.
import { useState } from 'react';
import * as actions from '../../actions';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useListParam } from './useListParam';

export default function ListArchive() {
  const t = useT();
  const { id, list } = useListParam();
  const archived = list?.isArchived ?? false;
  const title = archived ? t('list.archive.unarchiveTitle') : t('list.archive.title');
  usePageTitle(title);
  const close = useCloseRoute(pathFor('list.index', { listId: id }));
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!list) return;
    setBusy(true);
    const saved = await actions.lists.toggleArchived(list);
    setBusy(false);
    if (saved) close();
  }

  return (
    <RouteModal title={title} fallback={pathFor('list.index', { listId: id })} onSubmit={() => void submit()} submitLoading={busy}>
      {!list ? <Loading /> : <p>{archived ? t('list.archive.unarchiveText', { title: list.title }) : t('list.archive.text', { title: list.title })}</p>}
    </RouteModal>
  );
}
