// labels.index: every visible label; the owner edits (title, description, colour) or deletes, others only read.
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import type { Label } from '../../api/labels';
import { canEditLabel } from '../../model/labels';
import * as actions from '../../actions';
import { labelsAtom, loadLabels } from '../../state/namespaces';
import { userAtom } from '../../state/session';
import { TextField } from '../../components/TextField';
import { ColorPicker } from '../../components/ColorPicker';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { NeedsConnection, useOnline } from '../../app/NeedsConnection';
import { useRunCommand } from '../../app/useCommand';
import { usePageTitle } from '../../app/usePageTitle';
import { error as toastError } from '../../app/toast';
import { useT } from '../../i18n';
import '../../components/organising.css';
import './labels.css';

export default function LabelsIndex() {
  const t = useT();
  usePageTitle(t('label.title'));
  const run = useRunCommand();
  const labels = useAtomValue(labelsAtom);
  const user = useAtomValue(userAtom);
  const [load, setLoad] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [editing, setEditing] = useState<Label | null>(null);
  const online = useOnline();

  useEffect(() => {
    loadLabels().then(
      () => setLoad('loaded'),
      (err: unknown) => {
        // The labels this browser kept (the local copy) stay shown; without any, the page says why it is empty.
        setLoad('failed');
        void toastError(err);
      },
    );
  }, []);

  return (
    <div className="page labels-page">
      <header className="page-header">
        <h1 className="page-title">{t('label.title')}</h1>
        <Button onClick={() => void run('label.new')}>{t('label.create.title')}</Button>
      </header>
      <p className="muted">{t('label.explainer')}</p>
      {load === 'loading' && <Loading />}
      {load === 'loaded' && labels.length === 0 && <p className="muted">{t('label.none')}</p>}
      {load === 'failed' && labels.length === 0 && (online ? <p className="muted">{t('misc.loadingFailed')}</p> : <NeedsConnection />)}
      <div className="labels-layout">
        <ul className="label-chips" aria-label={t('label.title')}>
          {labels.map((l) => {
            const own = canEditLabel(l, user?.id);
            return (
              <li key={l.id}>
                {own ? (
                  <button
                    type="button"
                    className={`label-chip${editing?.id === l.id ? ' is-active' : ''}`}
                    style={{ background: `#${l.hexColor}`, color: `#${l.textColor}` }}
                    onClick={() => setEditing(l)}
                    aria-label={t('label.editLabel', { title: l.title })}
                  >
                    {l.title}
                  </button>
                ) : (
                  <span className="label-chip is-readonly" style={{ background: `#${l.hexColor}`, color: `#${l.textColor}` }} title={t('label.readOnly')}>
                    {l.title}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {editing && <LabelEditor key={editing.id} label={editing} onDone={() => setEditing(null)} />}
      </div>
    </div>
  );
}

function LabelEditor({ label, onDone }: { label: Label; onDone: () => void }) {
  const t = useT();
  const run = useRunCommand();
  const [title, setTitle] = useState(label.title);
  const [description, setDescription] = useState(label.description);
  const [hexColor, setHexColor] = useState(label.hexColor);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (title.trim() === '') {
      setTitleError(t('label.titleRequired'));
      return;
    }
    setBusy(true);
    const saved = await actions.labels.update({ ...label, title: title.trim(), description, hexColor });
    setBusy(false);
    if (saved) onDone();
  }

  async function remove() {
    setBusy(true);
    try {
      await run('label.delete', String(label.id));
      onDone();
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card label-editor" onSubmit={(e) => void save(e)} aria-label={t('label.edit.title')} noValidate>
      <h2 className="card-title">{t('label.edit.title')}</h2>
      <TextField label={t('label.fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} error={titleError} autoFocus />
      <label className="field-label" htmlFor="label-description">
        {t('label.fields.description')}
      </label>
      <textarea id="label-description" className="textarea" value={description} onChange={(e) => setDescription(e.target.value)} />
      <ColorPicker label={t('organising.color.label')} value={hexColor} onChange={setHexColor} allowEmpty={false} />
      <div className="row-actions">
        <Button type="submit" loading={busy}>
          {t('misc.save')}
        </Button>
        <Button variant="destructive" onClick={() => void remove()} disabled={busy}>
          {t('label.delete')}
        </Button>
        <Button variant="tertiary" onClick={onDone}>
          {t('misc.cancel')}
        </Button>
      </div>
    </form>
  );
}
