// list.create: a modal creating a list in the namespace of the route; opens the new list.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import * as actions from '../../actions';
import { RouteModal } from '../../components/RouteModal';
import { TextField } from '../../components/TextField';
import { ColorPicker } from '../../components/ColorPicker';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';

export default function ListCreate() {
  const t = useT();
  usePageTitle(t('list.create.title'));
  const navigate = useNavigate();
  const namespaceId = Number(useParams().namespaceId);
  const [title, setTitle] = useState('');
  const [hexColor, setHexColor] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (title.trim() === '') {
      setTitleError(t('list.titleRequired'));
      return;
    }
    setBusy(true);
    const list = await actions.lists.create(namespaceId, { title: title.trim(), hexColor });
    setBusy(false);
    if (list) navigate(pathFor('list.index', { listId: list.id }), { replace: true });
  }

  return (
    <RouteModal title={t('list.create.title')} fallback={pathFor('home')} onSubmit={() => void submit()} submitLoading={busy}>
      <form onSubmit={(e) => void submit(e)} className="form-stack" noValidate>
        <TextField
          label={t('list.fields.title')}
          value={title}
          autoFocus
          placeholder={t('list.create.placeholder')}
          onChange={(e) => {
            setTitle(e.target.value);
            if (e.target.value.trim() !== '') setTitleError(null);
          }}
          error={titleError}
        />
        <ColorPicker label={t('organising.color.label')} value={hexColor} onChange={setHexColor} />
      </form>
    </RouteModal>
  );
}
