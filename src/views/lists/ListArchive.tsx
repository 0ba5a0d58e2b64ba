// list.settings.archive: archives a list (read-only from then on) or un-archives it.
import { useState } from 'react';
import { updateList } from '../../api/lists';
import { loadNamespaces } from '../../state/namespaces';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { error as toastError, success } from '../../app/toast';
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
    try {
      await updateList({ ...list, isArchived: !archived }, { onMerged: () => void success('list.conflictMerged') });
      await loadNamespaces();
      void success(archived ? 'list.archive.unarchiveSuccess' : 'list.archive.success');
      close();
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={title} fallback={pathFor('list.index', { listId: id })} onSubmit={() => void submit()} submitLoading={busy}>
      {!list ? <Loading /> : <p>{archived ? t('list.archive.unarchiveText', { title: list.title }) : t('list.archive.text', { title: list.title })}</p>}
    </RouteModal>
  );
}
