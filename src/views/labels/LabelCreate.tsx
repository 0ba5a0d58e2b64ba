// labels.create: a modal with title (required), description and colour.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_LABEL_COLOR } from '../../styles/labelColors';
import * as actions from '../../actions';
import { RouteModal } from '../../components/RouteModal';
import { TextField } from '../../components/TextField';
import { ColorPicker } from '../../components/ColorPicker';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';

export default function LabelCreate() {
  const t = useT();
  usePageTitle(t('label.create.title'));
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [hexColor, setHexColor] = useState(DEFAULT_LABEL_COLOR);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (title.trim() === '') {
      setTitleError(t('label.titleRequired'));
      return;
    }
    setBusy(true);
    try {
      await actions.labels.create(title.trim(), { hexColor });
      void success('label.create.success');
      navigate(pathFor('labels.index'), { replace: true });
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={t('label.create.title')} fallback={pathFor('labels.index')} onSubmit={() => void submit()} submitLoading={busy}>
      <form onSubmit={(e) => void submit(e)} className="form-stack" noValidate>
        <TextField
          label={t('label.fields.title')}
          value={title}
          autoFocus
          onChange={(e) => {
            setTitle(e.target.value);
            if (e.target.value.trim() !== '') setTitleError(null);
          }}
          error={titleError}
        />
        <ColorPicker label={t('organising.color.label')} value={hexColor} onChange={setHexColor} allowEmpty={false} />
      </form>
    </RouteModal>
  );
}
