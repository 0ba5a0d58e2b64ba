// list.settings.background: upload a background image or remove the current one.
import { useRef, useState } from 'react';
import { removeBackground, uploadBackground } from '../../api/lists';
import { upsertList } from '../../state/namespaces';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useListParam } from './useListParam';

export default function ListBackground() {
  const t = useT();
  usePageTitle(t('list.background.title'));
  const { id, list } = useListParam();
  const close = useCloseRoute(pathFor('list.index', { listId: id }));
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      upsertList(await uploadBackground(id, file));
      void success('list.background.success');
      close();
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      upsertList(await removeBackground(id));
      void success('list.background.removeSuccess');
      close();
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={t('list.background.title')} fallback={pathFor('list.index', { listId: id })}>
      {!list ? (
        <Loading />
      ) : (
        <div className="row-actions">
          <input ref={input} type="file" accept="image/*" hidden onChange={(e) => void upload(e.target.files?.[0])} aria-label={t('list.background.upload')} />
          <Button onClick={() => input.current?.click()} loading={busy}>
            {t('list.background.upload')}
          </Button>
          {list.backgroundInformation && (
            <Button variant="tertiary" onClick={() => void remove()} disabled={busy}>
              {t('list.background.remove')}
            </Button>
          )}
        </div>
      )}
    </RouteModal>
  );
}
