// task.detail: the task as a modal over the view it was opened from (kept rendered behind), or as a page when opened directly.
import { Link, useLocation, useParams } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useCloseRoute } from '../../components/RouteModal';
import { BackdropView, backdropFor } from '../../components/BackdropView';
import { TaskDetail } from './TaskDetail';

export default function TaskDetailRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const location = useLocation();
  const backdrop = (location.state as { backdrop?: string } | null)?.backdrop ?? null;
  const close = useCloseRoute(backdrop ?? pathFor('home'));

  if (!Number.isFinite(id)) return null;
  if (backdrop && backdropFor(backdrop)) {
    return (
      <>
        <BackdropView path={backdrop} />
        <Dialog.Root open onOpenChange={(open) => !open && close()}>
          <Dialog.Portal>
            <Dialog.Overlay className="modal-backdrop" />
            <Dialog.Content className="modal task-detail-modal" aria-describedby={undefined}>
              <div className="task-detail-modal-bar">
                <Dialog.Title className="visually-hidden">{t('task.detail.modalTitle')}</Dialog.Title>
                <Link to={pathFor('task.detail', { id })} className="link-button">
                  {t('task.detail.openPage')}
                </Link>
                <Dialog.Close className="icon-button" aria-label={t('misc.close')}>
                  <span aria-hidden="true">×</span>
                </Dialog.Close>
              </div>
              <TaskDetail taskId={id} onClose={close} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </>
    );
  }
  return (
    <div className="task-detail-page">
      <TaskDetail taskId={id} />
    </div>
  );
}
