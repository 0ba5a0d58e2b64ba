// list.settings.duplicate: copies a list (tasks, buckets, shares) into a chosen namespace and opens the copy.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import * as actions from '../../actions';
import { ownNamespacesAtom } from '../../state/namespaces';
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { TextField } from '../../components/TextField';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useListParam } from './useListParam';

export default function ListDuplicate() {
  const t = useT();
  usePageTitle(t('list.duplicate.title'));
  const { id, list } = useListParam();
  const namespaces = useAtomValue(ownNamespacesAtom);
  const navigate = useNavigate();
  const [namespaceId, setNamespaceId] = useState(0);
  const [busy, setBusy] = useState(false);
  // "<title> (copy)" in the current language until the person types, so the copy never shares the original's name.
  const [typed, setTyped] = useState<string | null>(null);
  const title = typed ?? (list ? t('list.duplicate.copyTitle', { title: list.title }) : null);
  const [titleError, setTitleError] = useState<string | null>(null);

  useEffect(() => {
    if (list && namespaceId === 0) setNamespaceId(list.namespaceId > 0 ? list.namespaceId : (namespaces[0]?.id ?? 0));
  }, [list, namespaces, namespaceId]);

  async function submit() {
    if (!namespaceId || title === null) return;
    if (!title.trim()) {
      setTitleError(t('list.titleRequired'));
      return;
    }
    setBusy(true);
    const copy = await actions.lists.duplicate(id, namespaceId, title);
    setBusy(false);
    if (copy) navigate(pathFor('list.index', { listId: copy.id }), { replace: true });
  }

  return (
    <RouteModal title={t('list.duplicate.title')} fallback={pathFor('list.index', { listId: id })} onSubmit={() => void submit()} submitLoading={busy}>
      {!list ? (
        <Loading />
      ) : (
        <form
          className="form-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>{t('list.duplicate.text')}</p>
          <TextField
            label={t('list.duplicate.copyName')}
            name="title"
            value={title ?? ''}
            onChange={(e) => {
              setTyped(e.target.value);
              if (titleError) setTitleError(null);
            }}
            error={titleError}
            autoFocus
          />
          <label className="field-label" htmlFor="duplicate-namespace">
            {t('list.duplicate.namespace')}
          </label>
          <select id="duplicate-namespace" className="select" value={namespaceId} onChange={(e) => setNamespaceId(Number(e.target.value))}>
            {namespaces.map((n) => (
              <option key={n.id} value={n.id}>
                {n.title}
              </option>
            ))}
          </select>
        </form>
      )}
    </RouteModal>
  );
}
