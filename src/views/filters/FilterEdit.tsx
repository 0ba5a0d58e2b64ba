// filter.settings.edit: edits a saved filter's title, description and conditions; reloads the namespaces.
import { useEffect, useState } from 'react';
import type { SavedFilter } from '../../api/filters';
import { listIdOfFilter } from '../../model/lists';
import * as actions from '../../actions';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { error as toastError } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { fromFilterParams, toFilterParams } from './filterForm';
import { FilterForm, useFilterTitleCheck, type FilterFormValue } from './FilterForm';

export default function FilterEdit({ filterId }: { filterId: number }) {
  const t = useT();
  usePageTitle(t('filters.edit.title'));
  const fallback = pathFor('list.index', { listId: listIdOfFilter(filterId) });
  const close = useCloseRoute(fallback);
  const [filter, setFilter] = useState<SavedFilter | null>(null);
  const [value, setValue] = useState<FilterFormValue | null>(null);
  const [busy, setBusy] = useState(false);
  const delayed = useFilterTitleCheck(value?.title ?? '', value !== null);

  useEffect(() => {
    actions.filters.load(filterId).then(
      (f) => {
        setFilter(f);
        setValue({ title: f.title, description: f.description, ui: fromFilterParams(f.filters) });
      },
      (err: unknown) => void toastError(err),
    );
  }, [filterId]);

  async function submit() {
    if (!filter || !value || value.title.trim() === '') return;
    setBusy(true);
    const saved = await actions.filters.update({ ...filter, title: value.title.trim(), description: value.description, filters: toFilterParams(value.ui) });
    setBusy(false);
    if (saved) close();
  }

  return (
    <RouteModal title={t('filters.edit.title')} fallback={fallback} onSubmit={() => void submit()} submitLoading={busy}>
      {!value ? <Loading /> : <FilterForm value={value} onChange={setValue} titleError={value.title.trim() === '' ? delayed : null} />}
    </RouteModal>
  );
}
