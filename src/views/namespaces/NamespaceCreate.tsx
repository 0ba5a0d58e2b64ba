// namespace.create: a modal with the title (required) and colour; the new namespace appears in the tree.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as actions from '../../actions/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { TextField } from '../../components/TextField';
import { ColorPicker } from '../../components/ColorPicker';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';

export default function NamespaceCreate() {
  const t = useT();
  usePageTitle(t('namespace.create.title'));
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [hexColor, setHexColor] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (title.trim() === '') {
      setTitleError(t('namespace.titleRequired'));
      return;
    }
    setBusy(true);
    const created = await actions.create({ title: title.trim(), hexColor });
    setBusy(false);
    if (created) navigate(pathFor('namespaces.index'), { replace: true });
  }

  return (
    <RouteModal title={t('namespace.create.title')} fallback={pathFor('namespaces.index')} onSubmit={() => void submit()} submitLoading={busy}>
      <form onSubmit={(e) => void submit(e)} className="form-stack" noValidate>
        <TextField
          label={t('namespace.fields.title')}
          value={title}
          autoFocus
          onChange={(e) => {
            setTitle(e.target.value);
            if (e.target.value.trim() !== '') setTitleError(null);
          }}
          error={titleError}
          placeholder={t('namespace.create.placeholder')}
        />
        <ColorPicker label={t('organising.color.label')} value={hexColor} onChange={setHexColor} />
      </form>
    </RouteModal>
  );
}
