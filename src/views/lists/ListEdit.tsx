// list.settings.edit (and filter.settings.edit for saved-filter pseudo lists): title, identifier, colour, description.
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { isSavedFilterList, filterIdOfList } from '../../model/lists';
import * as actions from '../../actions';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { TextField } from '../../components/TextField';
import { ColorPicker } from '../../components/ColorPicker';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useListParam } from './useListParam';
import { lazy, Suspense } from 'react';

const FilterEdit = lazy(() => import('../filters/FilterEdit'));

export default function ListEditRoute() {
  const id = Number(useParams().listId);
  if (isSavedFilterList(id)) {
    return (
      <Suspense fallback={null}>
        <FilterEdit filterId={filterIdOfList(id)} />
      </Suspense>
    );
  }
  return <ListEdit />;
}

function ListEdit() {
  const t = useT();
  usePageTitle(t('list.edit.title'));
  const { id, list } = useListParam();
  const close = useCloseRoute(pathFor('list.index', { listId: id }));
  const [title, setTitle] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [description, setDescription] = useState('');
  const [hexColor, setHexColor] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!list) return;
    setTitle(list.title);
    setIdentifier(list.identifier);
    setDescription(list.description);
    setHexColor(list.hexColor);
  }, [list]);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!list) return;
    if (title.trim() === '') {
      setTitleError(t('list.titleRequired'));
      return;
    }
    setBusy(true);
    const saved = await actions.lists.update({ ...list, title: title.trim(), identifier: identifier.trim(), description, hexColor });
    setBusy(false);
    if (saved) close();
  }

  return (
    <RouteModal title={t('list.edit.title')} fallback={pathFor('list.index', { listId: id })} onSubmit={() => void submit()} submitLoading={busy}>
      {!list ? (
        <Loading />
      ) : (
        <form onSubmit={(e) => void submit(e)} className="form-stack" noValidate>
          <TextField
            label={t('list.fields.title')}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (e.target.value.trim() !== '') setTitleError(null);
            }}
            error={titleError}
          />
          <TextField label={t('list.fields.identifier')} value={identifier} maxLength={10} onChange={(e) => setIdentifier(e.target.value)} help={t('list.fields.identifierHelp')} />
          <ColorPicker label={t('organising.color.label')} value={hexColor} onChange={setHexColor} />
          <label className="field-label" htmlFor="list-description">
            {t('list.fields.description')}
          </label>
          <textarea id="list-description" className="textarea" value={description} onChange={(e) => setDescription(e.target.value)} />
        </form>
      )}
    </RouteModal>
  );
}
