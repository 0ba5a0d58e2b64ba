// filters.create: a modal creating a saved filter; the namespaces (and so the sidebar) reload afterwards.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { listIdOfFilter } from '../../model/lists';
import * as actions from '../../actions';
import { sessionAtom } from '../../state/session';
import { RouteModal } from '../../components/RouteModal';
import { Message } from '../../components/Message';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { EMPTY_FILTER_UI, toFilterParams } from './filterForm';
import { FilterForm, useFilterTitleCheck, type FilterFormValue } from './FilterForm';

export default function FilterCreate() {
  const t = useT();
  usePageTitle(t('filters.create.title'));
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const [value, setValue] = useState<FilterFormValue>({ title: '', description: '', ui: EMPTY_FILTER_UI });
  const [touched, setTouched] = useState(false);
  const delayed = useFilterTitleCheck(value.title, touched);
  const [busy, setBusy] = useState(false);
  const missing = value.title.trim() === '';

  async function submit() {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    const filter = await actions.filters.create({ title: value.title.trim(), description: value.description, filters: toFilterParams(value.ui) });
    setBusy(false);
    if (filter) navigate(pathFor('list.index', { listId: listIdOfFilter(filter.id) }), { replace: true });
  }

  return (
    <RouteModal title={t('filters.create.title')} fallback={pathFor('home')} onSubmit={() => void submit()} submitLoading={busy}>
      {session.kind === 'linkShare' ? (
        <Message variant="danger">{t('filters.unavailableForLinkShares')}</Message>
      ) : (
        <FilterForm
          value={value}
          onChange={(v) => {
            setTouched(true);
            setValue(v);
          }}
          titleError={touched && missing ? (delayed ?? null) : null}
        />
      )}
    </RouteModal>
  );
}
