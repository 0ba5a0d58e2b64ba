// list.settings.background: upload a background image or remove the current one.
import { useRef, useState } from 'react';
import * as actions from '../../actions';
import { RouteModal, useCloseRoute } from '../../components/RouteModal';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
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
    const saved = await actions.lists.setBackground(id, file);
    setBusy(false);
    if (saved) close();
  }

  async function remove() {
    setBusy(true);
    const removed = await actions.lists.removeBackground(id);
    setBusy(false);
    if (removed) close();
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
