// namespace.settings.edit: title (required), description and colour.
import { useEffect, useState, type FormEvent } from 'react';
import * as actions from '../../actions/namespaces';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { TextField } from '../../components/TextField';
import { ColorPicker } from '../../components/ColorPicker';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useNamespaceParam } from './useNamespace';

export default function NamespaceEdit() {
  const t = useT();
  usePageTitle(t('namespace.edit.title'));
  const { namespace } = useNamespaceParam();
  const close = useCloseRoute(pathFor('namespaces.index'));
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [hexColor, setHexColor] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!namespace) return;
    setTitle(namespace.title);
    setDescription(namespace.description);
    setHexColor(namespace.hexColor);
  }, [namespace]);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!namespace) return;
    if (title.trim() === '') {
      setTitleError(t('namespace.titleRequired'));
      return;
    }
    setBusy(true);
    const saved = await actions.update(namespace, { title: title.trim(), description, hexColor }, 'namespace.edit.success');
    setBusy(false);
    if (saved) close();
  }

  return (
    <RouteModal title={t('namespace.edit.title')} fallback={pathFor('namespaces.index')} onSubmit={() => void submit()} submitLoading={busy}>
      {!namespace ? (
        <Loading />
      ) : (
        <form onSubmit={(e) => void submit(e)} className="form-stack" noValidate>
          <TextField
            label={t('namespace.fields.title')}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (e.target.value.trim() !== '') setTitleError(null);
            }}
            error={titleError}
          />
          <label className="field-label" htmlFor="ns-description">
            {t('namespace.fields.description')}
          </label>
          <textarea id="ns-description" className="textarea" value={description} onChange={(e) => setDescription(e.target.value)} />
          <ColorPicker label={t('organising.color.label')} value={hexColor} onChange={setHexColor} />
        </form>
      )}
    </RouteModal>
  );
}
